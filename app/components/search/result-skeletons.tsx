import type { ResultView } from "./game-result-card";

/** Placeholder cards in the shape of the results while a search loads. */
export function ResultSkeletons({ view, count = 10 }: { view: ResultView; count?: number }) {
  const grid = view === "grid";
  return (
    <ul
      aria-hidden="true"
      data-testid="result-skeletons"
      className={grid ? "grid gap-3 md:grid-cols-4 md:gap-4 lg:grid-cols-5 xl:grid-cols-6" : "grid gap-3 lg:grid-cols-2"}
    >
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className={`flex animate-pulse gap-3 rounded-xl border border-line bg-surface p-2.5 ${grid ? "md:flex-col md:gap-0 md:p-0" : ""} ${
            i >= 3 ? "hidden md:flex" : ""
          }`}
        >
          <div className={`aspect-[264/374] w-16 shrink-0 rounded-md bg-surface-2 xs:w-20 ${grid ? "md:w-full md:rounded-b-none" : ""}`} />
          <div className={`flex flex-1 flex-col gap-2 py-1 ${grid ? "md:p-3" : ""}`}>
            <div className="h-4 w-3/4 rounded bg-surface-2" />
            <div className="h-3 w-1/3 rounded bg-surface-2" />
            <div className="h-3 w-1/2 rounded bg-surface-2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

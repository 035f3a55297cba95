import type { ReactNode } from "react";

/** Review text flagged as a spoiler stays folded until the reader asks; works without JavaScript. */
export function SpoilerText({ spoiler, children }: { spoiler: boolean; children: ReactNode }) {
  if (!spoiler) return <>{children}</>;
  return (
    <details className="group rounded-lg border border-amber-500/40 bg-amber-500/5 p-3" data-testid="spoiler">
      <summary className="cursor-pointer text-sm font-semibold text-amber-300 select-none group-open:mb-2">
        <span className="group-open:hidden">Contains spoilers · Show spoilers</span>
        <span className="hidden group-open:inline">Hide spoilers</span>
      </summary>
      <div>{children}</div>
    </details>
  );
}

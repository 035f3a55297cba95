import { Gamepad2, RotateCw, Search } from "~/components/ui/icons";
import { Link } from "react-router";

/** 'Game not found' / 'Invalid game identifier' (or another message) with a debug line and the two ways on. */
export function GameError({
  status,
  message,
  identifier,
  retryHref,
}: {
  status: number | null;
  message: string;
  identifier: string;
  retryHref: string;
}) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <div aria-hidden="true" className="grid size-16 place-items-center rounded-2xl bg-surface text-accent-strong ring-1 ring-line">
        <Gamepad2 className="size-8" />
      </div>
      {status !== null && <p className="mt-6 text-sm font-semibold tracking-widest text-muted uppercase">Error {status}</p>}
      <h1 className="mt-2 text-2xl font-bold text-ink-strong sm:text-3xl">{message}</h1>
      <p className="mt-4 max-w-full rounded bg-surface px-3 py-1 font-mono text-xs break-all text-muted" data-testid="game-error-debug">
        Identifier: {identifier || "(empty)"}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to={retryHref}
          replace
          className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 font-semibold text-white hover:bg-accent-hover"
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Try Again
        </Link>
        <Link
          to="/search"
          className="inline-flex items-center gap-2 rounded-lg border border-line px-4 py-2 font-semibold hover:bg-surface"
        >
          <Search aria-hidden="true" className="size-4" />
          Browse Other Games
        </Link>
      </div>
    </div>
  );
}

/** Placeholder of the game page's layout while another game loads ('Loading game data...'). */
export function GamePageSkeleton() {
  return (
    <div aria-busy="true" className="animate-pulse motion-reduce:animate-none">
      <p role="status" className="sr-only">
        Loading game data...
      </p>
      <div className="border-b border-line/60 bg-surface/40">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[220px_minmax(0,1fr)] md:gap-10 md:py-12 lg:grid-cols-[264px_minmax(0,1fr)] lg:px-6">
          <div className="mx-auto aspect-[264/374] w-44 rounded-lg bg-surface-2 md:w-full" />
          <div className="space-y-4">
            <div className="h-10 w-3/4 rounded bg-surface-2" />
            <div className="h-4 w-1/3 rounded bg-surface-2" />
            <div className="h-4 w-1/2 rounded bg-surface-2" />
            <div className="h-4 w-2/5 rounded bg-surface-2" />
            <p aria-hidden="true" className="pt-4 text-sm text-muted">
              Loading game data...
            </p>
          </div>
        </div>
      </div>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_340px] lg:px-6">
        <div className="space-y-3">
          <div className="h-4 w-full rounded bg-surface-2" />
          <div className="h-4 w-11/12 rounded bg-surface-2" />
          <div className="h-4 w-4/5 rounded bg-surface-2" />
        </div>
        <div className="h-40 rounded-2xl bg-surface-2" />
      </div>
    </div>
  );
}

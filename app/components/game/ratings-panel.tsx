import { Star } from "~/components/ui/icons";
import { countLabel } from "~/lib/counts";

export interface RatingsPanelProps {
  count: number;
  /** One decimal ('7.5'), '10' for 10, '-' when there is no rating. */
  averageLabel: string;
  /** Ten counts, index 0 = bar 1 ... index 9 = bar 10 (bucket = rating rounded down). */
  histogram: number[];
}

function ratingsText(n: number): string {
  return `${countLabel(n)} ${n === 1 ? "rating" : "ratings"}`;
}

/** The ratings panel: count, 10-bar histogram and the average. */
export function RatingsPanel({ count, averageLabel, histogram }: RatingsPanelProps) {
  const max = Math.max(1, ...histogram);
  // No ratings: a compact panel (small '-', a low flat baseline and a line saying so), not a tall empty chart.
  const empty = count === 0;
  return (
    <section aria-labelledby="ratings-heading" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="ratings-heading" className="text-sm font-semibold tracking-wider text-muted uppercase">
          Ratings
        </h2>
        <p className="text-sm text-muted" data-testid="rating-count">
          {ratingsText(count)}
        </p>
      </div>

      <div className={`flex items-end gap-5 ${empty ? "mt-4" : "mt-6"}`}>
        <div className="shrink-0 text-center">
          <p
            className="flex items-baseline gap-1"
            aria-label={averageLabel === "-" ? "No average rating yet" : `Average rating ${averageLabel} out of 10`}
          >
            <span
              className={`leading-none font-black tabular-nums ${empty ? "text-3xl text-muted" : "text-5xl"} ${averageLabel === "-" ? "text-muted" : "text-ink-strong"}`}
              data-testid="rating-average"
            >
              {averageLabel}
            </span>
            {averageLabel !== "-" && <span className="text-sm text-muted">/10</span>}
          </p>
          <p className="mt-2 flex items-center justify-center gap-1 text-xs text-muted">
            <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
            average
          </p>
        </div>

        <div className="min-w-0 flex-1">
          <ol
            aria-label="Rating distribution from 1 to 10"
            className={`flex items-end gap-1 ${empty ? "h-10" : "h-24"}`}
            data-testid="rating-histogram"
          >
            {histogram.map((n, i) => {
              const bar = i + 1;
              const height = n === 0 ? 0 : Math.max(8, Math.round((n / max) * 100));
              return (
                <li
                  key={bar}
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users get the count the tooltip shows on hover
                  tabIndex={0}
                  aria-label={`${bar} out of 10: ${ratingsText(n)}`}
                  data-count={n}
                  className="group relative flex h-full flex-1 cursor-default items-end rounded-sm outline-offset-2"
                >
                  <span
                    aria-hidden="true"
                    className={`block w-full rounded-t-sm transition-colors duration-150 ${
                      n === 0
                        ? `bg-line ${empty ? "h-1 rounded-full" : "h-0.5"}`
                        : "bg-accent/70 group-hover:bg-accent-hover group-focus-visible:bg-accent-strong"
                    }`}
                    style={n === 0 ? undefined : { height: `${height}%` }}
                  />
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 -translate-x-1/2 rounded bg-page px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink-strong opacity-0 shadow-lg ring-1 ring-line transition-opacity duration-150 group-hover:opacity-100 group-focus-visible:opacity-100"
                  >
                    {n}
                  </span>
                </li>
              );
            })}
          </ol>
          <div aria-hidden="true" className="mt-1 flex justify-between text-[11px] text-muted tabular-nums">
            <span>1</span>
            <span>10</span>
          </div>
        </div>
      </div>
      {empty && (
        <p className="mt-4 border-t border-line pt-3 text-sm text-muted" data-testid="ratings-empty">
          No ratings yet. Rate this game to start its chart.
        </p>
      )}
    </section>
  );
}

import { MessageSquare, Star } from "~/components/ui/icons";
import { Link } from "react-router";
import { GameCover } from "~/components/game/game-cover";
import { categoryLabel } from "~/lib/categories";
import { formatReleaseYear } from "~/lib/dates";
import { platformSummary } from "~/lib/platforms";
import { formatRating } from "~/lib/ratings";
import { gameHref } from "~/lib/slugs";
import type { GameSearchHit } from "~/modules/catalogue/search/search.types";
import { countLabel } from "~/lib/counts";

export type ResultView = "grid" | "list";

export function hitYear(hit: Pick<GameSearchHit, "releaseDate" | "year">): string {
  if (hit.releaseDate) return formatReleaseYear(hit.releaseDate);
  return hit.year ? String(hit.year) : "TBA";
}

/** Up to 5 short platform names, then '...' when there are more. */
export function PlatformList({ platforms, className = "", as: Tag = "p" }: { platforms: string[]; className?: string; as?: "p" | "span" }) {
  const { shown, more } = platformSummary(platforms, 5);
  if (shown.length === 0) return null;
  return (
    <Tag className={`block truncate text-xs text-muted ${className}`} title={platforms.join(", ")}>
      {shown.join(" · ")}
      {more ? " ..." : ""}
    </Tag>
  );
}

function reviewCount(n: number): string {
  return n === 1 ? "1 review" : `${countLabel(n)} reviews`;
}

/**
 * One search result. Grid view is a cover card from 768 px up; below that (and in list view)
 * it is a row with a small cover, as the spec forces the list under 768 px.
 */
export function GameResultCard({ hit, view, priority = false }: { hit: GameSearchHit; view: ResultView; priority?: boolean }) {
  const grid = view === "grid";
  const rating = formatRating(hit.avgUserRating);
  // Every card carries its category badge; a main game (category 0 or none) reads 'Main Game'.
  const badge = categoryLabel(hit.category);
  return (
    <Link
      to={gameHref(hit)}
      className={`group flex gap-3 rounded-xl border border-line bg-surface p-2.5 transition duration-200 hover:border-accent/60 hover:bg-surface-2 ${
        grid ? "md:h-full md:flex-col md:gap-0 md:p-0 md:hover:-translate-y-0.5 md:hover:shadow-xl md:hover:shadow-accent/10" : ""
      }`}
    >
      <div className={`relative w-16 shrink-0 xs:w-20 ${grid ? "md:w-full" : ""}`}>
        <GameCover
          name={hit.name}
          coverUrl={hit.coverUrl}
          year={hit.year}
          width={grid ? 264 : 90}
          size={grid ? "t_cover_big" : "t_cover_small"}
          priority={priority}
          className={grid ? "md:rounded-b-none" : ""}
        />
        <span
          className={`absolute top-1.5 left-1.5 hidden rounded bg-black/75 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-ink-strong uppercase backdrop-blur ${grid ? "md:inline" : ""}`}
        >
          {badge}
        </span>
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1 py-0.5 ${grid ? "md:p-3" : ""}`}>
        <div className="flex items-start gap-2">
          <h3 className="line-clamp-2 flex-1 leading-snug font-semibold text-ink-strong group-hover:text-accent-strong">{hit.name}</h3>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span>{hitYear(hit)}</span>
          <span className={`rounded border border-line px-1.5 text-[11px] font-semibold text-ink ${grid ? "md:hidden" : ""}`}>{badge}</span>
        </div>
        <PlatformList platforms={hit.platforms} />
        <div className={`mt-auto flex items-center gap-3 pt-1 text-sm ${grid ? "md:justify-between" : ""}`}>
          <span className="inline-flex items-center gap-1 font-semibold text-ink-strong" title="Average user rating">
            <Star aria-hidden="true" className={`size-4 ${hit.avgUserRating === null ? "text-muted" : "fill-warn text-warn"}`} />
            <span className="sr-only">Average user rating: </span>
            {rating}
          </span>
          <span className="inline-flex items-center gap-1 text-xs text-muted">
            <MessageSquare aria-hidden="true" className="size-3.5" />
            {reviewCount(hit.userRatingCount)}
          </span>
        </div>
      </div>
    </Link>
  );
}

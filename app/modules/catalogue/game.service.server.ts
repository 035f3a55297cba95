import { categoryLabel, isMainGame } from "~/lib/categories";
import { formatReleaseDate, parseDate } from "~/lib/dates";
import { formatRating } from "~/lib/ratings";
import type { Result } from "~/lib/result";
import { excerpt, richTextToHtml, toPlainText } from "~/lib/sanitize.server";
import { reviewGameRef } from "~/lib/review-game-ref";
import { gameHref } from "~/lib/slugs";
import type { GameDetailRow, GameRatingStatsRow } from "./game.queries.server";
import { queueGameRefresh } from "./game-refresh.server";
import { GAME_NOT_FOUND, INVALID_GAME_IDENTIFIER, resolveGame } from "./game-resolver.server";
import { countGameView } from "./view-counter.server";

/** Summaries longer than this get the Show more / Show less toggle. */
export const SUMMARY_TOGGLE_LENGTH = 200;
export const META_DESCRIPTION_LENGTH = 160;

export { GAME_NOT_FOUND, INVALID_GAME_IDENTIFIER };

export interface GamePageGame {
  id: number;
  igdbId: number | null;
  name: string;
  slug: string;
  /** The canonical path, '/game/{slug}' (or '/game/{igdbId}' for the rare digits-only slug). */
  href: string;
  /** The game in review links: the IGDB id when known, else `local-{id}` (review-game-ref.ts). */
  reviewGameId: string;
  coverUrl: string | null;
  /** 'March 5, 2020', the year when only the year is known, else 'Unknown'. */
  releaseLabel: string;
  /** ISO date (or year) for <time dateTime> and structured data; null when unknown. */
  releaseIso: string | null;
  year: number | null;
  category: number;
  /** The category badge text; null for a main game. */
  categoryLabel: string | null;
  platforms: string[];
  genres: string[];
  developer: string | null;
  publisher: string | null;
  franchiseName: string | null;
  /** Summary as sanitised HTML (basic configuration). */
  summaryHtml: string;
  /** Plain-text summary excerpt of at most 160 characters, for metadata. */
  summaryExcerpt: string;
  /** True when the plain-text summary is longer than 200 characters (clamped with a toggle). */
  summaryIsLong: boolean;
  parent: { name: string; href: string; coverUrl: string | null; year: number | null } | null;
}

export interface GamePageStats {
  count: number;
  average: number | null;
  /** One decimal, '10' for 10, '-' when there is no rating. */
  averageLabel: string;
  histogram: number[];
}

export interface GamePage {
  game: GamePageGame;
  stats: GamePageStats;
}

type Failure = Extract<Result, { ok: false }>;

export type GamePageResult =
  | {
      ok: true;
      kind: "page";
      page: GamePage;
      /** The game's written reviews, from the game row, for the reviews block (not part of the page data). */
      writtenReviewCount: number;
    }
  | { ok: true; kind: "redirect"; location: string }
  | Failure;

export interface GamePageOptions {
  /** Count this request as a page view (false for bots, prefetches, HEAD). */
  countView?: boolean;
}

/**
 * The game page. The identifier is a slug, digits only (an IGDB id) or 'game-{igdbId}' (resolveGame).
 * The id forms load by IGDB id and answer with a redirect to the canonical slug address; an
 * identifier with upper-case letters redirects too. One query for a page: the game (with its main game
 * and its rating stats, kept on the game row); the reviews block is the reviews module's. A counted view is
 * written later, batched with others (view-counter.server.ts).
 */
export async function getGamePage(identifier: string | undefined, options: GamePageOptions = {}): Promise<GamePageResult> {
  const resolved = await resolveGame(identifier);
  if (!resolved.ok) return resolved;
  const row = resolved.data.game;
  const href = canonicalHref(row);
  if (resolved.data.caseFolded || href !== `/game/${(identifier ?? "").trim()}`) return { ok: true, kind: "redirect", location: href };

  if (options.countView) countGameView(row.id);
  // A stored game missing description, developer, publisher or screenshots is refreshed from IGDB in
  // the background, after this page is served (game-refresh.server.ts).
  queueGameRefresh(row);

  return {
    ok: true,
    kind: "page",
    page: {
      game: toPageGame(row, href),
      stats: toStats(row.ratingStats),
    },
    writtenReviewCount: row.writtenReviewCount,
  };
}

function canonicalHref(row: GameDetailRow): string {
  const href = gameHref({ slug: row.slug, igdbId: row.igdbId, name: row.name, id: row.id });
  // A game that can only be addressed by a digits-only internal id would be read back as an IGDB id;
  // fall back to the game-{igdbId} form or, failing that, its stored slug.
  return href === "/search" ? `/game/${row.slug}` : href;
}

function toStats(row: GameRatingStatsRow): GamePageStats {
  return { count: row.count, average: row.average, averageLabel: formatRating(row.average), histogram: row.histogram };
}

function toPageGame(row: GameDetailRow, href: string): GamePageGame {
  const summarySource = row.summary?.trim() ? row.summary : (row.description ?? "");
  const plain = toPlainText(summarySource);
  const release = releaseOf(row);
  return {
    id: row.id,
    igdbId: row.igdbId,
    name: row.name,
    slug: row.slug,
    href,
    reviewGameId: reviewGameRef(row),
    coverUrl: row.coverUrl,
    releaseLabel: release.label,
    releaseIso: release.iso,
    year: release.year,
    category: row.category,
    categoryLabel: isMainGame(row.category) ? null : categoryLabel(row.category),
    platforms: dedupe(row.platforms),
    genres: dedupe(row.genres),
    developer: row.developer?.trim() || null,
    publisher: row.publisher?.trim() || null,
    franchiseName: row.franchiseName?.trim() || row.collectionName?.trim() || null,
    summaryHtml: richTextToHtml(summarySource),
    summaryExcerpt: excerpt(plain, META_DESCRIPTION_LENGTH),
    summaryIsLong: plain.length > SUMMARY_TOGGLE_LENGTH,
    parent: row.parent
      ? {
          name: row.parent.name,
          href: gameHref({ slug: row.parent.slug, igdbId: row.parent.igdbId, name: row.parent.name, id: row.parent.id }),
          coverUrl: row.parent.coverUrl,
          year: row.parent.year,
        }
      : null,
  };
}

function releaseOf(row: GameDetailRow): { label: string; iso: string | null; year: number | null } {
  const date = row.releaseDate ? parseDate(row.releaseDate) : null;
  if (date) {
    return { label: formatReleaseDate(date), iso: date.toISOString().slice(0, 10), year: date.getUTCFullYear() };
  }
  if (row.releaseYear) return { label: String(row.releaseYear), iso: String(row.releaseYear), year: row.releaseYear };
  return { label: "Unknown", iso: null, year: null };
}

function dedupe(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const t = v.trim();
    if (t === "" || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

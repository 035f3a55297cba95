import { z } from "zod";
import { parseGameIdentifier } from "~/lib/slugs";
import { findGameBySlug, getGameRatingStats } from "./game.queries.server";
import { GAME_NOT_FOUND, INVALID_GAME_IDENTIFIER } from "./game.service.server";
import { findOrFetchGameByIgdbId } from "./igdb/igdb-lookup.server";
import { browseGames, searchGames } from "./search/search.service.server";
import { SORT_FIELDS, type GameSearchHit, type SearchResult } from "./search/search.types";

/** The JSON API of the catalogue (issue 3 item 6): parameters parsed with Zod, clear 400s, one search function. */

const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be between ${min} and ${max}`).max(max, `${name} must be between ${min} and ${max}`))
    .optional();

export const SearchApiParams = z.object({
  q: z.string().max(1000, "q is too long").optional().default(""),
  limit: intParam("limit", 1, 50),
  page: intParam("page", 1, 10_000),
  platform: intParam("platform", 1, 2 ** 31 - 1),
  year: intParam("year", 1950, 2100),
  sort: z
    .string()
    .regex(
      new RegExp(`^(${SORT_FIELDS.join("|")})(:(asc|desc))?$`),
      `sort must be one of ${SORT_FIELDS.join(", ")}, optionally with :asc or :desc`,
    )
    .optional(),
});

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: 400 | 404; error: string };

export async function searchApi(params: URLSearchParams): Promise<ApiResult<SearchResult>> {
  const raw = Object.fromEntries([...params.entries()].filter(([, v]) => v !== ""));
  const parsed = SearchApiParams.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join("; ") };
  const p = parsed.data;
  const [field, order] = (p.sort ?? "").split(":") as [(typeof SORT_FIELDS)[number] | "", "asc" | "desc" | undefined];
  const opts = {
    q: p.q,
    page: p.page ?? 1,
    pageSize: p.limit ?? 20,
    platformId: p.platform,
    year: p.year,
    sort: field ? { field, order: order ?? (field === "name" ? "asc" : "desc") } : undefined,
  } as const;
  // An empty term returns nothing (spec 2 §5) unless the caller browses with a filter or a sort.
  const browsing = !p.q.trim() && (p.platform || p.year || p.sort);
  const data = browsing ? await browseGames(opts) : await searchGames(opts);
  return { ok: true, data };
}

/** One game: the search hit's fields plus the details of the game page. */
export interface GameApiRecord extends GameSearchHit {
  genres: string[];
  developer: string | null;
  publisher: string | null;
  summary: string | null;
  parentGame: { id: number; igdbId: number | null; name: string; slug: string } | null;
}

export async function gameApi(identifier: string): Promise<ApiResult<GameApiRecord>> {
  const parsed = parseGameIdentifier(identifier.trim().toLowerCase());
  if (parsed.kind === "invalid") return { ok: false, status: 400, error: INVALID_GAME_IDENTIFIER };
  const row = parsed.kind === "slug" ? await findGameBySlug(parsed.slug) : await findOrFetchGameByIgdbId(parsed.igdbId);
  if (!row) return { ok: false, status: 404, error: GAME_NOT_FOUND };
  const stats = await getGameRatingStats(row.id);
  return {
    ok: true,
    data: {
      id: row.id,
      igdbId: row.igdbId,
      name: row.name,
      slug: row.slug,
      year: row.releaseYear,
      releaseDate: row.releaseDate,
      coverUrl: row.coverUrl,
      category: row.category,
      platforms: row.platforms,
      genres: row.genres,
      developer: row.developer,
      publisher: row.publisher,
      summary: row.summary,
      avgUserRating: stats.count > 0 && stats.average !== null ? Math.round(stats.average * 10) / 10 : null,
      userRatingCount: stats.count,
      parentGame: row.parent ? { id: row.parent.id, igdbId: row.parent.igdbId, name: row.parent.name, slug: row.parent.slug } : null,
    },
  };
}

import { ok, type Result } from "~/lib/result";
import { sanitizeSearchTerm } from "~/lib/search-text";
import { resolveGame } from "./game-resolver.server";
import { browseGames, searchGames } from "./search/search.service.server";
import { parseSearchApiParams } from "./search/search-page.schema";
import { HEADER_MIN_TERM_LENGTH, type GameSearchHit, type SearchOptions, type SearchResult } from "./search/search.types";

/** The JSON API of the catalogue: the search page's parameter grammar (strict: bad input is a 400), one search function. */

export async function searchApi(params: URLSearchParams): Promise<Result<SearchResult>> {
  const parsed = parseSearchApiParams(params);
  if (!parsed.ok) return parsed;
  const { state, limit, sortGiven } = parsed.data;
  // The header's minimum, held here too: a term of one character (after sanitising and trimming) answers
  // no games, without a search or an IGDB call. The search page keeps accepting one character.
  if (state.q && Array.from(sanitizeSearchTerm(state.q)).length < HEADER_MIN_TERM_LENGTH)
    return ok({ games: [], total: 0, page: state.page, pageSize: limit ?? 20, source: "database", filteredCount: 0 });
  const opts: SearchOptions = {
    q: state.q,
    page: state.page,
    pageSize: limit ?? 20,
    platformId: state.platform ?? undefined,
    year: state.year ?? undefined,
    genre: state.genre,
    sort: state.sort,
  };
  // An empty term returns nothing unless the caller browses with a filter or a sort.
  const browsing = !state.q && (state.platform || state.year || state.genre || sortGiven);
  return ok(browsing ? await browseGames(opts) : await searchGames(opts));
}

/** One game: the search hit's fields plus the details of the game page. */
export interface GameApiRecord extends GameSearchHit {
  genres: string[];
  developer: string | null;
  publisher: string | null;
  summary: string | null;
  parentGame: { id: number; igdbId: number | null; name: string; slug: string } | null;
}

export async function gameApi(identifier: string): Promise<Result<GameApiRecord>> {
  const resolved = await resolveGame(identifier);
  if (!resolved.ok) return resolved;
  const row = resolved.data.game;
  const stats = row.ratingStats;
  return ok({
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
  });
}

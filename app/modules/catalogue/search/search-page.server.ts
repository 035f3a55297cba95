import { listGenres, listPlatforms, type PlatformOption } from "./platforms.queries.server";
import { SEARCH_PAGE_SIZE, type SearchPageState } from "./search-page.schema";
import { browseGames, searchGames } from "./search.service.server";
import type { SearchOptions, SearchResult } from "./search.types";

export const SEARCH_FAILED = "Failed to search games";

export interface SearchPageData {
  state: SearchPageState;
  /** null when the search failed (then `error` holds the message). */
  result: SearchResult | null;
  error: string | null;
  platforms: PlatformOption[];
  /** The catalogue's genre names (the Genre filter's options). */
  genres: string[];
}

/**
 * Everything the search page shows for one URL state: the ranked search for a term, the filtered
 * catalogue (browseGames) without one. Never throws: a failing search becomes the error text "Failed
 * to search games", a term over the limit its message, a failing platform or genre list an empty filter.
 */
export async function loadSearchPage(state: SearchPageState): Promise<SearchPageData> {
  const opts: SearchOptions = {
    q: state.q,
    page: state.page,
    pageSize: SEARCH_PAGE_SIZE,
    sort: state.sort,
    ...(state.platform ? { platformId: state.platform } : {}),
    ...(state.year ? { year: state.year } : {}),
    ...(state.genre ? { genre: state.genre } : {}),
    ...(state.exact ? { exact: true } : {}),
  };
  const search = state.q ? searchGames : browseGames;
  const [found, platforms, genres] = await Promise.all([
    state.termError
      ? Promise.resolve({ result: null, error: state.termError })
      : search(opts).then(
          (result) => ({ result, error: null }),
          (err: unknown) => {
            console.error("search page: search failed", err);
            return { result: null, error: SEARCH_FAILED };
          },
        ),
    listPlatforms().catch((err: unknown) => {
      console.error("search page: platform list failed", err);
      return [] as PlatformOption[];
    }),
    listGenres().catch((err: unknown) => {
      console.error("search page: genre list failed", err);
      return [] as string[];
    }),
  ]);
  return { state, ...found, platforms, genres };
}

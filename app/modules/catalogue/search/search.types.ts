/** The one search contract shared by the search page, the header dropdown and the JSON API. */

export const SORT_FIELDS = ["relevance", "name", "release_date", "rating", "rating_count"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

/** The header search (its dropdown and /api/games/search) needs at least this many characters. */
export const HEADER_MIN_TERM_LENGTH = 2;

export interface SearchOptions {
  /** Raw search text; sanitised by the search function. */
  q: string;
  /** 1-based page. */
  page?: number;
  /** 1–50; default 20. */
  pageSize?: number;
  platformId?: number;
  year?: number;
  /** A genre name; browsing by genre lists at most GENRE_CAP games. */
  genre?: string;
  sort?: { field: SortField; order: SortOrder };
  /** Ask IGDB when fewer than 5 games are found locally (default true; needs IGDB credentials). */
  igdbFallback?: boolean;
  /** The words exactly as typed: no spelling corrections and no most-words last resort. */
  exact?: boolean;
}

export interface GameSearchHit {
  id: number;
  igdbId: number | null;
  name: string;
  slug: string;
  year: number | null;
  releaseDate: string | null;
  coverUrl: string | null;
  category: number;
  platforms: string[];
  avgUserRating: number | null;
  userRatingCount: number;
}

export type SearchSource = "database" | "igdb" | "mixed";

export interface SearchResult {
  games: GameSearchHit[];
  total: number;
  page: number;
  pageSize: number;
  source: SearchSource;
  /** Results removed by the content filter. */
  filteredCount: number;
  /**
   * The term as the shown results spell it, when they come from a spelling correction ("resident devil 4"
   * → "resident evil 4"); absent when they match the words as typed or `exact` was asked.
   */
  didYouMean?: string;
  /**
   * Set when nothing matched every word (locally or on IGDB) and the results are the last resort:
   * titles holding most of the words.
   */
  partialMatch?: true;
  /**
   * total means "at least": browsing stopped counting at 10,000; a text search matched more titles
   * than the 150 it ranks (total counts the best of them only).
   */
  totalCapped?: boolean;
}

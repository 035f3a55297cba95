import type { GameSearchHit } from "../../app/modules/catalogue/search/search.types";

/** A search result row for render tests: game `i`, a main game on PC with no ratings, unless overridden. */
export function searchHit(i: number, over: Partial<GameSearchHit> = {}): GameSearchHit {
  return {
    id: i,
    igdbId: 1000 + i,
    name: `Brass Game ${i}`,
    slug: `brass-game-${i}`,
    year: 2001,
    releaseDate: null,
    coverUrl: null,
    category: 0,
    platforms: ["PC"],
    avgUserRating: null,
    userRatingCount: 0,
    ...over,
  };
}

import { prepareQuery, rankCandidates, type RankCandidate } from "~/modules/catalogue/search/search-ranking";

/** A ranking candidate with nothing known about it but its name (the fields a test sets override). */
export function rankCandidate(id: number, name: string, over: Partial<RankCandidate> = {}): RankCandidate {
  return {
    id,
    name,
    alternativeNames: [],
    category: 0,
    releaseYear: null,
    releaseDate: null,
    ratingCount: 0,
    avgUserRating: null,
    igdbRating: null,
    igdbRatingCount: null,
    platformCount: 1,
    viewCount: 0,
    ...over,
  };
}

/** The titles in the order the ranking puts them for a term (bare candidates, ids in the given order). */
export function rankedTitles(q: string, titles: string[]): string[] {
  return rankCandidates(
    prepareQuery(q)!,
    titles.map((t, i) => rankCandidate(i + 1, t)),
  ).map((r) => r.candidate.name);
}

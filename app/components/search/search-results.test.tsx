import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { SearchPageState } from "~/modules/catalogue/search/search-page.schema";
import type { GameSearchHit, SearchResult } from "~/modules/catalogue/search/search.types";
import { SearchResults } from "./search-results";

const hit = (i: number): GameSearchHit => ({
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
});

function render(result: SearchResult, q = "brass"): string {
  const state: SearchPageState = { q, platform: null, year: null, sort: { field: "relevance", order: "desc" }, page: 1 };
  const Stub = createRoutesStub([
    {
      path: "/search",
      Component: () => <SearchResults state={state} result={result} error={null} loading={false} hrefFor={(n) => `/search?page=${n}`} />,
    },
  ]);
  return renderToString(<Stub initialEntries={["/search?q=brass"]} />).replace(/<!-- -->/g, "");
}

const base: SearchResult = {
  games: Array.from({ length: 20 }, (_, i) => hit(i + 1)),
  total: 145,
  page: 1,
  pageSize: 20,
  source: "database",
  filteredCount: 0,
};

describe("search results: how many", () => {
  it("says the total is a floor and the list the best matches when more games matched than are ranked", () => {
    const html = render({ ...base, totalCapped: true });
    expect(html).toContain("Showing 1–20 of 145+ games");
    expect(html).toContain('data-testid="best-matches"');
    expect(html).toContain("More games match “brass” than are listed: these are the best matches.");
  });

  it("gives the exact total, without the note, when every match is listed", () => {
    const html = render(base);
    expect(html).toContain("Showing 1–20 of 145 games");
    expect(html).not.toContain("best-matches");
  });

  it("browsing without a term: '10,000+ games' and no note about matches", () => {
    const html = render({ ...base, total: 10_000, totalCapped: true }, "");
    expect(html).toContain("of 10,000+ games");
    expect(html).not.toContain("best-matches");
  });
});

import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { searchHit } from "../../../tests/factories/search-hit";
import { describe, expect, it } from "vitest";
import type { SearchPageState } from "~/modules/catalogue/search/search-page.schema";
import type { SearchResult } from "~/modules/catalogue/search/search.types";
import { SearchResults } from "./search-results";

const hit = (i: number) => searchHit(i);

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

describe("search results: the content filter", () => {
  const NOTE = "result(s) were filtered out to avoid potentially problematic fan-made content";

  it("says in one line above the results how many were removed when only some were", () => {
    const html = render({ ...base, filteredCount: 3 });
    const note = html.match(/<p[^>]*data-testid="filtered-note"[^>]*>(.*?)<\/p>/)?.[1] ?? "";
    expect(note.replace(/<[^>]+>/g, "")).toBe(`3 ${NOTE}`);
    expect(html.indexOf('data-testid="filtered-note"')).toBeLessThan(html.indexOf('data-testid="search-results"'));
  });

  it("says nothing when nothing was removed", () => {
    expect(render(base)).not.toContain(NOTE);
  });

  it("keeps the full message when every result was removed", () => {
    const html = render({ ...base, games: [], total: 0, filteredCount: 2 });
    expect(html).toContain("Search results were filtered for content protection");
    expect(html).toContain(`2 ${NOTE}`);
    expect(html).not.toContain('data-testid="filtered-note"');
  });
});

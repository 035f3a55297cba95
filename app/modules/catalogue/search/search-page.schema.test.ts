import { describe, expect, it } from "vitest";
import {
  cleanTerm,
  pagerNumbers,
  parseSearchApiParams,
  parseSearchParams,
  parseSort,
  searchQueryString,
  sortByOptions,
  totalPages,
  yearOptions,
} from "./search-page.schema";

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));

describe("pagerNumbers", () => {
  it("shows at most 5 numbers centred on the current page, clamped to the ends", () => {
    expect(pagerNumbers(1, 0)).toEqual([]);
    expect(pagerNumbers(1, 1)).toEqual([1]);
    expect(pagerNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pagerNumbers(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerNumbers(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerNumbers(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pagerNumbers(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagerNumbers(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerNumbers(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerNumbers(50, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pagerNumbers(-4, 7)).toEqual([1, 2, 3, 4, 5]);
  });

  it("counts pages of 20", () => {
    expect(totalPages(0)).toBe(0);
    expect(totalPages(20)).toBe(1);
    expect(totalPages(21)).toBe(2);
  });
});

describe("parseSearchParams", () => {
  it("defaults to name:asc without a term and relevance with one", () => {
    expect(parse("")).toEqual({ q: "", platform: null, year: null, sort: { field: "name", order: "asc" }, page: 1 });
    expect(parse("q=%20%20mario%20%20kart%20").sort).toEqual({ field: "relevance", order: "desc" });
    expect(parse("q=%20%20mario%20%20kart%20").q).toBe("mario kart");
  });

  it("reads every field", () => {
    expect(parse("q=zelda&platform=6&year=1998&sort=release_date:asc&page=3")).toEqual({
      q: "zelda",
      platform: 6,
      year: 1998,
      sort: { field: "release_date", order: "asc" },
      page: 3,
    });
  });

  it("ignores bad values", () => {
    expect(parse("platform=0&year=1800&page=0&sort=drop table")).toMatchObject({
      platform: null,
      year: null,
      page: 1,
      sort: { field: "name" },
    });
    expect(parse("platform=1.5&year=abc&page=99999999999")).toMatchObject({ platform: null, year: null, page: 1 });
    expect(parse("sort=relevance:asc").sort).toEqual({ field: "name", order: "asc" });
    expect(parse("q=x&sort=relevance:asc").sort).toEqual({ field: "relevance", order: "desc" });
    expect(parseSort("rating", "")).toEqual({ field: "rating", order: "desc" });
    expect(parseSort("RATING_COUNT:ASC", "")).toEqual({ field: "rating_count", order: "asc" });
  });

  it("accepts the no-JavaScript form's sortBy and order", () => {
    expect(parse("q=halo&sortBy=rating&order=asc").sort).toEqual({ field: "rating", order: "asc" });
    expect(parse("q=halo&sortBy=bogus&order=asc").sort).toEqual({ field: "relevance", order: "desc" });
    expect(parse("sortBy=release_date").sort).toEqual({ field: "release_date", order: "desc" });
  });
});

describe("one grammar for the page and the API", () => {
  const api = (qs: string) => parseSearchApiParams(new URLSearchParams(qs));

  it("reads the same state from the same URL, with both sort spellings, in any letter case", () => {
    for (const qs of ["q=halo&sort=rating:asc", "q=halo&sort=RATING:ASC", "q=halo&sortBy=rating&order=asc", "q=halo&year=2004&page=2"]) {
      const res = api(qs);
      expect(res.ok).toBe(true);
      if (res.ok) expect(res.data.state).toEqual(parse(qs));
    }
    expect(parse("sort=Release_Date").sort).toEqual({ field: "release_date", order: "desc" });
  });

  it("allows terms of up to 100 characters: longer is a 400 on the API and a message on the page", () => {
    expect(api(`q=${"a".repeat(100)}`).ok).toBe(true);
    expect(api(`q=${encodeURIComponent(`  ${"a ".repeat(50)}  `)}`).ok).toBe(true);
    expect(api(`q=${"a".repeat(101)}`)).toEqual({ ok: false, status: 400, error: "Search term must be at most 100 characters" });
    const page = parse(`q=${"a".repeat(101)}`);
    expect(page.q).toBe("a".repeat(100));
    expect(page.termError).toBe("Search term must be at most 100 characters");
    expect(parse("q=zelda").termError).toBeUndefined();
  });

  it("answers bad values with a 400 on the API and falls back to defaults on the page", () => {
    expect(api("year=1800")).toMatchObject({ ok: false, status: 400, error: "year must be between 1950 and 2100" });
    expect(api("sort=price:up")).toMatchObject({ ok: false, status: 400 });
    expect(parse("year=1800&sort=price:up")).toMatchObject({ year: null, sort: { field: "name", order: "asc" } });
  });
});

describe("searchQueryString", () => {
  it("leaves out defaults and round-trips", () => {
    expect(searchQueryString({})).toBe("");
    expect(searchQueryString({ q: "zelda", sort: { field: "relevance", order: "desc" }, page: 1 })).toBe("?q=zelda");
    expect(searchQueryString({ q: "", sort: { field: "name", order: "asc" } })).toBe("");
    const state = { q: "final fantasy 7", platform: 4, year: 1997, sort: { field: "rating", order: "asc" } as const, page: 2 };
    const qs = searchQueryString(state);
    expect(qs).toBe("?q=final+fantasy+7&platform=4&year=1997&sort=rating:asc&page=2");
    expect(parse(qs.slice(1))).toEqual(state);
  });

  it("drops relevance when there is no term", () => {
    expect(searchQueryString({ q: "", sort: { field: "relevance", order: "desc" } })).toBe("");
  });
});

describe("options", () => {
  it("offers the last 50 years and Relevance only with a term", () => {
    const years = yearOptions(new Date("2026-06-01T00:00:00Z"));
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1977);
    expect(sortByOptions("").map((o) => o.label)).toEqual(["Name", "Release Date", "Average Rating", "Most Reviewed"]);
    expect(sortByOptions("x").map((o) => o.label)).toContain("Relevance");
  });

  it("cleans terms", () => {
    expect(cleanTerm(null)).toBe("");
    expect(cleanTerm(" a\n\tb ")).toBe("a b");
    expect(cleanTerm("x".repeat(150))).toHaveLength(100);
  });
});

import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { SearchPageState } from "~/modules/catalogue/search/search-page.schema";
import { SearchForm } from "./search-form";

function render(over: Partial<SearchPageState> = {}, genres = ["Adventure", "Puzzle", "Role-playing (RPG)"]): string {
  const state: SearchPageState = { q: "", platform: null, year: null, sort: { field: "name", order: "asc" }, page: 1, ...over };
  const Stub = createRoutesStub([
    { path: "/search", Component: () => <SearchForm state={state} platforms={[{ id: 4, name: "PC" }]} genres={genres} /> },
  ]);
  return renderToString(<Stub initialEntries={["/search"]} />).replace(/<!-- -->/g, "");
}

function select(html: string, name: string): string {
  return html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>.*?</select>`))?.[0] ?? "";
}

describe("SearchForm: the Genre filter", () => {
  it("is a labelled select named genre, next to Platform and Release Year, with 'All Genres' and the catalogue's genres", () => {
    const html = render();
    const genre = select(html, "genre");
    const id = genre.match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}" class="mb-1 block text-xs font-semibold tracking-wide text-muted uppercase">Genre</label>`);
    const options = [...genre.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ["", "All Genres"],
      ["Adventure", "Adventure"],
      ["Puzzle", "Puzzle"],
      ["Role-playing (RPG)", "Role-playing (RPG)"],
    ]);
    const order = ["platform", "year", "genre", "sortBy"].map((n) => html.indexOf(`name="${n}"`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("shows the chosen genre (even one the list lacks) and enables Clear Filters, which drops it", () => {
    const html = render({ genre: "Puzzle", q: "blocks" });
    expect(select(html, "genre")).toMatch(/<option value="Puzzle" selected="">Puzzle<\/option>/);
    const clear = html.match(/<a [^>]*>Clear Filters<\/a>/)?.[0] ?? "";
    expect(clear).toContain('href="/search?q=blocks"');
    expect(clear).not.toContain('aria-disabled="true"');
    expect(select(render({ genre: "Shmup" }), "genre")).toMatch(/<option value="Shmup" selected="">Shmup<\/option>/);
  });
});

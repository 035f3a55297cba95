import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createGame } from "../../../../tests/factories";
import { useIgdbStandIn } from "../../../../tests/igdb/setup";
import { igdbGame } from "../../../../tests/igdb/stand-in";
import { useTestDatabase } from "../../../../tests/setup/database";
import SearchPage, { loader } from "~/routes/search";
import { setContentPolicy } from "../content-policy.server";
import { searchGames } from "./search.service.server";

/** The content filter applied to search, with the shipped config/content-policy.json. */

useTestDatabase();
const s = useIgdbStandIn();

type LoaderArgs = Parameters<typeof loader>[0];
type LoaderData = Awaited<ReturnType<typeof loader>>;

async function load(path: string): Promise<LoaderData> {
  return loader({ request: new Request(`http://localhost${path}`), params: {}, context: {} } as unknown as LoaderArgs);
}

function render(path: string, loaderData: LoaderData): string {
  const Stub = createRoutesStub([{ id: "search-results", path: "/search-results", Component: SearchPage as never }]);
  const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { "search-results": loaderData } }} />);
  return html.replaceAll("<!-- -->", "");
}

beforeEach(() => {
  // The shipped policy file, read again (CONTENT_POLICY_FILE default).
  setContentPolicy(undefined);
  s.igdb.resetLog();
  s.igdb.clearGames();
  s.resetClient();
});

afterAll(() => setContentPolicy(undefined));

describe("search results and the content filter", () => {
  it("removes seasons, non-collection bundles and '-e - …' titles, and counts them", async () => {
    await createGame({ name: "Quazzle Arena", releaseYear: 2017 });
    await createGame({ name: "Quazzle Arena: Season 3", category: 7, releaseYear: 2019 });
    await createGame({ name: "Quazzle Arena Double Pack", category: 3, releaseYear: 2018 });
    await createGame({ name: "Quazzle Arena Legacy Collection", category: 3, releaseYear: 2020 });
    await createGame({ name: "Quazzle Arena-e - Card Set", releaseYear: 2002 });
    const result = await searchGames({ q: "quazzle arena", igdbFallback: false });
    expect(result.games.map((g) => g.name).sort()).toEqual(["Quazzle Arena", "Quazzle Arena Legacy Collection"]);
    expect(result.filteredCount).toBe(3);
    expect(result.total).toBe(2);
  });

  it("removes fan games of a listed rights holder and keeps the official games", async () => {
    await createGame({ name: "Pokémon Zephyrine", releaseYear: 2004, developer: "Game Freak", publisher: "Nintendo" });
    await createGame({ name: "Pokémon Zephyrine Fan Game", releaseYear: 2016, developer: "Some Fans" });
    await createGame({ name: "Pokémon Zephyrine Rom Hack", releaseYear: 2009 });
    const result = await searchGames({ q: "pokemon zephyrine", igdbFallback: false });
    expect(result.games.map((g) => g.name)).toEqual(["Pokémon Zephyrine"]);
    expect(result.filteredCount).toBe(2);
  });

  it("the search page says so when every result was removed", async () => {
    await createGame({ name: "Metroid Vorthex Fan Remake", releaseYear: 2016, developer: "Fan Studio" });
    await createGame({ name: "Metroid Vorthex Homebrew", releaseYear: 2014 });
    const data = await load("/search-results?q=metroid%20vorthex");
    expect(data.result).toMatchObject({ games: [], filteredCount: 2 });
    const html = render("/search-results?q=metroid%20vorthex", data);
    expect(html).toContain("Search results were filtered for content protection");
    expect(html).toContain("2 result(s) were filtered out to avoid potentially problematic fan-made content");
    expect(html).not.toContain("No games found matching your criteria");
  });

  it("a page past the last one of a partly filtered search says there is nothing there, not that all was filtered", async () => {
    await createGame({ name: "Metroid Quorrel", releaseYear: 2001, developer: "Nintendo" });
    await createGame({ name: "Metroid Quorrel Fan Remake", releaseYear: 2016, developer: "Fan Studio" });
    const data = await load("/search-results?q=metroid%20quorrel&page=2");
    expect(data.result).toMatchObject({ games: [], total: 1, filteredCount: 1 });
    const html = render("/search-results?q=metroid%20quorrel&page=2", data);
    expect(html).toContain("No games found matching your criteria");
    expect(html).not.toContain("Search results were filtered for content protection");
  });

  it("filters games that come from the IGDB fallback too", async () => {
    s.igdb.addGames(
      igdbGame(9101, "Zelda Quillmoor", {
        involved_companies: [{ id: 1, company: { id: 70, name: "Nintendo" }, developer: true, publisher: true }],
      }),
      igdbGame(9102, "Zelda Quillmoor Unofficial Fan Sequel", {
        involved_companies: [{ id: 2, company: { id: 71, name: "Fans" }, developer: true }],
      }),
    );
    const result = await searchGames({ q: "zelda quillmoor" });
    expect(s.igdb.apiCalls().length).toBeGreaterThan(0);
    expect(result.games.map((g) => g.name)).toEqual(["Zelda Quillmoor"]);
    expect(result.filteredCount).toBe(1);
    expect(result.source).toBe("igdb");
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { game } from "~/db/schema";
import { useTestDatabase } from "../../../../tests/setup/database";
import { createGame, createRating, createUser } from "../../../../tests/factories";
import { loader } from "~/routes/search";
import { listPlatforms } from "./platforms.queries.server";
import { withIndexPlans } from "./search.queries.server";
import { GENRE_CAP } from "./search.service.server";
import type * as SearchModule from "./search.service.server";

const failSearch = vi.hoisted(() => ({ on: false }));
vi.mock("./search.service.server", async (importOriginal) => {
  const mod = await importOriginal<typeof SearchModule>();
  return {
    ...mod,
    searchGames: async (...args: Parameters<typeof mod.searchGames>) => {
      if (failSearch.on) throw new Error("database went away");
      return mod.searchGames(...args);
    },
  };
});

const testDb = useTestDatabase();

type LoaderArgs = Parameters<typeof loader>[0];

async function load(path: string) {
  const request = new Request(`http://localhost${path}`);
  return loader({ request, params: {}, context: {} } as unknown as LoaderArgs);
}

async function loadRedirect(path: string): Promise<Response> {
  try {
    await load(path);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`expected ${path} to redirect`);
}

describe("search page loader", () => {
  it("turns the URL state into results with the default relevance sort for a term", async () => {
    const target = await createGame({ name: "Zorblax Odyssey", releaseYear: 2001, platformNames: ["Nintendo 64"] });
    await createGame({ name: "Unrelated Kart Racer" });
    const data = await load("/search-results?q=zorblax");
    expect(data.state).toEqual({ q: "zorblax", platform: null, year: null, sort: { field: "relevance", order: "desc" }, page: 1 });
    expect(data.error).toBeNull();
    expect(data.result?.games.map((g) => g.id)).toEqual([target.id]);
    expect(data.result).toMatchObject({ total: 1, page: 1, pageSize: 20, source: "database" });
    expect(data.result?.games[0]).toMatchObject({ name: "Zorblax Odyssey", year: 2001, platforms: ["Nintendo 64"] });
  });

  it("reports average rating and review count on each hit", async () => {
    const g = await createGame({ name: "Quillhaven Tactics" });
    const [a, b] = [await createUser(), await createUser()];
    await createRating({ userId: a.id, gameId: g.id, rating: 8 });
    await createRating({ userId: b.id, gameId: g.id, rating: 7 });
    const data = await load("/search?q=quillhaven");
    expect(data.result?.games[0]).toMatchObject({ avgUserRating: 7.5, userRatingCount: 2 });
  });

  it("pages 20 at a time", async () => {
    for (let i = 1; i <= 25; i++) await createGame({ name: `Pagerforge Saga ${String(i).padStart(2, "0")}` });
    const first = await load("/search?q=pagerforge");
    expect(first.result?.games).toHaveLength(20);
    expect(first.result?.total).toBe(25);
    const second = await load("/search?q=pagerforge&page=2");
    expect(second.state.page).toBe(2);
    expect(second.result?.games).toHaveLength(5);
    const ids = new Set([...first.result!.games, ...second.result!.games].map((g) => g.id));
    expect(ids.size).toBe(25);
    const beyond = await load("/search?q=pagerforge&page=9");
    expect(beyond.result?.games).toEqual([]);
    expect(beyond.result?.total).toBe(25);
  });

  it("filters by platform and release year", async () => {
    const snes = await createGame({ name: "Filtrix Quest", releaseYear: 1994, platformNames: ["Super Nintendo Entertainment System"] });
    const pc = await createGame({ name: "Filtrix Quest II", releaseYear: 1997, platformNames: ["PC (Microsoft Windows)"] });
    const platforms = await listPlatforms();
    const snesId = platforms.find((p) => p.name === "Super Nintendo Entertainment System")!.id;

    const byPlatform = await load(`/search?q=filtrix&platform=${snesId}`);
    expect(byPlatform.state.platform).toBe(snesId);
    expect(byPlatform.result?.games.map((g) => g.id)).toEqual([snes.id]);

    const byYear = await load("/search?q=filtrix&year=1997");
    expect(byYear.state.year).toBe(1997);
    expect(byYear.result?.games.map((g) => g.id)).toEqual([pc.id]);

    const none = await load(`/search?q=filtrix&platform=${snesId}&year=1997`);
    expect(none.result?.games).toEqual([]);
    expect(none.result?.total).toBe(0);
  });

  it("falls back to safe defaults for bad parameters instead of failing", async () => {
    await createGame({ name: "Badparam Brawler" });
    const data = await load("/search?q=badparam&platform=abc&year=99999&sort=foo:bar&page=-3");
    expect(data.state).toEqual({ q: "badparam", platform: null, year: null, sort: { field: "relevance", order: "desc" }, page: 1 });
    expect(data.result?.total).toBe(1);

    const weird = await load("/search?q=" + "%27%3B--%28%25_".repeat(3) + "&page=1e9&platform=-1&year=12.5&sort=name:sideways");
    expect(weird.error).toBeNull();
    expect(weird.state).toMatchObject({ platform: null, year: null, page: 1, sort: { field: "name", order: "asc" } });

    const long = await load("/search?q=" + "a".repeat(500));
    expect(long.state.q).toHaveLength(100);
    expect(long.error).toBe("Search term must be at most 100 characters");
    expect(long.result).toBeNull();
  });

  it("redirects the no-JavaScript form's sortBy/order fields to one canonical URL", async () => {
    const res = await loadRedirect("/search-results?q=halo&platform=&year=&sortBy=name&order=desc");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/search-results?q=halo&sort=name:desc");

    const relevance = await loadRedirect("/search?q=halo&platform=&year=2001&sortBy=relevance&order=asc");
    expect(relevance.headers.get("Location")).toBe("/search?q=halo&year=2001");

    const noTerm = await loadRedirect("/search?q=&platform=&year=&sortBy=name&order=asc");
    expect(noTerm.headers.get("Location")).toBe("/search");
  });

  it("browses the filtered catalogue by name without a term", async () => {
    const b = await createGame({ name: "Browsewell Beta", releaseYear: 1983, platformNames: ["Browse Box 9000"] });
    const a = await createGame({ name: "Browsewell Alpha", releaseYear: 1983, platformNames: ["Browse Box 9000"] });
    await createGame({ name: "Browsewell Gamma", releaseYear: 1984, platformNames: ["Browse Box 9000"] });
    const platformId = (await listPlatforms()).find((p) => p.name === "Browse Box 9000")!.id;

    const data = await load(`/search?platform=${platformId}&year=1983`);
    expect(data.state.sort).toEqual({ field: "name", order: "asc" });
    expect(data.error).toBeNull();
    expect(data.result?.games.map((g) => g.id)).toEqual([a.id, b.id]);
    expect(data.result?.total).toBe(2);

    const desc = await load(`/search?platform=${platformId}&year=1983&sort=name:desc`);
    expect(desc.result?.games.map((g) => g.id)).toEqual([b.id, a.id]);

    const everything = await load("/search");
    expect(everything.result!.total).toBeGreaterThanOrEqual(3);
    expect(everything.platforms.map((p) => p.name)).toContain("Browse Box 9000");
  });

  it("returns 'Failed to search games' instead of throwing when the search fails", async () => {
    failSearch.on = true;
    try {
      const data = await load("/search?q=anything");
      expect(data.result).toBeNull();
      expect(data.error).toBe("Failed to search games");
      expect(data.state.q).toBe("anything");
    } finally {
      failSearch.on = false;
    }
  });
});

describe("listPlatforms", () => {
  it("lists platforms that have games, ordered by name", async () => {
    await createGame({ name: "Platform Order Game", platformNames: ["Xbox 360", "amiga", "Nintendo 64"] });
    const names = (await listPlatforms()).map((p) => p.name);
    const mine = names.filter((n) => ["Xbox 360", "amiga", "Nintendo 64"].includes(n));
    expect(mine).toEqual(["amiga", "Nintendo 64", "Xbox 360"]);
    const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names).toEqual(sorted);
  });
});

describe("search page: the Genre filter", () => {
  it("lists the catalogue's genres, and filters browsing and searching by one (also from the URL)", async () => {
    const puzzle = await createGame({ name: "Quibble Blocks", genres: ["Puzzle", "Arcade"] });
    const racer = await createGame({ name: "Quibble Kart", genres: ["Racing"] });
    await createGame({ name: "Plain Quibble Field", genres: [] });

    const browse = await load("/search?genre=Puzzle");
    expect(browse.state.genre).toBe("Puzzle");
    expect(browse.result?.games.map((g) => g.id)).toEqual([puzzle.id]);
    expect(browse.result?.total).toBe(1);
    expect(browse.genres).toEqual(expect.arrayContaining(["Arcade", "Puzzle", "Racing"]));
    expect([...browse.genres].sort()).toEqual(browse.genres);

    const search = await load("/search?q=quibble&genre=Racing");
    expect(search.result?.games.map((g) => g.id)).toEqual([racer.id]);
    const all = await load("/search?q=quibble");
    expect(all.result?.games).toHaveLength(3);
    // A genre no game has: no games, not an error.
    const none = await load("/search?genre=Nonexistent%20Genre");
    expect(none).toMatchObject({ error: null, result: { games: [], total: 0 } });
  });

  it("keeps the genre list in step with games inserted and updated (game_genre triggers)", async () => {
    const g = await createGame({ name: "Genre Shifter", genres: ["Strategy"] });
    expect((await load("/search")).genres).toContain("Strategy");
    await testDb
      .handle()
      .db.update(game)
      .set({ genres: ["Tactical", "Strategy"] })
      .where(eq(game.id, g.id));
    const data = await load("/search?genre=Tactical");
    expect(data.genres).toContain("Tactical");
    expect(data.result?.games.map((x) => x.id)).toEqual([g.id]);
  });

  it("browsing one genre lists at most the genre cap", async () => {
    await createGame({ name: "Capped Genre One", genres: ["Capped Genre"] });
    const past = await load(`/search?genre=Capped%20Genre&page=${GENRE_CAP / 20 + 1}`);
    expect(past.result).toMatchObject({ games: [], total: 1 });
  });

  it("a genre too long for the filter is ignored by the page (and named by the API)", async () => {
    const data = await load(`/search?genre=${"x".repeat(101)}`);
    expect(data.state.genre).toBeUndefined();
    expect(data.error).toBeNull();
  });
});

describe("the Genre filter's index", () => {
  type Plan = { "Index Name"?: string; Plans?: Plan[] };
  const indexes = (p: Plan): string[] => [...(p["Index Name"] ? [p["Index Name"]] : []), ...(p.Plans ?? []).flatMap(indexes)];

  it("game.genres @> '{name}' is served by game_genres_idx", async () => {
    await createGame({ name: "Indexed Genre Game", genres: ["Indexed"] });
    const plan = await withIndexPlans(async (db) => {
      const result = await db.execute<Record<string, unknown>>(
        sql`explain (format json) select ${game.id} from ${game} where ${game.genres} @> array[${"Indexed"}]::text[]`,
      );
      const cell = Object.values(result.rows[0] ?? {})[0];
      return ((typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: Plan }[])[0]!.Plan;
    });
    expect(indexes(plan)).toContain("game_genres_idx");
  });
});

import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { game, platform, platformGames } from "../../app/db/schema";
import { gameApi } from "../../app/modules/catalogue/catalogue-api.server";
import { getGamePage } from "../../app/modules/catalogue/game.service.server";
import { settleGameRefreshes } from "../../app/modules/catalogue/game-refresh.server";
import { clearUnknownIgdbIds } from "../../app/modules/catalogue/igdb/igdb-lookup.server";
import { convertIgdbGames, upsertIgdbGames } from "../../app/modules/catalogue/igdb/igdb.server";
import { resumeIgdbFallback, searchGames } from "../../app/modules/catalogue/search/search.service.server";
import { setConfig } from "../../app/config.server";
import { createGame } from "../factories";
import { useTestDatabase } from "../setup/database";
import { testConfig, useIgdbStandIn } from "./setup";
import { igdbGame } from "./stand-in";

const db = useTestDatabase();
const s = useIgdbStandIn();

async function rowsFor(igdbId: number) {
  return db.handle().db.select().from(game).where(eq(game.igdbId, igdbId));
}

beforeEach(() => {
  s.igdb.resetLog();
  s.igdb.clearGames();
  s.resetClient();
  clearUnknownIgdbIds();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await settleGameRefreshes(); // the game page's background refresh must not spill into the next test
});

/** Complete records (description, companies, screenshots), so the game page does not queue a refresh. */
const complete = { storyline: "Story.", screenshots: [{ id: 1, url: "//images.igdb.com/igdb/image/upload/t_thumb/sc1.jpg" }] };

describe("search: IGDB fallback", () => {
  it("asks IGDB when fewer than 5 games are found locally, saves the new ones and ranks them with the local ones", async () => {
    const local = await createGame({ name: "Hollow Knight", igdbId: 14593, releaseDate: "2017-02-24", releaseYear: 2017 });
    s.igdb.addGames(
      igdbGame(14593, "Hollow Knight", { summary: "IGDB summary" }),
      igdbGame(115253, "Hollow Knight: Silksong", { first_release_date: 1_756_944_000 }),
      igdbGame(220001, "Hollow Knight Voidheart Edition", { game_type: 10 }),
      igdbGame(220002, "Unrelated Title"), // not an answer to the term: neither asked for nor saved
    );

    const result = await searchGames({ q: "hollow knight" });
    expect(s.igdb.apiCalls()).toHaveLength(1);
    // The external fallback asks for up to 20 results.
    expect(s.igdb.apiCalls()[0]!.body).toMatch(/^search "hollow knight"; fields .*; limit 20;$/);
    expect(result.source).toBe("mixed");
    expect(result.games.map((g) => g.igdbId)).toEqual([14593, 115253, 220001]);
    expect(result.games[0]!.id).toBe(local.id);
    expect(result.total).toBe(3);

    // Saved, once each, with our row shape.
    const [silksong] = await rowsFor(115253);
    expect(silksong).toMatchObject({
      name: "Hollow Knight: Silksong",
      slug: "hollow-knight-silksong",
      gameId: "115253",
      searchName: "hollow knight silksong",
      releaseDate: "2025-09-04",
      releaseYear: 2025,
      developer: "CD Projekt RED",
      publisher: "CD Projekt",
      category: 0,
      genres: ["Role-playing (RPG)"],
      platforms: ["PC (Microsoft Windows)", "PlayStation 4"],
    });
    expect(silksong!.coverUrl).toMatch(/^https:\/\/images\.igdb\.com\/igdb\/image\/upload\/t_cover_big\/co[a-z0-9]+\.jpg$/);
    const links = await db
      .handle()
      .db.select({ name: platform.name })
      .from(platformGames)
      .innerJoin(platform, eq(platform.id, platformGames.platformId))
      .where(eq(platformGames.gameId, silksong!.id));
    expect(links.map((l) => l.name).sort()).toEqual(["PC (Microsoft Windows)", "PlayStation 4"]);
    const [edition] = await rowsFor(220001);
    expect(edition!.category).toBe(10);
    // The stored local game is not rewritten by a search.
    expect((await rowsFor(14593))[0]!.summary).toBeNull();
    expect(await rowsFor(220002)).toHaveLength(0);
  });

  it("says 'igdb' when every result came from IGDB, and answers the same search again from the database without an IGDB call", async () => {
    s.igdb.addGames(igdbGame(26226, "Celeste Mountain Climb"));
    const first = await searchGames({ q: "celeste mountain" });
    expect(first.source).toBe("igdb");
    expect(first.games.map((g) => g.name)).toEqual(["Celeste Mountain Climb"]);
    expect(s.igdb.apiCalls()).toHaveLength(1);

    const again = await searchGames({ q: "celeste mountain" });
    expect(s.igdb.apiCalls()).toHaveLength(1);
    expect(again.source).toBe("database");
    expect(again.games.map((g) => g.igdbId)).toEqual([26226]);
    expect(await rowsFor(26226)).toHaveLength(1);

    // Another process (no cache) finds it locally too; IGDB is asked (still fewer than 5) but nothing is duplicated.
    s.resetClient();
    const third = await searchGames({ q: "celeste mountain" });
    expect(third.source).toBe("database");
    expect(await rowsFor(26226)).toHaveLength(1);
  });

  it("ranks an exact title from IGDB above partial local matches", async () => {
    await createGame({ name: "Outer Wilds: Echoes of the Eye", igdbId: 139090, category: 1 });
    s.igdb.addGames(igdbGame(11133, "Outer Wilds"));
    const result = await searchGames({ q: "outer wilds" });
    expect(result.source).toBe("mixed");
    expect(result.games.map((g) => g.name)).toEqual(["Outer Wilds", "Outer Wilds: Echoes of the Eye"]);
  });

  it("still asks IGDB with 4 local results (fewer than 5)", async () => {
    for (const n of ["", " II", " III", " IV"]) await createGame({ name: `Quorbit${n}` });
    s.igdb.addGames(igdbGame(300101, "Quorbit Zero"));
    const result = await searchGames({ q: "quorbit" });
    expect(s.igdb.apiCalls()).toHaveLength(1);
    expect(result.total).toBe(5);
    expect(result.source).toBe("mixed");
  });

  it("asks IGDB before the most-words last resort: a title only IGDB has is not hidden by local look-alikes", async () => {
    await createGame({ name: "Valkyrix Chronicles" });
    await createGame({ name: "Xenoblix Chronicles 2" });
    s.igdb.addGames(igdbGame(355001, "Zyxwv Chronicles 2"));
    const result = await searchGames({ q: "zyxwv chronicles 2" });
    expect(s.igdb.apiCalls()).toHaveLength(1);
    expect(result.source).toBe("igdb");
    expect(result.partialMatch).toBeUndefined();
    expect(result.games.map((g) => g.name)).toEqual(["Zyxwv Chronicles 2"]);
  });

  it("falls back to titles holding most of the words only when IGDB has nothing either, and flags them", async () => {
    await createGame({ name: "Quellbrook Annals 3" });
    const result = await searchGames({ q: "qwrtz annals 3" });
    expect(s.igdb.apiCalls()).toHaveLength(1);
    expect(result.source).toBe("database");
    expect(result.partialMatch).toBe(true);
    expect(result.games.map((g) => g.name)).toEqual(["Quellbrook Annals 3"]);
  });

  it("stays local with 5 or more local results", async () => {
    for (const n of ["", " II", " III", " IV", " V"]) await createGame({ name: `Zorkquest${n}` });
    s.igdb.addGames(igdbGame(300001, "Zorkquest Zero"));
    const result = await searchGames({ q: "zorkquest" });
    expect(result.total).toBe(5);
    expect(result.source).toBe("database");
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });

  it("applies the platform and year filters to IGDB games", async () => {
    s.igdb.addGames(
      igdbGame(310001, "Filterra Alpha", { first_release_date: 1_431_993_600 }), // 2015
      igdbGame(310002, "Filterra Beta", { first_release_date: 1_577_836_800 }), // 2020
    );
    const result = await searchGames({ q: "filterra", year: 2020 });
    expect(result.games.map((g) => g.name)).toEqual(["Filterra Beta"]);
    expect(result.source).toBe("igdb");
  });

  it("shows local results when IGDB answers 500 (empty list) or another error (logged as 'IGDB API error: {status}')", async () => {
    await createGame({ name: "Brightwater Saga" });
    s.igdb.addGames(igdbGame(320001, "Brightwater Saga II"));
    s.igdb.failNext(500, 1, "/v4/games");
    const r500 = await searchGames({ q: "brightwater saga" });
    expect(r500.games.map((g) => g.name)).toEqual(["Brightwater Saga"]);
    expect(r500.source).toBe("database");

    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    s.igdb.failNext(404, 1, "/v4/games");
    const r404 = await searchGames({ q: "brightwater" });
    expect(r404.games.map((g) => g.name)).toEqual(["Brightwater Saga"]);
    expect(errors).toHaveBeenCalledWith("IGDB API error: 404");
  });

  it("stays local for a while after IGDB timed out, instead of making every search wait", async () => {
    await createGame({ name: "Slowpoke Saga" });
    s.igdb.addGames(igdbGame(325001, "Slowpoke Saga Two"));
    s.resetClient({ timeoutMs: 100 });
    s.igdb.delayMs = 400;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const slow = await searchGames({ q: "slowpoke saga" });
      expect(slow.games.map((g) => g.name)).toEqual(["Slowpoke Saga"]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("IGDB request timed out"));
      s.igdb.delayMs = 0;
      await searchGames({ q: "slowpoke" });
      expect(s.igdb.apiCalls()).toHaveLength(1); // paused: no second attempt
      // Back to the usual time-out, so a busy machine cannot time out the answer that follows.
      s.resetClient();
      resumeIgdbFallback();
      const back = await searchGames({ q: "slowpoke saga" });
      expect(back.games.map((g) => g.name)).toEqual(["Slowpoke Saga", "Slowpoke Saga Two"]);
    } finally {
      s.igdb.delayMs = 0;
      resumeIgdbFallback();
    }
  });

  it("never asks IGDB without credentials", async () => {
    const configured = testConfig(s.igdb.env());
    setConfig(testConfig());
    try {
      s.igdb.addGames(igdbGame(330001, "Nocredentia"));
      const result = await searchGames({ q: "nocredentia" });
      expect(result.games).toEqual([]);
      expect(result.source).toBe("database");
      expect(s.igdb.calls).toHaveLength(0);
    } finally {
      setConfig(configured);
    }
  });

  it("can be switched off per search", async () => {
    s.igdb.addGames(igdbGame(340001, "Offswitch"));
    await searchGames({ q: "offswitch", igdbFallback: false });
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/games/search: the header's 2-character minimum", () => {
  async function apiSearch(q: string) {
    const { loader } = await import("../../app/routes/api.games.search");
    const res = await loader({
      request: new Request(`http://localhost/api/games/search?q=${encodeURIComponent(q)}&limit=8`),
      params: {},
      context: {},
    } as never);
    return { status: res.status, body: (await res.json()) as { games: { name: string }[]; total: number } };
  }

  it("answers no games and asks IGDB nothing for 0–1 characters after trim, even when the catalogue has a match", async () => {
    await createGame({ name: "Q" });
    s.igdb.addGames(igdbGame(880001, "Q"), igdbGame(880002, "Qube"));
    for (const q of ["q", "  q  ", "q%", " "]) {
      const r = await apiSearch(q);
      expect(r.status, q).toBe(200);
      expect(r.body, q).toMatchObject({ games: [], total: 0 });
    }
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });

  it("searches (and falls back to IGDB) from 2 characters; the search page still takes one", async () => {
    await createGame({ name: "Qx" });
    const r = await apiSearch("qx");
    expect(r.body.games.map((g) => g.name)).toContain("Qx");
    expect(s.igdb.apiCalls()).toHaveLength(1);
    // The search page's search (not the API) keeps accepting one character.
    await createGame({ name: "Z" });
    const page = await searchGames({ q: "z", igdbFallback: false });
    expect(page.games.map((g) => g.name)).toContain("Z");
  });
});

describe("upsertIgdbGames", () => {
  it("saves by igdb_id without duplicates, also when called concurrently or with repeats", async () => {
    const records = convertIgdbGames([igdbGame(350001, "Dupe Check"), igdbGame(350002, "Dupe Check Two"), igdbGame(350001, "Dupe Check")]);
    const [a, b] = await Promise.all([upsertIgdbGames(records), upsertIgdbGames(records)]);
    expect(a!.map((r) => r.igdbId)).toEqual([350001, 350002]);
    expect(b!.map((r) => r.id)).toEqual(a!.map((r) => r.id));
    expect(a!.every((r) => r.inserted)).toBe(true);
    expect(b!.every((r) => !r.inserted)).toBe(true);
    expect(await rowsFor(350001)).toHaveLength(1);
    expect(await rowsFor(350002)).toHaveLength(1);

    // An update keeps the slug and fills fields from IGDB.
    const updated = convertIgdbGames([
      igdbGame(350001, "Dupe Check", { storyline: "Long story.", dlcs: [350003], similar_games: [{ id: 9 }] }),
    ]);
    await upsertIgdbGames(updated);
    const [row] = await rowsFor(350001);
    expect(row).toMatchObject({ slug: "dupe-check", description: "Long story.", dlcIds: [350003], similarGameIds: [9] });
  });

  it("gives a curated game without an id its igdb_id (same name and year) instead of adding a second row", async () => {
    const curated = await createGame({ name: "Curated Classic", releaseYear: 2015, slug: "curated-classic" });
    const [stored] = await upsertIgdbGames(convertIgdbGames([igdbGame(360001, "Curated Classic")]));
    expect(stored!.id).toBe(curated.id);
    expect(stored!.inserted).toBe(false);
    const n = await db
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(game)
      .where(eq(game.searchName, "curated classic"));
    expect(Number(n[0]!.n)).toBe(1);
  });

  it("picks a free slug when the name's slug is taken by another game", async () => {
    await createGame({ name: "Slugged", slug: "slugged", releaseYear: 1990 });
    await createGame({ name: "Slugged", slug: "slugged-2", releaseYear: 1991 });
    const [stored] = await upsertIgdbGames(convertIgdbGames([igdbGame(370001, "Slugged")]));
    expect(stored!.slug).toBe("slugged-3");
  });

  it("links a DLC to its main game by parent_game", async () => {
    await upsertIgdbGames(convertIgdbGames([igdbGame(380002, "Parenty DLC", { game_type: 1, parent_game: 380001 })]));
    await upsertIgdbGames(convertIgdbGames([igdbGame(380001, "Parenty")]));
    const [dlc] = await rowsFor(380002);
    const [main] = await rowsFor(380001);
    expect(dlc).toMatchObject({ category: 1, parentIgdbId: 380001, parentGameId: main!.id });
  });
});

describe("games by IGDB id not stored yet", () => {
  it("the game page fetches and saves the game, then redirects to its slug", async () => {
    s.igdb.addGames(igdbGame(390001, "Pagefetch Quest", complete));
    const first = await getGamePage("390001");
    expect(first).toEqual({ ok: true, kind: "redirect", location: "/game/pagefetch-quest" });
    const page = await getGamePage("pagefetch-quest");
    expect(page.ok && page.kind === "page" && page.page.game.name).toBe("Pagefetch Quest");
    expect(s.igdb.apiCalls()).toHaveLength(1);
  });

  it("an id IGDB does not know is 'Game not found', asked once", async () => {
    expect(await getGamePage("399999")).toMatchObject({ ok: false, status: 404, error: "Game not found" });
    expect(await gameApi("399999")).toMatchObject({ ok: false, status: 404 });
    expect(s.igdb.apiCalls()).toHaveLength(1);
  });

  it("GET /api/games/{igdb id} fetches and saves it, and answers from the database once IGDB is gone", async () => {
    s.igdb.addGames(igdbGame(400001, "Apifetch Legends", { ...complete, alternative_names: [{ id: 1, name: "Apifetch" }] }));
    const first = await gameApi("400001");
    expect(first.ok && first.data).toMatchObject({ igdbId: 400001, name: "Apifetch Legends", slug: "apifetch-legends" });
    expect(s.igdb.apiCalls()).toHaveLength(1);

    await s.igdb.stop();
    s.resetClient(); // no cache: only the database can answer now
    const again = await gameApi("400001");
    expect(again.ok && again.data).toMatchObject({ igdbId: 400001, name: "Apifetch Legends", developer: "CD Projekt RED" });
    const bySearch = await searchGames({ q: "apifetch legends" });
    expect(bySearch.games.map((g) => g.igdbId)).toEqual([400001]);
    expect(bySearch.source).toBe("database");
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { game } from "~/db/schema";
import { setConfig } from "~/config.server";
import { createGame } from "../../../../tests/factories";
import { testConfig, useIgdbStandIn } from "../../../../tests/igdb/setup";
import { igdbGame } from "../../../../tests/igdb/stand-in";
import { useTestDatabase } from "../../../../tests/setup/database";
import { compileContentPolicy, ContentPolicySchema, type PolicyLevel } from "../content-filter";
import { setContentPolicy } from "../content-policy.server";
import { ADDITIONAL_CONTENT_LIMIT, isModContent, MODS_SHOWN } from "./related-rules";
import { getRelatedContent, lookupGameCategory, resetRelatedContentState, type RelatedContent } from "./related.service.server";

const db = useTestDatabase();
const s = useIgdbStandIn();

const THIS_YEAR = new Date().getUTCFullYear();

function usePolicy(holders: { name: string; level: PolicyLevel; franchises: string[]; companies?: string[] }[]) {
  setContentPolicy(
    compileContentPolicy(
      ContentPolicySchema.parse({
        version: 1,
        rightsHolders: holders.map((h) => ({ reason: "Test.", lastUpdated: "2025-01-01", ...h })),
      }),
    ),
  );
}

async function related(identifier: string): Promise<RelatedContent> {
  const r = await getRelatedContent(identifier);
  if (!r.ok) throw new Error(`related(${identifier}): ${r.error}`);
  return r.data;
}

const names = (items: { name: string }[] | undefined) => (items ?? []).map((i) => i.name);

/** Runs `fn` with IGDB unconfigured (local database only). */
async function locally<T>(fn: () => Promise<T>): Promise<T> {
  const configured = testConfig(s.igdb.env());
  setConfig(testConfig());
  try {
    return await fn();
  } finally {
    setConfig(configured);
  }
}

beforeEach(() => {
  s.igdb.resetLog();
  s.igdb.clearGames();
  s.igdb.delayMs = 0;
  s.resetClient();
  resetRelatedContentState();
  usePolicy([]);
});

afterAll(() => setContentPolicy(undefined));

describe("related content from the local database", () => {
  it("answers 400 for a bad identifier and 404 for an unknown game", async () => {
    expect(await getRelatedContent("bad identifier!")).toMatchObject({ ok: false, status: 400, error: "Invalid game identifier" });
    expect(await getRelatedContent("no-such-game-here")).toMatchObject({ ok: false, status: 404, error: "Game not found" });
  });

  it("a main game: Additional Content (categories 1–4, oldest first, mod names left out) and Mods & Fan Content", async () => {
    const main = await createGame({ name: "Hollow Realm", igdbId: 910_001, developer: "Realm Works", publisher: "Realm Works" });
    const child = (name: string, over: Parameters<typeof createGame>[0] = {}) => createGame({ name, parentGameId: main.id, ...over });
    await child("Hollow Realm: Second Wind", { category: 1, releaseDate: "2019-02-01", releaseYear: 2019, igdbId: 910_011 });
    await child("Hollow Realm: Ashes", { category: 2, releaseDate: "2018-05-01", releaseYear: 2018 });
    await child("Hollow Realm: Lost Isles", { category: 4 });
    await child("Hollow Realm Bundle", { category: 3, releaseYear: 2021 });
    // Linked only by the main game's IGDB id (not linked yet).
    await createGame({
      name: "Hollow Realm: Frozen Depths",
      category: 1,
      parentIgdbId: 910_001,
      releaseDate: "2020-03-03",
      releaseYear: 2020,
    });
    await child("Hollow Realm Unofficial Patch", { category: 1, releaseDate: "2016-01-01", releaseYear: 2016 });
    await child("Hollow Realm Remastered", { category: 9, releaseDate: "2022-01-01", releaseYear: 2022, developer: "Realm Works" });
    await child("Hollow Realm: Game of the Year Edition", { category: 10, releaseDate: "2020-01-01", releaseYear: 2020 });
    await child("Hollow Realm Co-op Mod", { category: 5, releaseDate: "2021-06-01", releaseYear: 2021 });
    await child("Hollow Realm Fan Remix", { category: 0, releaseDate: "2017-01-01", releaseYear: 2017 });
    await createGame({ name: "Someone Else's DLC", category: 1 });

    const data = await locally(() => related(main.slug));
    expect(data.kind).toBe("main");
    expect(data.mainGame).toBeNull();
    expect(data.additionalContent?.error).toBeNull();
    expect(names(data.additionalContent?.items)).toEqual([
      "Hollow Realm: Ashes",
      "Hollow Realm: Second Wind",
      "Hollow Realm: Frozen Depths",
      "Hollow Realm Bundle",
      "Hollow Realm: Lost Isles",
    ]);
    // Cards link to /game/{igdb id}; games without one to their own address.
    const second = data.additionalContent!.items.find((i) => i.name === "Hollow Realm: Second Wind")!;
    expect(second).toMatchObject({ href: "/game/910011", igdbId: 910_011, year: 2019, categoryLabel: "DLC" });
    expect(data.additionalContent!.items[0]!.href).toMatch(/^\/game\/hollow-realm-ashes/);

    // Newest first; kept by name (unofficial, patch, fan, remix) or category > 4; the GOTY edition and
    // the remaster credited to the main game's developer (official) are left out.
    expect(data.mods?.error).toBeNull();
    expect(names(data.mods?.items)).toEqual(["Hollow Realm Co-op Mod", "Hollow Realm Fan Remix", "Hollow Realm Unofficial Patch"]);
  });

  it("limits Additional Content to 20 and Mods & Fan Content to 15", async () => {
    const main = await createGame({ name: "Big Base Game" });
    for (let i = 0; i < ADDITIONAL_CONTENT_LIMIT + 3; i++) {
      await createGame({ name: `Big Base Game Pack ${i}`, category: 1, parentGameId: main.id, releaseYear: 2000 + i });
    }
    for (let i = 0; i < MODS_SHOWN + 4; i++) {
      await createGame({ name: `Big Base Game Mod ${i}`, category: 5, parentGameId: main.id, releaseYear: 2000 + i });
    }
    const data = await locally(() => related(main.slug));
    expect(data.additionalContent?.items).toHaveLength(ADDITIONAL_CONTENT_LIMIT);
    expect(data.additionalContent!.items[0]!.name).toBe("Big Base Game Pack 0");
    expect(data.mods?.items).toHaveLength(MODS_SHOWN);
    expect(data.mods!.items[0]!.name).toBe(`Big Base Game Mod ${MODS_SHOWN + 3}`);
  });

  it("a DLC: the Main Game card, and no carousels", async () => {
    const main = await createGame({ name: "Crown of Ages", igdbId: 910_100, releaseYear: 2011 });
    const dlc = await createGame({ name: "Crown of Ages: Dawnguard", category: 1, parentGameId: main.id, parentIgdbId: 910_100 });
    const data = await locally(() => related(dlc.slug));
    expect(data.kind).toBe("dlc");
    expect(data.mainGame).toEqual({
      game: expect.objectContaining({ name: "Crown of Ages", href: "/game/910100", year: 2011, categoryLabel: "Main Game" }),
      error: null,
    });
    expect(data.additionalContent).toBeNull();
    expect(data.mods).toBeNull();
  });

  it("other categories get no related blocks; empty blocks come back empty (hidden)", async () => {
    const remake = await createGame({ name: "Old Thing Remake", category: 8 });
    expect(await locally(() => related(remake.slug))).toMatchObject({ kind: "other", mainGame: null, additionalContent: null, mods: null });
    const lonely = await createGame({ name: "Lonely Game" });
    expect(await locally(() => related(lonely.slug))).toMatchObject({
      kind: "main",
      additionalContent: { items: [], error: null },
      mods: { items: [], error: null },
    });
  });

  it("applies the content policy to Mods & Fan Content, with the main game as context", async () => {
    const main = await createGame({ name: "Star Courier", developer: "Courier Inc" });
    await createGame({ name: "Sky Randomizer", category: 5, parentGameId: main.id, releaseDate: `${THIS_YEAR}-01-02` });
    await createGame({ name: "Old Total Conversion", category: 5, parentGameId: main.id, releaseDate: "2012-01-01" });
    await createGame({ name: "Star Courier Fan Sequel", category: 0, parentGameId: main.id, releaseDate: "2010-01-01" });

    usePolicy([{ name: "Courier", level: "MODERATE", franchises: ["Star Courier"] }]);
    // MODERATE: fan games and recent mods go, mods older than 3 years stay.
    expect(names((await locally(() => related(main.slug))).mods?.items)).toEqual(["Old Total Conversion"]);

    usePolicy([{ name: "Courier", level: "MOD_FRIENDLY", franchises: ["Star Courier"] }]);
    expect(names((await locally(() => related(main.slug))).mods?.items)).toEqual(["Sky Randomizer", "Old Total Conversion"]);

    // AGGRESSIVE / BLOCK_ALL remove every mod: the block is not shown at all.
    usePolicy([{ name: "Courier", level: "AGGRESSIVE", franchises: ["Star Courier"] }]);
    const blocked = await locally(() => related(main.slug));
    expect(blocked.mods).toBeNull();
    expect(blocked.additionalContent).toEqual({ items: [], error: null });
  });
});

describe("the mods filter's category rule", () => {
  const parent = { developer: "Realm Works", publisher: "Realm Works" };
  // A name without any keep word: only the category can keep it.
  const entry = (category: number | null | undefined) => ({
    name: "Hollow Realm Nightfall",
    category,
    coverUrl: "x",
    developer: "Someone",
  });

  it("keeps an entry whose category is missing (absent or 0) or above 4, and not one of 1 to 4", () => {
    expect(isModContent(entry(undefined), parent)).toBe(true);
    expect(isModContent(entry(null), parent)).toBe(true);
    // 0 is how an absent game_type is stored and converted.
    expect(isModContent(entry(0), parent)).toBe(true);
    expect(isModContent(entry(5), parent)).toBe(true);
    for (const c of [1, 2, 3, 4]) expect(isModContent(entry(c), parent)).toBe(false);
  });

  it("an IGDB child without game_type is kept in Mods & Fan Content", async () => {
    const main = await createGame({ name: "Nightfall Base", igdbId: 930_000, developer: "Base Studio", publisher: "Base Studio" });
    const { game_type: _absent, ...noType } = igdbGame(930_001, "Nightfall Base Overhaul", {
      parent_game: 930_000,
      involved_companies: [{ id: 1, company: { id: 77, name: "Modder Team" }, developer: true, publisher: false }],
    });
    s.igdb.addGames(igdbGame(930_000, "Nightfall Base"), noType);
    const data = await related(main.slug);
    expect(names(data.mods?.items)).toEqual(["Nightfall Base Overhaul"]);
  });
});

describe("related content from IGDB (stand-in), stored after", () => {
  const witcherDlcs = () => [
    igdbGame(2001, "The Witcher 3: Hearts of Stone", { game_type: 2, parent_game: 1942, first_release_date: 1_444_694_400 }),
    igdbGame(2002, "The Witcher 3: Blood and Wine", { game_type: 2, parent_game: 1942, first_release_date: 1_464_652_800 }),
    igdbGame(2003, "The Witcher 3: No Cover DLC", { game_type: 1, parent_game: 1942, cover: null }),
    igdbGame(2004, "The Witcher 3: No Companies DLC", { game_type: 1, parent_game: 1942, involved_companies: null }),
    igdbGame(2005, "The Witcher 3: HD Reworked Mod", { game_type: 1, parent_game: 1942 }),
    igdbGame(2006, "Other Game DLC", { game_type: 1, parent_game: 7777 }),
    igdbGame(2010, "The Witcher 3 Enhanced Edition", {
      game_type: 5,
      parent_game: 1942,
      first_release_date: 1_600_000_000,
      involved_companies: [{ id: 201_001, company: { id: 5000, name: "Halk Hogan" }, developer: true, publisher: false }],
    }),
    igdbGame(2011, "The Witcher 3: Wild Hunt - Game of the Year Edition", { game_type: 10, parent_game: 1942 }),
    // A remaster credited to the main game's developer: official, not fan content.
    igdbGame(2012, "The Witcher 3 Next-Gen Remaster", { game_type: 9, parent_game: 1942 }),
  ];

  it("fetches Additional Content and Mods from IGDB, stores them, then serves them locally without IGDB calls", async () => {
    const main = await createGame({ name: "The Witcher 3: Wild Hunt", igdbId: 1942, developer: "CD Projekt RED", publisher: "CD Projekt" });
    s.igdb.addGames(igdbGame(1942, "The Witcher 3: Wild Hunt"), ...witcherDlcs());

    const first = await related(main.slug);
    expect(first.kind).toBe("main");
    expect(names(first.additionalContent?.items)).toEqual(["The Witcher 3: Hearts of Stone", "The Witcher 3: Blood and Wine"]);
    expect(first.additionalContent!.items[0]).toMatchObject({ igdbId: 2001, href: "/game/2001", categoryLabel: "Expansion" });
    // Only the fan mod: the GOTY edition is excluded by name, the remaster credited to CD Projekt is official.
    expect(names(first.mods?.items)).toEqual(["The Witcher 3 Enhanced Edition"]);

    // The queries IGDB received: the category lookup, the DLC query and the mods query.
    const bodies = s.igdb.apiCalls().map((c) => c.body);
    expect(bodies).toHaveLength(3);
    expect(bodies).toContainEqual("fields game_type,parent_game; where id = 1942; limit 1;");
    expect(bodies.find((b) => b.includes("game_type = (1,2,3,4)"))).toMatch(
      /where parent_game = 1942 & game_type = \(1,2,3,4\) & cover != null & involved_companies != null; sort first_release_date asc; limit 20;$/,
    );
    expect(bodies.find((b) => b.includes("first_release_date desc"))).toMatch(
      /where parent_game = 1942 & cover != null; sort first_release_date desc; limit 30;$/,
    );

    // Stored, linked to the main game, without duplicates.
    const stored = await db
      .handle()
      .db.select({ igdbId: game.igdbId, parent: game.parentGameId })
      .from(game)
      .where(eq(game.parentGameId, main.id));
    expect(stored.map((r) => r.igdbId).sort()).toEqual([2001, 2002, 2010]);

    // The same page again: from the database, no IGDB call.
    s.igdb.resetLog();
    const second = await related(main.slug);
    expect(second).toEqual(first);
    expect(s.igdb.apiCalls()).toHaveLength(0);

    // Even with IGDB down (another process, no in-memory state), the stored games are served.
    resetRelatedContentState();
    s.igdb.failNext(503, 10, "/v4/games");
    const third = await related(main.slug);
    expect(names(third.additionalContent?.items)).toEqual(names(first.additionalContent?.items));
    expect(third.additionalContent?.error).toBeNull();
  });

  it("skips IGDB for Additional Content when every DLC / expansion IGDB listed is stored", async () => {
    const main = await createGame({ name: "Stored Base", igdbId: 3000, dlcIds: [3001], expansionIds: [3002] });
    await createGame({ name: "Stored Base: DLC", igdbId: 3001, category: 1, parentGameId: main.id });
    await createGame({ name: "Stored Base: Expansion", igdbId: 3002, category: 2, parentGameId: main.id });
    s.igdb.addGames(igdbGame(3000, "Stored Base"), igdbGame(3003, "Stored Base: Unseen DLC", { game_type: 1, parent_game: 3000 }));
    const data = await related(main.slug);
    expect(names(data.additionalContent?.items)).toEqual(["Stored Base: DLC", "Stored Base: Expansion"]);
    expect(s.igdb.apiCalls().some((c) => c.body.includes("game_type = (1,2,3,4)"))).toBe(false);
  });

  it("finds a DLC's main game in two steps (parent_game, then the game), saves both facts", async () => {
    // Stored as a main game without a parent (e.g. from an old import); IGDB knows better.
    const dlc = await createGame({ name: "Phantom Liberty", igdbId: 4001 });
    s.igdb.addGames(igdbGame(4001, "Phantom Liberty", { game_type: 2, parent_game: 4000 }), igdbGame(4000, "Cyberpunk 2077"));

    const data = await related(dlc.slug);
    expect(data.kind).toBe("dlc");
    expect(data.mainGame).toEqual({
      game: expect.objectContaining({ name: "Cyberpunk 2077", igdbId: 4000, href: "/game/4000" }),
      error: null,
    });
    const bodies = s.igdb.apiCalls().map((c) => c.body);
    expect(bodies[0]).toBe("fields game_type,parent_game; where id = 4001; limit 1;");
    expect(bodies[1]).toMatch(/where id = \(4000\)/);
    expect(bodies).toHaveLength(2);

    const [parent] = await db.handle().db.select({ id: game.id }).from(game).where(eq(game.igdbId, 4000));
    const [row] = await db.handle().db.select().from(game).where(eq(game.id, dlc.id));
    expect(row).toMatchObject({ category: 2, parentIgdbId: 4000, parentGameId: parent!.id });

    // Next time: the stored parent, no IGDB call.
    s.igdb.resetLog();
    resetRelatedContentState();
    expect((await related(dlc.slug)).mainGame?.game?.name).toBe("Cyberpunk 2077");
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });

  it("a DLC naming a main game that is not stored: fetches and stores the main game", async () => {
    const dlc = await createGame({ name: "Shadow of the Tree", igdbId: 5001, category: 2, parentIgdbId: 5000 });
    s.igdb.addGames(igdbGame(5000, "Ring of Elden"));
    const data = await related(dlc.slug);
    expect(data.mainGame?.game).toMatchObject({ name: "Ring of Elden", igdbId: 5000 });
    // No category lookup: the stored category is DLC-type already.
    expect(s.igdb.apiCalls()).toHaveLength(1);
    const [row] = await db.handle().db.select({ parentGameId: game.parentGameId }).from(game).where(eq(game.id, dlc.id));
    expect(row!.parentGameId).not.toBeNull();
  });

  it("IGDB failures leave the blocks empty, never an error", async () => {
    const main = await createGame({ name: "Failing Base", igdbId: 6000 });
    s.igdb.failNext(503, 10, "/v4/games");
    const data = await related(main.slug);
    expect(data).toMatchObject({ kind: "main", additionalContent: { items: [], error: null }, mods: { items: [], error: null } });
  });

  it("the category lookup gives up after its time-out (8 s in production) and then means 'no category'", async () => {
    s.igdb.addGames(igdbGame(7001, "Slow DLC", { game_type: 1, parent_game: 7000 }));
    s.igdb.delayMs = 1000;
    const started = performance.now();
    expect(await lookupGameCategory(7001, 150)).toBeNull();
    expect(performance.now() - started).toBeLessThan(900);
    s.igdb.delayMs = 0;
    s.resetClient();
    expect(await lookupGameCategory(7001)).toEqual({ category: 1, parentIgdbId: 7000 });
  });

  it("the endpoint answers JSON with a short public cache, and 404 / 400 as JSON errors", async () => {
    const { loader } = await import("../../../routes/api.games.$idOrSlug.related");
    const main = await createGame({ name: "Endpoint Base" });
    type Args = Parameters<typeof loader>[0];
    const call = (idOrSlug: string) => loader({ params: { idOrSlug } } as unknown as Args);
    const ok = await locally(() => call(main.slug));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toMatch(/public, max-age=300/);
    expect(await ok.json()).toMatchObject({ kind: "main", additionalContent: { items: [] } });
    const missing = await call("no-such-game-anywhere");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Game not found" });
    expect((await call("bad slug!")).status).toBe(400);
  });
});

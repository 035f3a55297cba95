import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { game, platform, searchWord } from "~/db/schema";
import { createGame, createRating, createUser } from "../../../../tests/factories";
import { useTestDatabase } from "../../../../tests/setup/database";
import { buildRelaxedTsQuery, buildTsQuery, browseGames, CANDIDATE_CAP, searchGames, singleEdits } from "./search.service.server";
import { prepareQuery } from "./search-ranking";

const db = useTestDatabase();

const names = async (q: string, extra: Parameters<typeof searchGames>[0] extends infer O ? Partial<O> : never = {}) =>
  (await searchGames({ q, ...extra })).games.map((g) => g.name);

let ids: Record<string, number> = {};

beforeAll(async () => {
  const made = [
    await createGame({ name: "Half-Life 2", releaseYear: 2004, releaseDate: "2004-11-16", platformNames: ["PC", "Xbox"] }),
    await createGame({ name: "Half-Life 2: Episode One", releaseYear: 2006, category: 6, platformNames: ["PC"] }),
    await createGame({ name: "Half-Life", releaseYear: 1998, platformNames: ["PC"] }),
    await createGame({ name: "Marvel's Spider-Man", releaseYear: 2018, platformNames: ["PlayStation 4"] }),
    await createGame({ name: "Pac-Man", releaseYear: 1980, platformNames: ["Arcade"] }),
    await createGame({ name: "Pac-Man Championship Edition", releaseYear: 2007, platformNames: ["Xbox"] }),
    await createGame({ name: "Pokémon Emerald", releaseYear: 2004, platformNames: ["Game Boy Advance"] }),
    await createGame({ name: "Final Fantasy VII", releaseYear: 1997, platformNames: ["PlayStation"] }),
    await createGame({ name: "Final Fantasy VII Remake", releaseYear: 2020, category: 8, platformNames: ["PlayStation 4"] }),
    await createGame({ name: "Crisis Core: Final Fantasy VII", releaseYear: 2007, platformNames: ["PSP"] }),
    await createGame({ name: "Mega Man 2", releaseYear: 1988, platformNames: ["NES"] }),
    await createGame({ name: "Metroid Prime", releaseYear: 2002, platformNames: ["GameCube"] }),
    await createGame({ name: "Metroid Prime 2: Echoes", releaseYear: 2004, platformNames: ["GameCube"] }),
    await createGame({ name: "The Elder Scrolls V: Skyrim", releaseYear: 2011, platformNames: ["PC", "Xbox"] }),
    await createGame({ name: "The Elder Scrolls V: Skyrim - Dawnguard", releaseYear: 2012, category: 1, platformNames: ["PC"] }),
    await createGame({ name: "The Elder Scrolls V: Skyrim Legendary Edition", releaseYear: 2013, platformNames: ["PC"] }),
    await createGame({ name: "Fallout: New Vegas", releaseYear: 2010, platformNames: ["PC"] }),
    await createGame({ name: "Ratchet & Clank", releaseYear: 2002, platformNames: ["PlayStation 2"] }),
    await createGame({ name: "Beyond Oasis", releaseYear: 1994, alternativeNames: ["The Story of Thor"], platformNames: ["Genesis"] }),
  ];
  ids = Object.fromEntries(made.map((g) => [g.name, g.id]));
});

describe("searchGames: finding what people mean", () => {
  it("returns nothing for an empty or sanitised-away term", async () => {
    expect((await searchGames({ q: "" })).games).toEqual([]);
    expect((await searchGames({ q: "  '\"();%_ -- " })).total).toBe(0);
  });

  it.each([
    ["halflife 2", "Half-Life 2"],
    ["half life", "Half-Life"],
    ["spiderman", "Marvel's Spider-Man"],
    ["pac man", "Pac-Man"],
    ["pokemon emerald", "Pokémon Emerald"],
    ["POKÉMON emerald", "Pokémon Emerald"],
    ["final fantasy 7", "Final Fantasy VII"],
    ["mega man ii", "Mega Man 2"],
    ["metriod prime", "Metroid Prime"],
    ["skyrim", "The Elder Scrolls V: Skyrim"],
    ["new vegas", "Fallout: New Vegas"],
    ["ratchet and clank", "Ratchet & Clank"],
    ["the story of thor", "Beyond Oasis"],
    ["dawnguard", "The Elder Scrolls V: Skyrim - Dawnguard"],
    ["skyrm", "The Elder Scrolls V: Skyrim"],
  ])("%s → %s", async (q, expected) => {
    expect((await names(q))[0]).toBe(expected);
  });

  it("ranks the main game above its DLC and editions", async () => {
    const found = await names("skyrim");
    expect(found[0]).toBe("The Elder Scrolls V: Skyrim");
    expect(found).toContain("The Elder Scrolls V: Skyrim - Dawnguard");
    expect(found).toContain("The Elder Scrolls V: Skyrim Legendary Edition");
  });

  it("returns the documented hit shape with the average user rating", async () => {
    const u = await createUser();
    await createRating({ userId: u.id, gameId: ids["Half-Life 2"]!, rating: 9 });
    await createRating({ userId: (await createUser()).id, gameId: ids["Half-Life 2"]!, rating: 8 });
    const result = await searchGames({ q: "half life 2" });
    expect(result).toMatchObject({ page: 1, pageSize: 20, source: "database", filteredCount: 0 });
    expect(result.games[0]).toEqual({
      id: ids["Half-Life 2"],
      igdbId: null,
      name: "Half-Life 2",
      slug: expect.any(String),
      year: 2004,
      releaseDate: "2004-11-16",
      coverUrl: null,
      category: 0,
      platforms: ["PC", "Xbox"],
      avgUserRating: 8.5,
      userRatingCount: 2,
    });
  });
});

describe("searchGames: filters, sorts, paging", () => {
  it("filters by platform and by year; total counts the filtered matches", async () => {
    const [pc] = await db
      .handle()
      .db.execute<{ id: number }>(sql`select id from platform where name = 'PC'`)
      .then((r) => r.rows);
    const onPc = await searchGames({ q: "half life", platformId: pc!.id });
    expect(onPc.games.map((g) => g.name).sort()).toEqual(["Half-Life", "Half-Life 2", "Half-Life 2: Episode One"]);
    expect(onPc.total).toBe(3);
    const [xbox] = await db
      .handle()
      .db.execute<{ id: number }>(sql`select id from platform where name = 'Xbox'`)
      .then((r) => r.rows);
    expect(await names("half life", { platformId: xbox!.id })).toEqual(["Half-Life 2"]);
    expect(await names("half life", { year: 1998 })).toEqual(["Half-Life"]);
    expect((await searchGames({ q: "half life", year: 1990 })).total).toBe(0);
  });

  it("sorts by name, release date and review count in both orders", async () => {
    const byName = await names("half life", { sort: { field: "name", order: "asc" } });
    expect(byName).toEqual(["Half-Life", "Half-Life 2", "Half-Life 2: Episode One"]);
    expect(await names("half life", { sort: { field: "name", order: "desc" } })).toEqual([...byName].reverse());
    expect(await names("half life", { sort: { field: "release_date", order: "desc" } })).toEqual([
      "Half-Life 2: Episode One",
      "Half-Life 2",
      "Half-Life",
    ]);
    expect((await names("half life", { sort: { field: "rating_count", order: "desc" } }))[0]).toBe("Half-Life 2");
    // Unrated games go last in both orders.
    expect((await names("half life", { sort: { field: "rating", order: "asc" } }))[0]).toBe("Half-Life 2");
  });

  it("pages through the ranked matches", async () => {
    const all = await names("half life", { pageSize: 50 });
    expect(all.length).toBe(3);
    const page1 = await searchGames({ q: "half life", pageSize: 2, page: 1 });
    const page2 = await searchGames({ q: "half life", pageSize: 2, page: 2 });
    expect(page1.total).toBe(3);
    expect([...page1.games, ...page2.games].map((g) => g.name)).toEqual(all);
    expect((await searchGames({ q: "half life", pageSize: 2, page: 9 })).games).toEqual([]);
    expect((await searchGames({ q: "half life", pageSize: 500 })).pageSize).toBe(50);
  });

  it("caps the candidates at 150", async () => {
    await db
      .handle()
      .db.insert(game)
      .values(
        Array.from({ length: 170 }, (_, i) => ({
          name: `Zorblax Saga ${i + 1}`,
          slug: `zorblax-saga-${i + 1}`,
          searchName: `zorblax saga ${i + 1}`,
        })),
      );
    const result = await searchGames({ q: "zorblax", pageSize: 50, page: 1 });
    expect(result.total).toBe(CANDIDATE_CAP);
    // The page says the total is the best matches only (170 titles hold the word).
    expect(result.totalCapped).toBe(true);
    // Under the cap, the total is every match, and nothing says otherwise.
    const few = await searchGames({ q: "zorblax saga 17" });
    expect(few.total).toBeLessThan(CANDIDATE_CAP);
    expect(few.totalCapped).toBeUndefined();
  });
});

describe("browseGames", () => {
  it("lists every game filtered by platform and year, by name, with an exact total", async () => {
    const all = await browseGames({ q: "", pageSize: 5 });
    const [{ n } = { n: 0 }] = await db
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(game);
    expect(all.total).toBe(n);
    expect(all.games).toHaveLength(5);
    const sorted = [...all.games].map((g) => g.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());
    const in2004 = await browseGames({ q: "", year: 2004 });
    expect(in2004.games.map((g) => g.name).sort()).toEqual(["Half-Life 2", "Metroid Prime 2: Echoes", "Pokémon Emerald"]);
    const newest = await browseGames({ q: "", year: 2004, sort: { field: "release_date", order: "desc" } });
    expect(newest.games[0]?.name).toBe("Half-Life 2");
    const rated = await browseGames({ q: "", sort: { field: "rating", order: "desc" }, pageSize: 1 });
    expect(rated.games[0]?.name).toBe("Half-Life 2");
    const page2 = await browseGames({ q: "", pageSize: 5, page: 2 });
    expect(page2.games[0]?.id).not.toBe(all.games[0]?.id);
  });

  it("sorts by the best-known release date: the date, else the year; undated games last", async () => {
    // Created in an order that differs from the dates, so an order by internal id shows.
    await createGame({ name: "Dated Late", releaseYear: 2024, releaseDate: "2024-03-01", platformNames: ["Datebox"] });
    await createGame({ name: "Year Only Old", releaseYear: 2003, releaseDate: null, platformNames: ["Datebox"] });
    await createGame({ name: "Undated", releaseYear: null, releaseDate: null, platformNames: ["Datebox"] });
    await createGame({ name: "Dated Early", releaseYear: 2022, releaseDate: "2022-05-10", platformNames: ["Datebox"] });
    await createGame({ name: "Year Only Mid", releaseYear: 2023, releaseDate: null, platformNames: ["Datebox"] });
    const [box] = await db.handle().db.select({ id: platform.id }).from(platform).where(eq(platform.name, "Datebox"));
    const order = async (o: "asc" | "desc") =>
      (await browseGames({ q: "", platformId: box!.id, sort: { field: "release_date", order: o } })).games.map((g) => g.name);
    expect(await order("asc")).toEqual(["Year Only Old", "Dated Early", "Year Only Mid", "Dated Late", "Undated"]);
    expect(await order("desc")).toEqual(["Dated Late", "Year Only Mid", "Dated Early", "Year Only Old", "Undated"]);
  });
});

describe("search words dictionary", () => {
  it("is filled by the game triggers on insert and on rename", async () => {
    const g = await createGame({ name: "Quuxlorian Odyssey" });
    const has = async (w: string) => (await db.handle().db.select().from(searchWord).where(eq(searchWord.word, w))).length === 1;
    expect(await has("quuxlorian")).toBe(true);
    await db.handle().db.update(game).set({ searchName: "blorptastic odyssey", name: "Blorptastic Odyssey" }).where(eq(game.id, g.id));
    expect(await has("blorptastic")).toBe(true);
    expect(await names("quuxlorain odysey")).toEqual([]);
    expect((await names("blorptastik"))[0]).toBe("Blorptastic Odyssey");
  });

  it("builds a safe tsquery with numerals, corrections and a prefix", () => {
    const q = prepareQuery("the final fantasy 7")!;
    expect(buildTsQuery(q, new Map([["final", ["finale"]]]))).toBe("(final | finale) & fantasy & (7 | vii | seven)");
    expect(buildTsQuery(prepareQuery("zeld")!, new Map())).toBe("(zeld | zeld:*)");
    expect(singleEdits("tiem")).toContain("time");
  });

  it("leaves an optional trailing 1 out of the tsquery, and asks the last resort for the longer words when short ones are misspelt", () => {
    expect(buildTsQuery(prepareQuery("sonic 1")!, new Map())).toBe("sonic");
    // Three groups: all but one of them.
    expect(buildRelaxedTsQuery(prepareQuery("dead rising 2")!, new Map())).toBe(
      "(rising & (2 | ii | two)) | (dead & (2 | ii | two)) | (dead & rising)",
    );
    // Short words ("hte", "kng") have no correction: the longer words alone too.
    expect(buildRelaxedTsQuery(prepareQuery("hte hong kng massacre")!, new Map())).toBe(
      "(hong & kng & (massacre | massacre:*)) | (hte & kng & (massacre | massacre:*)) | (hte & hong & (massacre | massacre:*)) | (hte & hong & kng) | (hong & (massacre | massacre:*))",
    );
  });
});

import { describe, expect, it } from "vitest";
import { CatalogueLine } from "../../app/modules/catalogue/import/import.schema";
import { normalizeTitle } from "../../app/lib/search-text";
import { generateRatings, syntheticUser } from "./people";
import { createRng } from "./prng";
import { acronym, FIRST_YEAR, generateGames, LAST_YEAR, SYNTHETIC_IGDB_BASE, toCatalogueLine, type SyntheticGame } from "./titles";
import { PLATFORM_ERAS } from "./words";

const games: SyntheticGame[] = [...generateGames(20_000, 7)];

describe("createRng", () => {
  it("repeats the same sequence for the same seed and differs for another", () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});

describe("generateGames", () => {
  it("is deterministic: same count and seed give the same games", () => {
    const again = [...generateGames(2_000, 7)];
    expect(again).toEqual(games.slice(0, 2_000));
    const other = [...generateGames(2_000, 8)].map((g) => g.name);
    expect(other).not.toEqual(again.map((g) => g.name));
  });

  it("yields exactly the requested count with unique igdb ids above 50,000,000", () => {
    expect(games).toHaveLength(20_000);
    expect([...generateGames(0, 1)]).toHaveLength(0);
    expect([...generateGames(1, 1)]).toHaveLength(1);
    const ids = new Set(games.map((g) => g.igdbId));
    expect(ids.size).toBe(games.length);
    expect(Math.min(...ids)).toBeGreaterThan(SYNTHETIC_IGDB_BASE);
    expect(SYNTHETIC_IGDB_BASE).toBeGreaterThanOrEqual(50_000_000);
  });

  it("writes numbered, roman-numeral and subtitled sequels", () => {
    const names = new Set(games.map((g) => g.name));
    const arabic = games.filter((g) => g.category === 0 && / [2-9]$/.test(g.name));
    const roman = games.filter((g) => g.category === 0 && / (II|III|IV|V|VI|VII|VIII|IX)$/.test(g.name));
    const subtitled = games.filter((g) => g.category === 0 && /^[^:]+: [A-Z]/.test(g.name));
    expect(arabic.length).toBeGreaterThan(200);
    expect(roman.length).toBeGreaterThan(100);
    expect(subtitled.length).toBeGreaterThan(1_000);
    // A sequel "X 2" comes with its first game "X" in the same series.
    const sequel = arabic.find((g) => g.name.endsWith(" 2") && g.series);
    expect(sequel).toBeDefined();
    expect(names.has(sequel?.series ?? "")).toBe(true);
  });

  it("has editions, DLC with parents, bundles, mods and seasons", () => {
    const byCategory = (c: number) => games.filter((g) => g.category === c);
    for (const c of [1, 2, 3, 5, 7, 9, 10]) expect(byCategory(c).length, `category ${c}`).toBeGreaterThan(20);
    expect(
      games.filter((g) => /(Definitive Edition|GOTY Edition|Game of the Year Edition|Remastered)$/.test(g.name)).length,
    ).toBeGreaterThan(50);
    expect(games.filter((g) => g.category === 0).length / games.length).toBeGreaterThan(0.5);

    const index = new Map(games.map((g, i) => [g.igdbId, i]));
    const problems: string[] = [];
    for (const [i, g] of games.entries()) {
      if (g.category === 1 || g.category === 2 || g.category === 5 || g.category === 7) {
        const parentAt = index.get(g.parentIgdbId ?? -1);
        const parent = parentAt === undefined ? undefined : games[parentAt];
        // The parent is a main game that comes first, and the child's title extends it.
        if (!parent || parentAt === undefined) problems.push(`${g.name}: no parent`);
        else if (parentAt >= i || parent.category !== 0) problems.push(`${g.name}: bad parent ${parent.name}`);
        else if (g.category !== 5 && !g.name.startsWith(parent.name)) problems.push(`${g.name}: not named after ${parent.name}`);
      }
      if ((g.category === 0 || g.category === 3) && g.parentIgdbId !== null) problems.push(`${g.name}: unexpected parent`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(byCategory(7).every((g) => /Season \d+/.test(g.name))).toBe(true);
  });

  it("uses the platforms of each game's era, years 1980–2026, and importable lines", () => {
    const platformYears = new Map(PLATFORM_ERAS.map(([from, to, name]) => [name, [from, to] as const]));
    const problems: string[] = [];
    for (const g of games) {
      if (g.releaseYear < FIRST_YEAR || g.releaseYear > LAST_YEAR) problems.push(`${g.name}: year ${g.releaseYear}`);
      if (g.releaseDate && !g.releaseDate.startsWith(String(g.releaseYear))) problems.push(`${g.name}: date ${g.releaseDate}`);
      if (g.platforms.length === 0) problems.push(`${g.name}: no platform`);
      for (const p of g.platforms) {
        const era = platformYears.get(p);
        if (!era) problems.push(`${g.name}: unknown platform ${p}`);
        else if (g.category === 0 && (g.releaseYear < era[0] || g.releaseYear > era[1]))
          problems.push(`${g.name} (${g.releaseYear}) on ${p}`);
      }
      if (!normalizeTitle(g.name)) problems.push(`${g.name}: empty search name`);
      if (/\s{2}|^\s|\s$|::|\bA [AEIOU]/.test(g.name)) problems.push(`${g.name}: badly formed`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    const years = new Set(games.map((g) => g.releaseYear));
    expect(years.has(FIRST_YEAR) && years.has(2000)).toBe(true);
    const invalid = games
      .slice(0, 3_000)
      .map((g) => ({ g, parsed: CatalogueLine.safeParse(toCatalogueLine(g)) }))
      .filter((x) => !x.parsed.success)
      .map((x) => `${x.g.name}: ${x.parsed.error?.message}`);
    expect(invalid).toEqual([]);
  });

  it("keeps names mostly distinct", () => {
    const distinct = new Set(games.map((g) => g.name.toLowerCase()));
    expect(distinct.size / games.length).toBeGreaterThan(0.98);
  });
});

describe("acronym", () => {
  it("keeps numerals and initials", () => {
    expect(acronym("Chrono Blade III")).toBe("CBIII");
    expect(acronym("Star Drift 2: Dawn of Embers")).toBe("SD2DOE");
    expect(acronym("Skyreach")).toBeNull();
  });
});

describe("synthetic users and ratings", () => {
  it("derives valid, unique usernames from the index", () => {
    const users = Array.from({ length: 5_000 }, (_, i) => syntheticUser(i));
    expect(new Set(users.map((u) => u.username)).size).toBe(users.length);
    for (const u of users) expect(u.username).toMatch(/^[a-z0-9_]{3,21}$/);
    expect(syntheticUser(17)).toEqual(syntheticUser(17));
  });

  it("rates in half steps from 1 to 10, once per user and game, never unreleased games", () => {
    const years = Array.from({ length: 1_000 }, (_, i) => (i % 10 === 0 ? 2026 : 1990 + (i % 30)));
    const ratings = generateRatings({ users: 200, gameYears: years, ratings: 5_000, seed: 3 });
    expect(ratings).toHaveLength(5_000);
    expect(generateRatings({ users: 200, gameYears: years, ratings: 5_000, seed: 3 })).toEqual(ratings);
    const pairs = new Set(ratings.map((r) => `${r.user}:${r.game}`));
    expect(pairs.size).toBe(ratings.length);
    for (const r of ratings) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(10);
      expect(Number.isInteger(r.rating * 2)).toBe(true);
      expect(years[r.game]).toBeLessThan(2026);
    }
    expect(ratings.filter((r) => r.review).length).toBeGreaterThan(1_000);
    // Skewed: the most rated game has far more ratings than the average.
    const perGame = new Map<number, number>();
    for (const r of ratings) perGame.set(r.game, (perGame.get(r.game) ?? 0) + 1);
    expect(Math.max(...perGame.values())).toBeGreaterThan(5 * (ratings.length / perGame.size));
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../../tests/setup/database";
import { game, platform, platformGames } from "~/db/schema";
import { uniqueSlug } from "../catalogue-write";
import { searchGames } from "../search/search.service.server";
import { importCatalogue } from "./import.service.server";

const db = useTestDatabase();

function writeJsonl(lines: (object | string)[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-import-"));
  const file = path.join(dir, "games.jsonl");
  fs.writeFileSync(file, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return file;
}

describe("catalogue import", () => {
  it("inserts games with slugs, platforms and search names, and reports bad lines by number", async () => {
    const file = writeJsonl([
      { name: "Pokémon Red Version", year: 1996, platforms: ["Game Boy"], genres: ["Role-playing (RPG)"], igdb_id: 1561 },
      "{not json",
      { year: 1999 },
      { name: "Half-Life 2", year: 2004, platforms: ["PC (Microsoft Windows)", "Xbox"], developers: ["Valve"], igdb_id: 233 },
      { name: "Half-Life 2: Episode One", year: 2006, category: 4, parent_igdb_id: 233, igdb_id: 231 },
      { name: "Doom", year: 1993 },
      { name: "DOOM", year: 2016 },
      { name: "1942", year: 1984 },
      { name: "Bad Year", year: "soon" },
    ]);
    const problems: number[] = [];
    const s = await importCatalogue(file, { onProblem: (p) => problems.push(p.line) });
    expect(s.inserted).toBe(6);
    expect(s.updated).toBe(0);
    expect(problems).toEqual([2, 3, 9]);
    expect(s.problems.find((p) => p.line === 3)?.reason).toMatch(/name/);

    const rows = await db.handle().db.select({ name: game.name, slug: game.slug, searchName: game.searchName }).from(game).orderBy(game.id);
    expect(rows.map((r) => r.slug)).toEqual([
      "pokemon-red-version",
      "half-life-2",
      "half-life-2-episode-one",
      "doom",
      "doom-2",
      "1942-game",
    ]);
    expect(rows[0]!.searchName).toBe("pokemon red version");

    const [ep] = await db.handle().db.select().from(game).where(eq(game.igdbId, 231));
    const [hl2] = await db.handle().db.select().from(game).where(eq(game.igdbId, 233));
    expect(ep!.parentGameId).toBe(hl2!.id);
    expect(hl2!.developer).toBe("Valve");
    const links = await db.handle().db.select().from(platformGames).where(eq(platformGames.gameId, hl2!.id));
    expect(links).toHaveLength(2);
  });

  it("is idempotent: re-importing updates and never duplicates, and keeps fields the file lacks", async () => {
    const before = await db
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(game);
    await db.handle().db.update(game).set({ summary: "kept" }).where(eq(game.igdbId, 1561));
    const file = writeJsonl([
      { name: "Pokémon Red Version", year: 1996, platforms: ["Game Boy", "Nintendo 3DS"], igdb_id: 1561 },
      { name: "Doom", year: 1993, developers: ["id Software"] },
    ]);
    const s = await importCatalogue(file);
    expect(s).toMatchObject({ inserted: 0, updated: 2, skipped: 0 });
    const after = await db
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(game);
    expect(after[0]!.n).toBe(before[0]!.n);
    const [red] = await db.handle().db.select().from(game).where(eq(game.igdbId, 1561));
    expect(red!.summary).toBe("kept");
    expect(red!.platforms).toEqual(["Game Boy", "Nintendo 3DS"]);
    expect(red!.slug).toBe("pokemon-red-version");
    const ps = await db.handle().db.select({ name: platform.name }).from(platform);
    expect(ps.map((p) => p.name).sort()).toContain("Nintendo 3DS");
  });

  it("gives unique slugs with -2, -3 on collision", () => {
    const taken = new Set<string>();
    expect([uniqueSlug("Tetris", taken), uniqueSlug("TETRIS", taken), uniqueSlug("tetris!", taken)]).toEqual([
      "tetris",
      "tetris-2",
      "tetris-3",
    ]);
    expect(uniqueSlug("???", taken)).toBe("game");
  });

  it("imports lines sharing an igdb_id as one game named after the most complete line, whatever the order", async () => {
    const full = { name: "Silent Hill 2", year: 2001, platforms: ["PlayStation 2"], developers: ["Konami"], igdb_id: 9001 };
    const tagged = { name: "Silent Hill 2 (GH)", platforms: ["PlayStation 2"], igdb_id: 9001 };
    const tie1 = { name: "Hello Neighbor (Canada)", igdb_id: 9002 };
    const tie2 = { name: "Hello Neighbor", igdb_id: 9002 };
    for (const [i, lines] of [
      [full, tagged, tie1, tie2],
      [tagged, tie2, full, tie1],
    ].entries()) {
      const s = await importCatalogue(writeJsonl(lines));
      expect(s.merges.map((m) => [m.igdbId, m.name, m.aliases])).toEqual(
        expect.arrayContaining([
          [9001, "Silent Hill 2", ["Silent Hill 2 (GH)"]],
          [9002, "Hello Neighbor", ["Hello Neighbor (Canada)"]],
        ]),
      );
      expect(s.inserted + s.updated).toBe(2);
      const [sh] = await db.handle().db.select().from(game).where(eq(game.igdbId, 9001));
      expect([i, sh!.name, sh!.alternativeNames, sh!.developer]).toEqual([i, "Silent Hill 2", ["Silent Hill 2 (GH)"], "Konami"]);
    }
    // The other name still finds the game.
    const found = await searchGames({ q: "hello neighbor canada", igdbFallback: false });
    expect(found.games[0]?.name).toBe("Hello Neighbor");
  });

  it("stores popularity fields when present", async () => {
    await importCatalogue(
      writeJsonl([{ name: "Popular Game", igdb_id: 9100, total_rating_count: 420, hypes: 10, follows: 5, popularity: 2.5 }]),
    );
    const [g] = await db.handle().db.select().from(game).where(eq(game.igdbId, 9100));
    expect([g!.igdbRatingCount, g!.igdbPopularity]).toEqual([420, 17.5]);
  });
});

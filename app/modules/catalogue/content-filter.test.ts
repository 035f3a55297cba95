import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  applyContentFilter,
  compileContentPolicy,
  contentFilterReason,
  ContentPolicySchema,
  EMPTY_CONTENT_POLICY,
  fanContentKind,
  isEReaderTitle,
  isWithinModWindow,
  type ContentPolicy,
  type FilterableGame,
  type PolicyLevel,
} from "./content-filter";
import { ConfigError, loadConfig } from "~/config.server";
import { ContentPolicyError, getContentPolicy, loadContentPolicy, readContentPolicyFile, setContentPolicy } from "./content-policy.server";

const NOW = new Date("2025-06-01T12:00:00Z");

function policyWith(level: PolicyLevel | null, extra: Partial<ContentPolicy> = {}): ContentPolicy {
  return ContentPolicySchema.parse({
    version: 1,
    rightsHolders: [
      {
        name: "Nintendo",
        ...(level ? { level } : {}),
        reason: "Enforces its rights.",
        lastUpdated: "2025-01-15",
        franchises: ["Metroid", "Pokémon", "Zelda"],
        companies: ["Nintendo", "Game Freak"],
      },
    ],
    flagships: [
      { names: ["Super Metroid"], reason: "Peak.", releaseYear: 1994, platforms: ["SNES"], significance: "peak" },
      { names: ["Metroid Fan Club"], reason: "Test flagship with a fan word.", releaseYear: 1990, significance: "cultural" },
    ],
    ...extra,
  });
}

/** null: the rights holder names no level (the default level applies). */
const at = (level: PolicyLevel | null, defaultLevel?: PolicyLevel) => compileContentPolicy(policyWith(level), defaultLevel);
const reason = (g: FilterableGame, level: PolicyLevel | null = "MODERATE", defaultLevel?: PolicyLevel) =>
  contentFilterReason(g, at(level, defaultLevel), { now: NOW });

// Fan content of a listed franchise, credited to nobody from the rights holder.
const fanGame: FilterableGame = { name: "Pokémon Uranium (Fan Game)", releaseDate: "2016-08-06", developer: "JV and Involuntary Twitch" };
const oldMod: FilterableGame = { name: "Metroid Prime Randomizer", category: 5, releaseDate: "2018-03-01" };
const recentMod: FilterableGame = { name: "Zelda: Breath of the Wild Multiplayer Mod", releaseDate: "2024-01-10" };
const undatedMod: FilterableGame = { name: "Metroid Mod Pack", category: 5 };
const unlicensed: FilterableGame = { name: "AM2R: Another Metroid 2 Remake", releaseDate: "2016-08-06", developer: "Milton Guasti" };

describe("always-on rules (any policy, even none)", () => {
  it("removes seasons (category 7)", () => {
    expect(contentFilterReason({ name: "Fortnite: Chapter 2 - Season 4", category: 7 }, EMPTY_CONTENT_POLICY)).toBe("season");
    expect(contentFilterReason({ name: "Fortnite", category: 0 }, EMPTY_CONTENT_POLICY)).toBeNull();
  });

  it("removes bundles (category 3) unless the name is a collection type", () => {
    expect(contentFilterReason({ name: "Xbox One + Halo Double Pack", category: 3 }, EMPTY_CONTENT_POLICY)).toBe("bundle");
    expect(contentFilterReason({ name: "Super Mario Bros. / Duck Hunt", category: 3 }, EMPTY_CONTENT_POLICY)).toBe("bundle");
    for (const name of [
      "Mega Man Legacy Collection",
      "Spyro Reignited Trilogy",
      "Metal Gear Solid: Master Collection Vol. 1",
      "Atari Anthology",
      "Namco Museum Compilation",
      "Capcom Arcade Stadium Classics",
    ]) {
      expect(contentFilterReason({ name, category: 3 }, EMPTY_CONTENT_POLICY), name).toBeNull();
    }
    // The collection words only rescue bundles: a non-bundle is never removed by this rule.
    expect(contentFilterReason({ name: "Halo Double Pack", category: 0 }, EMPTY_CONTENT_POLICY)).toBeNull();
  });

  it("removes '-e - …' (e-Reader) titles and nothing that merely contains '-e'", () => {
    expect(isEReaderTitle("Pokémon Battle-e - Ruby & Sapphire")).toBe(true);
    expect(isEReaderTitle("Super Mario Advance 4: Super Mario Bros. 3 -e - Series 1")).toBe(true);
    expect(isEReaderTitle("Donkey Kong Jr.-e – Card")).toBe(true);
    expect(contentFilterReason({ name: "Pokémon Battle-e - Ruby & Sapphire", category: 0 }, EMPTY_CONTENT_POLICY)).toBe("e-reader");
    expect(isEReaderTitle("Re-Volt")).toBe(false);
    expect(isEReaderTitle("Pac-Man - Championship Edition")).toBe(false);
    expect(isEReaderTitle("Ace Combat 7: Skies Unknown - e-Sports Edition")).toBe(false);
  });

  it("removes no fan content without a listed rights holder", () => {
    expect(contentFilterReason(fanGame, EMPTY_CONTENT_POLICY)).toBeNull();
    expect(contentFilterReason({ name: "Half-Life: Black Mesa Mod", category: 5 }, at("BLOCK_ALL"))).toBeNull();
  });
});

describe("classification", () => {
  it("tells mods (category 5 or a mod word) from fan games (a fan word)", () => {
    expect(fanContentKind({ name: "Metroid Prime Randomizer", category: 0 })).toBe("mod");
    expect(fanContentKind({ name: "Anything", category: 5 })).toBe("mod");
    expect(fanContentKind({ name: "Zelda Multiplayer Mod" })).toBe("mod");
    expect(fanContentKind({ name: "Pokémon Uranium (Fan Game)" })).toBe("fan-game");
    expect(fanContentKind({ name: "Super Mario Bros. Unofficial Remix" })).toBe("fan-game");
    expect(fanContentKind({ name: "Metroid Homebrew" })).toBe("fan-game");
    expect(fanContentKind({ name: "Pokémon Crystal Rom Hack" })).toBe("fan-game");
    // Whole words only: "Fantasy", "Modern", "Hacker" are not fan or mod words.
    expect(fanContentKind({ name: "Final Fantasy: Modern Hacker" })).toBeNull();
  });

  it("counts the last 3 years as the mod window; undated counts as recent", () => {
    expect(isWithinModWindow({ releaseDate: "2022-06-02" }, NOW)).toBe(true);
    expect(isWithinModWindow({ releaseDate: "2022-05-31" }, NOW)).toBe(false);
    expect(isWithinModWindow({ year: 2022 }, NOW)).toBe(true);
    expect(isWithinModWindow({ year: 2021 }, NOW)).toBe(false);
    expect(isWithinModWindow({}, NOW)).toBe(true);
  });
});

describe("rights-holder levels", () => {
  const table: [string, FilterableGame, Record<PolicyLevel, string | null>][] = [
    ["fan game", fanGame, { BLOCK_ALL: "fan-game", AGGRESSIVE: "fan-game", MODERATE: "fan-game", MOD_FRIENDLY: "fan-game" }],
    ["mod older than 3 years", oldMod, { BLOCK_ALL: "mod", AGGRESSIVE: "mod", MODERATE: null, MOD_FRIENDLY: null }],
    ["mod within 3 years", recentMod, { BLOCK_ALL: "mod", AGGRESSIVE: "mod", MODERATE: "mod", MOD_FRIENDLY: null }],
    ["undated mod", undatedMod, { BLOCK_ALL: "mod", AGGRESSIVE: "mod", MODERATE: "mod", MOD_FRIENDLY: null }],
    ["game credited to someone else", unlicensed, { BLOCK_ALL: "unlicensed", AGGRESSIVE: null, MODERATE: null, MOD_FRIENDLY: null }],
  ];
  for (const [what, g, expected] of table) {
    for (const level of ["BLOCK_ALL", "AGGRESSIVE", "MODERATE", "MOD_FRIENDLY"] as const) {
      it(`${level}: ${what} → ${expected ?? "kept"}`, () => {
        expect(reason(g, level)).toBe(expected[level]);
      });
    }
  }

  it("uses the default level (MODERATE unless configured) for rights holders that name none", () => {
    expect(reason(oldMod, null)).toBeNull(); // MODERATE keeps old mods
    expect(reason(recentMod, null)).toBe("mod");
    expect(reason(oldMod, null, "AGGRESSIVE")).toBe("mod");
    expect(reason(recentMod, null, "MOD_FRIENDLY")).toBeNull();
  });

  it("never removes official entries: credited to the rights holder's companies, or flagships", () => {
    const official: FilterableGame = { name: "Pokémon Mystery Dungeon: Fan Club Edition", developer: "Chunsoft", publisher: "Nintendo" };
    expect(reason(official, "BLOCK_ALL")).toBeNull();
    expect(reason({ name: "Metroid Prime", developer: "Retro Studios", publisher: "Nintendo" }, "BLOCK_ALL")).toBeNull();
    expect(reason({ name: "Metroid Fan Club" }, "BLOCK_ALL")).toBeNull();
    expect(reason({ name: "Super Metroid", developer: "Intelligent Systems" }, "BLOCK_ALL")).toBeNull();
    // Uncredited games of the franchise are kept even under BLOCK_ALL (only fan or mod words remove them).
    expect(reason({ name: "Metroid: Zero Mission" }, "BLOCK_ALL")).toBeNull();
  });

  it("matches franchises as whole words in the name, alternative names, franchise and collection", () => {
    expect(reason({ name: "Project AM2R Fan Game" }, "AGGRESSIVE")).toBeNull();
    expect(reason({ name: "Project AM2R Fan Game", alternativeNames: ["Another Metroid 2 Remake"] }, "AGGRESSIVE")).toBe("fan-game");
    expect(reason({ name: "Uranium Fan Game", franchiseName: "Pokémon" }, "AGGRESSIVE")).toBe("fan-game");
    expect(reason({ name: "Uranium Fan Game", collectionName: "Pokemon" }, "AGGRESSIVE")).toBe("fan-game");
    expect(reason({ name: "Metroidvania Fan Game" }, "AGGRESSIVE")).toBeNull();
  });

  it("lets related content inherit the parent game's franchise (context)", () => {
    const policy = at("AGGRESSIVE");
    const parent: FilterableGame = { name: "The Legend of Zelda: Ocarina of Time" };
    const child: FilterableGame = { name: "Ocarina of Time Randomizer", category: 5 };
    expect(contentFilterReason(child, policy, { now: NOW })).toBeNull();
    expect(contentFilterReason(child, policy, { now: NOW, context: parent })).toBe("mod");
  });
});

describe("applyContentFilter", () => {
  it("keeps the allowed entries in order and counts the removed ones", () => {
    const games = [
      { id: 1, name: "Metroid Prime", developer: "Retro Studios" },
      { id: 2, ...fanGame },
      { id: 3, name: "Fortnite Season 3", category: 7 },
      { id: 4, name: "Mega Man Legacy Collection", category: 3 },
      { id: 5, ...recentMod },
    ];
    const out = applyContentFilter(games, at("MODERATE"), { now: NOW });
    expect(out.kept.map((g) => g.id)).toEqual([1, 4]);
    expect(out.removedCount).toBe(3);
  });

  it("can remove every result (the search page then says so)", () => {
    const out = applyContentFilter([fanGame, recentMod], at("AGGRESSIVE"), { now: NOW });
    expect(out.kept).toEqual([]);
    expect(out.removedCount).toBe(2);
  });
});

describe("the policy file", () => {
  it("the shipped config/content-policy.json is valid and every listed level is known", () => {
    const policy = readContentPolicyFile(path.resolve("config/content-policy.json"));
    expect(policy.rightsHolders.length).toBeGreaterThan(0);
    const compiled = compileContentPolicy(policy);
    expect(compiled.holders.every((h) => h.franchises.length > 0)).toBe(true);
    // The shipped policy removes a Pokémon fan game and keeps the official games.
    expect(contentFilterReason(fanGame, compiled, { now: NOW })).toBe("fan-game");
    expect(
      contentFilterReason({ name: "Pokémon Emerald", developer: "Game Freak", publisher: "Nintendo" }, compiled, { now: NOW }),
    ).toBeNull();
  });

  it("is configured by CONTENT_POLICY_FILE and CONTENT_FILTER_LEVEL (checked like every variable)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-policy-"));
    const file = path.join(dir, "policy.json");
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 1, rightsHolders: [{ name: "X", reason: "r", lastUpdated: "2025-01-01", franchises: ["Metroid"] }] }),
    );
    const config = loadConfig({ DATA_DIR: dir, CONTENT_POLICY_FILE: file, CONTENT_FILTER_LEVEL: "AGGRESSIVE" });
    expect(config).toMatchObject({ contentPolicyFile: file, contentFilterLevel: "AGGRESSIVE" });
    expect(loadConfig({ DATA_DIR: dir }).contentFilterLevel).toBe("MODERATE");
    expect(loadConfig({ DATA_DIR: dir }).contentPolicyFile).toBe(path.resolve("config/content-policy.json"));
    expect(() => loadConfig({ DATA_DIR: dir, CONTENT_FILTER_LEVEL: "STRICT" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, CONTENT_FILTER_LEVEL: "STRICT" })).toThrow(
      /CONTENT_FILTER_LEVEL: expected one of BLOCK_ALL, AGGRESSIVE, MODERATE, MOD_FRIENDLY/,
    );
    try {
      // The entry names no level: the configured one applies (AGGRESSIVE removes an old mod).
      loadContentPolicy(config.contentPolicyFile, config.contentFilterLevel);
      expect(getContentPolicy().holders[0]?.level).toBe("AGGRESSIVE");
      expect(contentFilterReason(oldMod, getContentPolicy(), { now: NOW })).toBe("mod");
    } finally {
      setContentPolicy(undefined);
    }
  });

  it("rejects a bad file with the field at fault", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-policy-"));
    const file = path.join(dir, "policy.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        rightsHolders: [{ name: "X", level: "STRICT", reason: "r", lastUpdated: "2025-01-01", franchises: ["x"] }],
      }),
    );
    expect(() => readContentPolicyFile(file)).toThrow(ContentPolicyError);
    expect(() => readContentPolicyFile(file)).toThrow(/rightsHolders\.0\.level/);
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 1, rightsHolders: [{ name: "X", reason: "r", lastUpdated: "2025-01-01", franchise: ["x"] }] }),
    );
    expect(() => readContentPolicyFile(file)).toThrow(/franchises|franchise/);
    fs.writeFileSync(file, "{ not json");
    expect(() => readContentPolicyFile(file)).toThrow(/not valid JSON/);
    expect(() => readContentPolicyFile(path.join(dir, "missing.json"))).toThrow(/could not be read/);
  });
});

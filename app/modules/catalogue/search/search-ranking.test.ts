import { describe, expect, it } from "vitest";
import { rankCandidate } from "../../../../tests/factories/ranking";
import {
  categoryAdjustment,
  editDistance,
  editSimilarity,
  matchTitle,
  prepareQuery,
  rankCandidates,
  ratingAdjustment,
  scoreCandidate,
  recencyAdjustment,
  titleForm,
  TITLE_TIERS,
  type RankCandidate,
} from "./search-ranking";

const NOW = new Date("2025-06-01T00:00:00Z");
let nextId = 1;

function cand(name: string, over: Partial<RankCandidate> = {}): RankCandidate {
  return rankCandidate(nextId++, name, over);
}

function title(q: string, name: string) {
  const query = prepareQuery(q);
  const form = titleForm(name);
  if (!query || !form) throw new Error("bad fixture");
  return matchTitle(query, form);
}

function top(q: string, candidates: RankCandidate[]): string[] {
  const query = prepareQuery(q);
  if (!query) return [];
  return rankCandidates(query, candidates, NOW).map((r) => r.candidate.name);
}

describe("edit distance", () => {
  it("counts an adjacent swap as one edit", () => {
    expect(editDistance("metriod", "metroid")).toBe(1);
    expect(editDistance("tiem", "time")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editSimilarity("bloodbourne", "bloodborne")).toBeCloseTo(1 - 1 / 11);
  });
});

describe("title tiers", () => {
  it("exact 1000, numerals 980, spacing 990, without article 950", () => {
    expect(title("doom", "Doom")).toEqual({ score: TITLE_TIERS.exact, exact: true, whole: true });
    expect(title("final fantasy 7", "Final Fantasy VII")).toEqual({ score: TITLE_TIERS.exactNumerals, exact: true, whole: true });
    expect(title("mega man ii", "Mega Man 2")).toEqual({ score: TITLE_TIERS.exactNumerals, exact: true, whole: true });
    expect(title("halflife", "Half Life")).toEqual({ score: TITLE_TIERS.exactCompact, exact: true, whole: true });
    expect(title("spider man", "Spider-Man").exact).toBe(true);
    expect(title("last of us", "The Last of Us")).toEqual({ score: TITLE_TIERS.withoutArticle, exact: true, whole: true });
    expect(title("pokemon", "Pokémon").score).toBe(TITLE_TIERS.exact);
    expect(title("ratchet and clank", "Ratchet & Clank").score).toBe(TITLE_TIERS.exact);
  });

  it("starts with 900, and 750 when the rest is edition or DLC words", () => {
    // The whole name before a subtitle: the subtitle costs 10 (round 10), a word continuing the name 15.
    expect(title("halo 5", "Halo 5: Guardians").score).toBe(TITLE_TIERS.startsWith - 10);
    expect(title("halo 5", "Halo 5 Guardians").score).toBe(TITLE_TIERS.startsWith - 15);
    expect(title("fallout 3", "Fallout 3: Game of the Year Edition").score).toBeLessThanOrEqual(750);
    expect(title("halo 2", "Halo 2 Multiplayer Map Pack").score).toBeLessThanOrEqual(750);
  });

  it("finds a subtitle or part alone", () => {
    const skyrim = title("skyrim", "The Elder Scrolls V: Skyrim");
    expect(skyrim.score).toBeGreaterThan(850);
    expect(skyrim.exact).toBe(false);
    expect(title("new vegas", "Fallout: New Vegas").score).toBeGreaterThan(850);
    expect(title("wind waker", "The Legend of Zelda: The Wind Waker").score).toBeGreaterThan(850);
  });

  it("accepts typos of similarity ≥ 0.6 at a lower score, never numbers", () => {
    const typo = title("metriod prime", "Metroid Prime");
    expect(typo.exact).toBe(false);
    expect(typo.score).toBeGreaterThan(700);
    expect(typo.score).toBeLessThan(TITLE_TIERS.startsWith);
    expect(title("halo 3", "Halo 2").score).toBe(0);
    expect(title("zzzz", "Doom").score).toBe(0);
  });

  it("lets the last word be a prefix (type-ahead) but not a number", () => {
    expect(title("zeld", "Zelda").score).toBeGreaterThan(500);
    expect(title("halo 2", "Halo 2600").score).toBe(0);
  });
});

describe("rankCandidates", () => {
  it("puts the exact title first whatever the bonuses", () => {
    const names = top("doom", [
      cand("Doom 3", { ratingCount: 500, avgUserRating: 9.5, releaseYear: 2025 }),
      cand("Doom", { releaseYear: 1993 }),
      cand("Doom II"),
    ]);
    expect(names[0]).toBe("Doom");
  });

  it("ranks main games above their DLC, editions, bundles and mods", () => {
    const names = top("skyrim", [
      cand("The Elder Scrolls V: Skyrim Legendary Edition"),
      cand("The Elder Scrolls V: Skyrim - Dawnguard", { category: 1 }),
      cand("The Elder Scrolls V: Skyrim"),
      cand("Skyrim Together", { category: 5 }),
    ]);
    expect(names[0]).toBe("The Elder Scrolls V: Skyrim");
    expect(names.indexOf("The Elder Scrolls V: Skyrim Legendary Edition")).toBeGreaterThan(0);
  });

  it("still puts a DLC first when its name is typed exactly", () => {
    expect(top("dawnguard", [cand("The Elder Scrolls V: Skyrim"), cand("Dawnguard", { category: 1 })])[0]).toBe("Dawnguard");
  });

  it("matches alternative names, below a game really called so", () => {
    expect(top("the story of thor", [cand("Beyond Oasis", { alternativeNames: ["The Story of Thor"] }), cand("Thor Quest")])[0]).toBe(
      "Beyond Oasis",
    );
    expect(top("contra", [cand("Probotector", { alternativeNames: ["Contra"] }), cand("Contra")])[0]).toBe("Contra");
  });

  it("prefers the shorter title when the term matches its end", () => {
    expect(
      top("zelda ocarina of time", [
        cand("The Legend of Zelda: Ocarina of Time 3D", { releaseYear: 2011 }),
        cand("The Legend of Zelda: Ocarina of Time", { releaseYear: 1998 }),
      ])[0],
    ).toBe("The Legend of Zelda: Ocarina of Time");
  });

  it("drops candidates below the relevance threshold", () => {
    expect(top("bioshock", [cand("Shock Troopers"), cand("BioShock")])).toEqual(["BioShock"]);
  });

  it("breaks ties by rating, then recency", () => {
    const [first] = top("prey", [
      cand("Prey", { releaseYear: 2006 }),
      cand("Prey", { releaseYear: 2017, ratingCount: 10, avgUserRating: 9 }),
    ]);
    expect(first).toBe("Prey");
    const ranked = rankCandidates(prepareQuery("prey")!, [cand("Prey", { releaseYear: 2006 }), cand("Prey", { releaseYear: 2024 })], NOW);
    expect(ranked[0]?.candidate.releaseYear).toBe(2024);
  });
});

describe("bonuses", () => {
  it("category per spec priority", () => {
    expect(categoryAdjustment(0)).toBe(0);
    expect(categoryAdjustment(null)).toBe(0);
    expect(categoryAdjustment(1)).toBe(-180);
    expect(categoryAdjustment(3)).toBe(-190);
    expect(categoryAdjustment(5)).toBe(-198);
    expect(categoryAdjustment(8)).toBe(-100);
  });

  it("rating per spec thresholds, from user ratings or IGDB", () => {
    const base = { ratingCount: 5, igdbRating: null, igdbRatingCount: null };
    expect(ratingAdjustment({ ...base, avgUserRating: 9.2 })).toBe(50);
    expect(ratingAdjustment({ ...base, avgUserRating: 8 })).toBe(30);
    expect(ratingAdjustment({ ...base, avgUserRating: 7.4 })).toBe(15);
    expect(ratingAdjustment({ ...base, avgUserRating: 6 })).toBe(0);
    expect(ratingAdjustment({ ...base, avgUserRating: 4 })).toBe(-25);
    expect(ratingAdjustment({ ratingCount: 1, avgUserRating: 10, igdbRating: null, igdbRatingCount: null })).toBe(0);
    expect(ratingAdjustment({ ratingCount: 0, avgUserRating: null, igdbRating: 91, igdbRatingCount: 40 })).toBe(50);
  });

  it("recency per spec", () => {
    expect(recencyAdjustment({ releaseDate: "2025-01-10", releaseYear: 2025 }, NOW)).toBe(20);
    expect(recencyAdjustment({ releaseDate: null, releaseYear: 2023 }, NOW)).toBe(10);
    expect(recencyAdjustment({ releaseDate: null, releaseYear: 2015 }, NOW)).toBe(0);
    expect(recencyAdjustment({ releaseDate: "1993-12-10", releaseYear: 1993 }, NOW)).toBe(-10);
    expect(recencyAdjustment({ releaseDate: null, releaseYear: null }, NOW)).toBe(0);
  });
});

describe("series prior", () => {
  const full = { hasSummary: true, genreCount: 2, hasDeveloper: true, franchiseName: "Series", platformCount: 6 };

  it("ranks the first game above its numbered sequel for a term without a number", () => {
    expect(top("quasar run", [cand("Quasar Run 2"), cand("Quasar Run: First Light")])).toEqual(["Quasar Run: First Light", "Quasar Run 2"]);
    expect(top("quasar run 2", [cand("Quasar Run 2"), cand("Quasar Run: First Light")])[0]).toBe("Quasar Run 2");
  });

  it("among many titles with the word, lifts complete records over bare ones and the earliest notable one first", () => {
    const bare = ["Kestrel Golf", "Kestrel Paint", "Kestrel Party", "Kestrel Tennis", "Kestrel Clash", "Kestrel Picross", "Kestrel Puzzle"];
    const games = [
      ...bare.map((n) => cand(n)),
      cand("Super Kestrel World", { ...full, releaseYear: 1991 }),
      cand("Super Kestrel Bros.", { ...full, releaseYear: 1985 }),
    ];
    expect(top("kestrel", games).slice(0, 2)).toEqual(["Super Kestrel Bros.", "Super Kestrel World"]);
  });

  it("keeps a title typed whole with a typo above the crowd", () => {
    const games = [
      cand("Kestrel Hearts", { platformCount: 1 }),
      ...["Chain of Memories", "Birth by Sleep", "Dream Drop", "Days", "Recoded", "Melody", "Union"].map((s) =>
        cand(`Kestrel Hearts: ${s}`, { ...full, releaseYear: 2004 }),
      ),
    ];
    expect(top("kestrel haerts", games)[0]).toBe("Kestrel Hearts");
    expect(top("kestrel heart", games)[0]).toBe("Kestrel Hearts");
  });

  it("keeps a tagged variant below its untagged record among many titles with the word", () => {
    const bare = ["Kestrel Golf", "Kestrel Paint", "Kestrel Party", "Kestrel Tennis", "Kestrel Clash", "Kestrel Picross", "Kestrel Puzzle"];
    const games = [
      ...bare.map((n) => cand(n)),
      // The variant's record is the more complete one (more platforms).
      cand("Kestrel Bros. (Classic Series)", { ...full, releaseYear: 1983 }),
      cand("Kestrel Bros.", { ...full, platformCount: 2, releaseYear: 1983 }),
    ];
    const order = top("kestrel", games);
    expect(order.indexOf("Kestrel Bros.")).toBeLessThan(order.indexOf("Kestrel Bros. (Classic Series)"));
  });

  it("reads a trailing 1 as the series' first game, which has no number", () => {
    const games = [cand("Quasar Run"), cand("Quasar Run 2"), cand("Quasar Run 4: Episode I")];
    expect(top("quasar run 1", games)[0]).toBe("Quasar Run");
    expect(top("quasar run 1", [...games, cand("Quasar Run 1")])[0]).toBe("Quasar Run 1");
  });

  it("does not count a leading-zero code number as a sequel", () => {
    expect(top("quasar", [cand("Quasar 007"), cand("Quasar Rogue")])[0]).toBe("Quasar 007");
  });

  it("gives the first-of-series bonus to the title its sequels are named after", () => {
    const bare = ["Kestrel Golf", "Kestrel Paint", "Kestrel Party", "Kestrel Clash", "Kestrel Picross"];
    const games = [
      ...bare.map((n) => cand(n)),
      cand("The Incredible Kestrel Dummies", { ...full, releaseYear: 1992 }),
      cand("Kestrel Bandicoot", { hasDeveloper: true, genreCount: 1, hasSummary: true, releaseYear: 1996 }),
      cand("Kestrel Bandicoot 2", { ...full, releaseYear: 1997 }),
      cand("Kestrel Bandicoot: Warped", { ...full, releaseYear: 1998 }),
    ];
    expect(top("kestrel", games)[0]).toBe("Kestrel Bandicoot");
  });

  it("puts a title of two words typed whole with a typo above a crowd of complete records", () => {
    const games = [
      cand("Phantasmo Star"),
      // Complete records holding both words in a subtitle (not sequels named after the title).
      ...["II", "III", "IV", "Online", "Gaiden", "Nova", "Portable", "Zero"].map((s) =>
        cand(`Saga ${s}: Phantasmo Star`, { ...full, releaseYear: 1990 }),
      ),
    ];
    expect(top("fantasmo star", games)[0]).toBe("Phantasmo Star");
  });

  it("puts a whole title typed with a slip onto another title's word above that title holding the words inside", () => {
    const games = [cand("Storm Hunter II", { platformCount: 2 }), cand("Hunted 2", { platformCount: 2 })];
    expect(top("hunter 2", games)[0]).toBe("Hunted 2");
    // The words starting a longer title still win over the slip.
    expect(top("sonic pinball", [cand("Sonic Spinball"), cand("Sonic Pinball Party")])[0]).toBe("Sonic Pinball Party");
  });

  it("reads a shared initialism as the more notable game's, with no first-of-series bonus across unrelated games", () => {
    const games = [
      // Older and notable enough: the earliest-year bonus made it first before.
      cand("Thorn Fist II", { hasDeveloper: true, releaseYear: 1988, platformCount: 2 }),
      cand("Tarn Fable 2", { ...full, releaseYear: 2007 }),
    ];
    expect(top("tf2", games)).toEqual(["Tarn Fable 2", "Thorn Fist II"]);
    // A recent record with a long description loses to a much-viewed game sharing its initialism.
    const recent = [
      cand("Tarn Fable 2", { releaseYear: 2024, hasSummary: true, genreCount: 2 }),
      cand("Thorn Fist II", { releaseYear: 2010, viewCount: 1000 }),
    ];
    expect(top("tf2", recent)[0]).toBe("Thorn Fist II");
  });

  it("counts an initialism of the name before a subtitle almost as an exact initialism", () => {
    const query = prepareQuery("wt2")!;
    const headed = scoreCandidate(query, cand("Wyvern Tactics II: Tides of Dusk"), NOW);
    const bare = scoreCandidate(query, cand("Wren Tale 2"), NOW);
    expect(headed.initialism).toBe(true);
    expect(headed.title).toBeGreaterThan(800);
    expect(headed.title).toBeLessThan(bare.title);
  });

  it("breaks a near tie between a few titles for the more complete record", () => {
    const games = [
      cand("Quasar Hawk's Underground 2"),
      cand("Quasar Hawk's Pro Skater 2", { hasSummary: true, genreCount: 1, franchiseName: "Quasar Hawk" }),
    ];
    expect(top("quasar hawk 2", games)[0]).toBe("Quasar Hawk's Pro Skater 2");
    // Not a near tie: a title matching clearly better keeps its place.
    expect(top("quasar hawk underground 2", games)[0]).toBe("Quasar Hawk's Underground 2");
  });

  it("in the last resort only, accepts a title close as a whole when a word is misspelt by ear", () => {
    const query = prepareQuery("guitar man")!;
    const games = [cand("Gitaroo Man"), cand("Guitar Hero"), cand("Pac-Man")];
    expect(rankCandidates(query, games, NOW, { mostWords: true }).map((r) => r.candidate.name)).toEqual(["Gitaroo Man"]);
    expect(rankCandidates(query, games, NOW).map((r) => r.candidate.name)).not.toContain("Gitaroo Man");
  });

  it("never lifts anything above an exact title", () => {
    const games = [
      cand("Kestrel"),
      ...Array.from({ length: 9 }, (_, i) => cand(`Kestrel Saga ${i + 1}`, { ...full, releaseYear: 1990 + i })),
    ];
    expect(top("kestrel", games)[0]).toBe("Kestrel");
  });
});

describe("round 9: re-releases whose title adds words", () => {
  it("ranks the original above its 'Plus' edition when the term leaves the word out", () => {
    const games = [cand("Alchemy Quest Plus: The Sage of Dusk"), cand("Alchemy Quest: The Sage of Dusk")];
    expect(top("alchemy quest", games)[0]).toBe("Alchemy Quest: The Sage of Dusk");
    // Typed, the word names the edition.
    expect(top("alchemy quest plus", games)[0]).toBe("Alchemy Quest Plus: The Sage of Dusk");
  });

  it("skips an article opening a subtitle that the term leaves out, not one inside a name", () => {
    const games = [cand("Moon Saga: Silver Sky Harmony"), cand("Moon Saga: The Silver Sky")];
    expect(top("moon saga silver sky", games)[0]).toBe("Moon Saga: The Silver Sky");
    expect(matchTitle(prepareQuery("moon saga silver sky")!, titleForm("Moon Saga: The Silver Sky")!).whole).toBe(true);
    // Inside a name the article stays a word: "Tale of the Drake" is no whole match of 'tale of drake'.
    expect(matchTitle(prepareQuery("tale of drake")!, titleForm("Tale of the Drake")!).whole).toBe(false);
  });
});

describe("round 10: a series' first game named by its name and a long subtitle", () => {
  it("ranks the whole name before a subtitle above a title that continues the name", () => {
    expect(top("kaito", [cand("Kaito Origins"), cand("Kaito: Eternal Wings and the Lost Ocean")])[0]).toBe(
      "Kaito: Eternal Wings and the Lost Ocean",
    );
    expect(top("rune works", [cand("Rune Works Frontier"), cand("Rune Works 4"), cand("Rune Works: A Fantasy Harvest Moon")])[0]).toBe(
      "Rune Works: A Fantasy Harvest Moon",
    );
    // A title typed whole still comes first, and a sequel's number still costs its penalty.
    expect(top("kaito", [cand("Kaito: Eternal Wings and the Lost Ocean"), cand("Kaito")])[0]).toBe("Kaito");
    expect(top("kaito", [cand("Kaito 2: Origins"), cand("Kaito: Eternal Wings")])[0]).toBe("Kaito: Eternal Wings");
  });

  it("lets a complete record win between subtitles after the same name", () => {
    const known = { hasSummary: true, genreCount: 2, hasDeveloper: true, platformCount: 6, releaseYear: 2003 };
    const games = [cand("Kaito: Bare Title"), cand("Kaito: Known Game", known)];
    expect(top("kaito", games)[0]).toBe("Kaito: Known Game");
  });
});

describe("round 10: type-ahead across joined title words", () => {
  it("takes no word typed whole as the start of it joined to the next title word", () => {
    // "club" is no type-ahead of "club ii": a name continued by a numeral is no whole-title match.
    const sequel = title("crimson club", "Crimson Club II");
    expect(sequel.score).toBeLessThan(TITLE_TIERS.startsWith);
    expect(top("crimson club", [cand("Crimson Club II"), cand("Crimson Club: Night Drive")])[0]).toBe("Crimson Club: Night Drive");
    // A word typed past the first title word still completes them joined ("spiderma" → Spider Man).
    expect(title("spiderma", "Spider Man").score).toBeGreaterThan(TITLE_TIERS.partial);
  });
});

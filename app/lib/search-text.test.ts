import { describe, expect, it } from "vitest";
import { arabicToRoman, compactTitle, normalizeTitle, numeralVariants, romanToArabic, sanitizeSearchTerm } from "./search-text";

describe("sanitizeSearchTerm", () => {
  it("keeps ordinary terms", () => {
    expect(sanitizeSearchTerm("zelda")).toBe("zelda");
    expect(sanitizeSearchTerm("Spider-Man 2")).toBe("Spider-Man 2");
    expect(sanitizeSearchTerm("Pokémon: Red & Blue!")).toBe("Pokémon: Red & Blue!");
  });

  it("removes quotes, backslash, semicolon, parentheses, percent and underscore", () => {
    expect(sanitizeSearchTerm(`Assassin's "Creed" \`x\``)).toBe("Assassins Creed x");
    expect(sanitizeSearchTerm("a\\b;c(d)e%f_g")).toBe("abcdefg");
  });

  it("removes SQL comment markers", () => {
    expect(sanitizeSearchTerm("zelda -- drop")).toBe("zelda drop");
    expect(sanitizeSearchTerm("zelda /* x */ link")).toBe("zelda x link");
    expect(sanitizeSearchTerm("a---b")).toBe("a-b");
  });

  it("removes markers formed by earlier removals", () => {
    expect(sanitizeSearchTerm("-'-")).toBe("");
    expect(sanitizeSearchTerm("-/**/-")).toBe("");
    expect(sanitizeSearchTerm("/(*")).toBe("");
  });

  it("neutralises an injection attempt", () => {
    expect(sanitizeSearchTerm("'; DROP TABLE game; --")).toBe("DROP TABLE game");
  });

  it("collapses whitespace and trims", () => {
    expect(sanitizeSearchTerm("  final \n\t fantasy   ")).toBe("final fantasy");
  });

  it("drops control characters", () => {
    expect(sanitizeSearchTerm("ha\u0000lo\u0007")).toBe("halo");
  });

  it("cuts to 100 characters", () => {
    const result = sanitizeSearchTerm("a".repeat(150));
    expect(result).toHaveLength(100);
    expect(sanitizeSearchTerm(`${"a".repeat(99)} b`)).toBe("a".repeat(99));
  });

  it("cuts by characters without splitting surrogate pairs", () => {
    const result = sanitizeSearchTerm("🎮".repeat(120));
    expect(Array.from(result)).toHaveLength(100);
    expect(result).toBe("🎮".repeat(100));
  });

  it("applies the cut after cleaning", () => {
    expect(sanitizeSearchTerm(`${"%".repeat(200)}zelda`)).toBe("zelda");
  });

  it("returns empty for non-strings", () => {
    for (const value of [null, undefined, 42, {}, ["x"], true]) expect(sanitizeSearchTerm(value)).toBe("");
  });
});

describe("normalizeTitle", () => {
  it("lowercases and strips punctuation", () => {
    expect(normalizeTitle("Assassin's Creed: Origins")).toBe("assassins creed origins");
    expect(normalizeTitle("Half-Life 2")).toBe("halflife 2");
    expect(normalizeTitle("S.T.A.L.K.E.R.")).toBe("stalker");
  });

  it("strips accents", () => {
    expect(normalizeTitle("Pokémon")).toBe("pokemon");
    expect(normalizeTitle("Ōkami HD")).toBe("okami hd");
  });

  it("folds letters without decompositions", () => {
    expect(normalizeTitle("Straße")).toBe("strasse");
    expect(normalizeTitle("Ænima Øst")).toBe("aenima ost");
  });

  it("turns & into and", () => {
    expect(normalizeTitle("Ratchet & Clank")).toBe("ratchet and clank");
    expect(normalizeTitle("Ratchet&Clank")).toBe("ratchet and clank");
  });

  it("collapses whitespace", () => {
    expect(normalizeTitle("  The   Witcher \t 3 ")).toBe("the witcher 3");
    expect(normalizeTitle("Doom - Eternal")).toBe("doom eternal");
  });

  it("keeps non-Latin letters", () => {
    expect(normalizeTitle("ファイナルファンタジー VII")).toBe("ファイナルファンタジー vii");
    expect(normalizeTitle("포켓몬스터")).toBe("포켓몬스터");
    expect(normalizeTitle("Ведьмак 3")).toBe("ведьмак 3");
    expect(normalizeTitle("Ёжик")).toBe("ежик");
  });

  it("is idempotent", () => {
    const once = normalizeTitle("Tom Clancy’s Rainbow Six® Siege & More");
    expect(normalizeTitle(once)).toBe(once);
  });

  it("returns empty for non-strings", () => {
    expect(normalizeTitle(null)).toBe("");
    expect(normalizeTitle(undefined)).toBe("");
  });
});

describe("compactTitle", () => {
  it("removes spaces from the normalised title", () => {
    expect(compactTitle("Half-Life 2")).toBe("halflife2");
    expect(compactTitle("Spider Man")).toBe(compactTitle("Spider-Man"));
    expect(compactTitle(null)).toBe("");
  });
});

describe("arabicToRoman / romanToArabic", () => {
  it("converts known values", () => {
    expect(arabicToRoman(1)).toBe("I");
    expect(arabicToRoman(4)).toBe("IV");
    expect(arabicToRoman(7)).toBe("VII");
    expect(arabicToRoman(9)).toBe("IX");
    expect(arabicToRoman(14)).toBe("XIV");
    expect(arabicToRoman(19)).toBe("XIX");
    expect(arabicToRoman(24)).toBe("XXIV");
    expect(arabicToRoman(30)).toBe("XXX");
  });

  it("round-trips 1..30", () => {
    for (let n = 1; n <= 30; n += 1) {
      const roman = arabicToRoman(n);
      expect(roman).not.toBeNull();
      expect(romanToArabic(roman ?? "")).toBe(n);
      expect(romanToArabic((roman ?? "").toLowerCase())).toBe(n);
    }
  });

  it("rejects values out of range", () => {
    for (const n of [0, -1, 31, 1.5, NaN]) expect(arabicToRoman(n)).toBeNull();
  });

  it("rejects non-canonical or out-of-range numerals", () => {
    for (const s of ["", "IIII", "IC", "XL", "XXXI", "VV", "abc", "mix"]) expect(romanToArabic(s)).toBeNull();
  });
});

describe("numeralVariants", () => {
  it("adds the arabic form of roman numerals", () => {
    expect(numeralVariants("final fantasy vii")).toEqual(["final fantasy vii", "final fantasy 7"]);
    expect(numeralVariants("grand theft auto v")).toEqual(["grand theft auto v", "grand theft auto 5"]);
  });

  it("adds the roman form of numbers", () => {
    expect(numeralVariants("doom 3")).toEqual(["doom 3", "doom iii"]);
    expect(numeralVariants("final fantasy 7 remake")).toEqual(["final fantasy 7 remake", "final fantasy vii remake"]);
  });

  it("normalises the input first", () => {
    expect(numeralVariants("Final Fantasy VII")).toEqual(["final fantasy vii", "final fantasy 7"]);
  });

  it("converts a trailing i only after another word", () => {
    expect(numeralVariants("rocky i")).toEqual(["rocky i", "rocky 1"]);
    expect(numeralVariants("i am setsuna")).toEqual(["i am setsuna"]);
    expect(numeralVariants("i")).toEqual(["i"]);
    expect(numeralVariants("what i want")).toEqual(["what i want"]);
  });

  it("converts 1 to i anywhere (it is only a variant)", () => {
    expect(numeralVariants("halo 1")).toEqual(["halo 1", "halo i"]);
  });

  it("only converts numerals ii..xx and numbers 1..20", () => {
    expect(numeralVariants("fifa 23")).toEqual(["fifa 23"]);
    expect(numeralVariants("game xxi")).toEqual(["game xxi"]);
    expect(numeralVariants("final fantasy xx")).toEqual(["final fantasy xx", "final fantasy 20"]);
    expect(numeralVariants("resident evil 2002")).toEqual(["resident evil 2002"]);
    expect(numeralVariants("agent 07")).toEqual(["agent 07"]);
  });

  it("leaves words that merely look roman alone", () => {
    expect(numeralVariants("civ mix dill")).toEqual(["civ mix dill"]);
  });

  it("returns only the normalised title when there are no numerals", () => {
    expect(numeralVariants("the last of us")).toEqual(["the last of us"]);
  });

  it("handles mixed titles", () => {
    expect(numeralVariants("kingdom hearts ii 5")).toEqual(["kingdom hearts ii 5", "kingdom hearts 2 5", "kingdom hearts ii v"]);
  });

  it("returns nothing for empty input", () => {
    expect(numeralVariants("")).toEqual([]);
    expect(numeralVariants("!!!")).toEqual([]);
  });
});

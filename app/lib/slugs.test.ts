import { describe, expect, it } from "vitest";
import { gameHref, isValidSlug, parseGameIdentifier, slugify } from "./slugs";

describe("slugify", () => {
  it("lowercases and hyphenates", () => {
    expect(slugify("The Legend of Zelda")).toBe("the-legend-of-zelda");
  });

  it("drops characters other than a-z, 0-9, spaces and hyphens", () => {
    expect(slugify("Assassin's Creed: Origins")).toBe("assassins-creed-origins");
    expect(slugify("Half-Life 2")).toBe("half-life-2");
    expect(slugify("Ratchet & Clank")).toBe("ratchet-clank");
    expect(slugify("S.T.A.L.K.E.R.")).toBe("stalker");
  });

  it("strips accents", () => {
    expect(slugify("Pokémon Red")).toBe("pokemon-red");
    expect(slugify("Ōkami")).toBe("okami");
    expect(slugify("Señor Año")).toBe("senor-ano");
  });

  it("collapses repeated hyphens and whitespace", () => {
    expect(slugify("a  -  b")).toBe("a-b");
    expect(slugify("a---b")).toBe("a-b");
    expect(slugify("a\t\nb")).toBe("a-b");
  });

  it("trims leading and trailing hyphens", () => {
    expect(slugify("  -Hello World-  ")).toBe("hello-world");
    expect(slugify("!!!Wow!!!")).toBe("wow");
  });

  it("returns empty for nothing usable", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!!")).toBe("");
    expect(slugify("ゼルダの伝説")).toBe("");
    expect(slugify(null)).toBe("");
    expect(slugify(undefined)).toBe("");
  });

  it("produces valid slugs", () => {
    for (const name of ["Grand Theft Auto V", "Marvel's Spider-Man 2", "DOOM (2016)", "Hades II"]) {
      expect(isValidSlug(slugify(name))).toBe(true);
    }
  });
});

describe("isValidSlug", () => {
  it("accepts well-formed slugs", () => {
    expect(isValidSlug("zelda")).toBe(true);
    expect(isValidSlug("half-life-2")).toBe(true);
    expect(isValidSlug("a".repeat(200))).toBe(true);
  });

  it("rejects malformed slugs", () => {
    for (const value of ["", "Zelda", "-zelda", "zelda-", "a--b", "a b", "a_b", "a".repeat(201), null, 5]) {
      expect(isValidSlug(value)).toBe(false);
    }
  });
});

describe("gameHref", () => {
  it("prefers the slug", () => {
    expect(gameHref({ slug: "hades", igdbId: 113112, name: "Hades", id: 4 })).toBe("/game/hades");
  });

  it("falls back to the IGDB id", () => {
    expect(gameHref({ slug: null, igdbId: 113112, name: "Hades", id: 4 })).toBe("/game/113112");
    expect(gameHref({ slug: "", igdbId: 113112 })).toBe("/game/113112");
  });

  it("skips malformed slugs", () => {
    expect(gameHref({ slug: "Not A Slug", igdbId: 7 })).toBe("/game/7");
  });

  it("falls back to the slugified name", () => {
    expect(gameHref({ name: "Pokémon Red", id: 4 })).toBe("/game/pokemon-red");
    expect(gameHref({ igdbId: 0, name: "Hades" })).toBe("/game/hades");
    expect(gameHref({ igdbId: -5, name: "Hades" })).toBe("/game/hades");
  });

  it("falls back to the internal id", () => {
    expect(gameHref({ name: "!!!", id: 42 })).toBe("/game/42");
    expect(gameHref({ id: 42 })).toBe("/game/42");
  });

  it("skips digit-only slugs that would be read back as ids", () => {
    expect(gameHref({ slug: "1942", igdbId: 1234 })).toBe("/game/1234");
    expect(gameHref({ name: "1942", id: 9 })).toBe("/game/9");
  });

  it("goes to /search when nothing is usable", () => {
    expect(gameHref({})).toBe("/search");
    expect(gameHref(null)).toBe("/search");
    expect(gameHref(undefined)).toBe("/search");
    expect(gameHref({ id: NaN })).toBe("/search");
  });

  it("round-trips through parseGameIdentifier", () => {
    const href = gameHref({ name: "Final Fantasy VII" });
    expect(parseGameIdentifier(href.replace("/game/", ""))).toEqual({
      kind: "slug",
      slug: "final-fantasy-vii",
    });
    expect(parseGameIdentifier(gameHref({ igdbId: 1020 }).replace("/game/", ""))).toEqual({
      kind: "igdb",
      igdbId: 1020,
    });
  });
});

describe("parseGameIdentifier", () => {
  it("reads digits as an IGDB id", () => {
    expect(parseGameIdentifier("1020")).toEqual({ kind: "igdb", igdbId: 1020 });
    expect(parseGameIdentifier("2147483647")).toEqual({
      kind: "igdb",
      igdbId: 2147483647,
    });
  });

  it("reads game-{id} as an IGDB id", () => {
    expect(parseGameIdentifier("game-1020")).toEqual({
      kind: "igdb",
      igdbId: 1020,
    });
  });

  it("reads slugs", () => {
    expect(parseGameIdentifier("the-witcher-3-wild-hunt")).toEqual({
      kind: "slug",
      slug: "the-witcher-3-wild-hunt",
    });
    expect(parseGameIdentifier("game")).toEqual({ kind: "slug", slug: "game" });
    expect(parseGameIdentifier("game-of-thrones")).toEqual({
      kind: "slug",
      slug: "game-of-thrones",
    });
  });

  it("trims surrounding whitespace", () => {
    expect(parseGameIdentifier(" 42 ")).toEqual({ kind: "igdb", igdbId: 42 });
  });

  it("rejects zero and out-of-range ids", () => {
    expect(parseGameIdentifier("0")).toEqual({ kind: "invalid" });
    expect(parseGameIdentifier("game-0")).toEqual({ kind: "invalid" });
    expect(parseGameIdentifier("2147483648")).toEqual({ kind: "invalid" });
    expect(parseGameIdentifier("99999999999999999999")).toEqual({
      kind: "invalid",
    });
    expect(parseGameIdentifier("game-2147483648")).toEqual({ kind: "invalid" });
  });

  it("rejects malformed input", () => {
    for (const raw of [
      "",
      "   ",
      "-1",
      "1.5",
      "Zelda",
      "zelda--botw",
      "-zelda",
      "zelda-",
      "zelda_botw",
      "../etc/passwd",
      "a".repeat(201),
      "<script>",
    ]) {
      expect(parseGameIdentifier(raw)).toEqual({ kind: "invalid" });
    }
  });

  it("treats digit-letter mixes as slugs, not ids", () => {
    expect(parseGameIdentifier("1e3")).toEqual({ kind: "slug", slug: "1e3" });
    expect(parseGameIdentifier("0x1f")).toEqual({ kind: "slug", slug: "0x1f" });
  });

  it("rejects non-strings", () => {
    expect(parseGameIdentifier(null)).toEqual({ kind: "invalid" });
    expect(parseGameIdentifier(undefined)).toEqual({ kind: "invalid" });
  });

  it("accepts a 200-character slug", () => {
    const slug = "a".repeat(200);
    expect(parseGameIdentifier(slug)).toEqual({ kind: "slug", slug });
  });
});

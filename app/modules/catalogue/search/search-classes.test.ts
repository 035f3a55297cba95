import { beforeAll, describe, expect, it } from "vitest";
import { createGame } from "../../../../tests/factories";
import { useTestDatabase } from "../../../../tests/setup/database";
import { camelCaseWords, initialismAliases, initialismWords, searchAliasesOf } from "./initialisms";
import { searchGames } from "./search.service.server";

useTestDatabase();

const names = async (q: string) => (await searchGames({ q, igdbFallback: false })).games.map((g) => g.name);

beforeAll(async () => {
  await createGame({ name: "Metal Gear Solid 2: Sons of Liberty", releaseYear: 2001, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Metal Gear Solid 3: Snake Eater", releaseYear: 2004, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Metal Gear Solid 3: Subsistence", releaseYear: 2005, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Final Fantasy X", releaseYear: 2001, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Lightning Returns: Final Fantasy XIII", releaseYear: 2013, platformNames: ["PlayStation 3"] });
  await createGame({ name: "The Legend of Zelda: Breath of the Wild", releaseYear: 2017, platformNames: ["Switch"] });
  await createGame({ name: "The Elder Scrolls V: Skyrim", releaseYear: 2011, platformNames: ["PC"] });
  await createGame({ name: "Half-Life 2", releaseYear: 2004, platformNames: ["PC"] });
  await createGame({ name: "Resident Evil 4", releaseYear: 2005, platformNames: ["GameCube"] });
  await createGame({ name: "Devil May Cry 4", releaseYear: 2008, platformNames: ["PC"] });
  await createGame({ name: "Donkey Kong Country", releaseYear: 1994, platformNames: ["SNES"] });
  await createGame({ name: "King's Quest", releaseYear: 1984, platformNames: ["PC"] });
  await createGame({ name: "Star Wars: Battlefront II", releaseYear: 2005, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Road Rash (GH)", releaseYear: 1991, platformNames: ["Genesis", "PC", "3DO"] });
  await createGame({ name: "Road Rash", releaseYear: 1991, platformNames: ["Genesis"] });
  await createGame({ name: "Dr. Mario 64", releaseYear: 2001, platformNames: ["Nintendo 64"] });
  await createGame({ name: "Star Quest XIII", releaseYear: 2009, platformNames: ["PlayStation 3"] });
  await createGame({ name: "Star Quest XIII-2", releaseYear: 2011, platformNames: ["PlayStation 3"] });
  const sm64 = await createGame({ name: "Super Mario 64", releaseYear: 1996, developer: "Nintendo", platformNames: ["Nintendo 64", "DS"] });
  await createGame({ name: "Super Mario 64: Star Road", releaseYear: 2011, parentGameId: sm64.id, category: 5 });
});

describe("initialisms derived from titles", () => {
  it("derives prefix, subtitle, glued-numeral and hyphen initialisms, with numerals kept whole", () => {
    expect(initialismAliases("Metal Gear Solid 2: Sons of Liberty")).toEqual(
      expect.arrayContaining(["mgs 2: sons of liberty", "mgs2: sons of liberty"]),
    );
    expect(initialismAliases("Final Fantasy X")).toEqual(expect.arrayContaining(["ffx", "ff10"]));
    expect(initialismAliases("The Legend of Zelda: Breath of the Wild")).toContain("botw");
    expect(initialismAliases("The Elder Scrolls V: Skyrim")).toContain("tes: skyrim");
    expect(initialismWords("Half-Life 2")).toContain("hl2");
    expect(initialismWords("Lightning Returns: Final Fantasy XIII")).not.toContain("ffx");
  });

  it("derives a one-word name's initial with its number, glued words after it, words holding a digit whole and head + subtitle initialisms", () => {
    expect(initialismWords("Persona 4 Golden")).toEqual(expect.arrayContaining(["p4", "p4g"]));
    expect(initialismWords("Persona 5")).toContain("p5");
    expect(initialismWords("Persona 5")).not.toContain("pv");
    expect(initialismWords("Mario Kart 8 Deluxe")).toContain("mk8d");
    expect(initialismWords("Super Mario 3D World")).toContain("sm3dw");
    expect(initialismAliases("Grand Theft Auto: Vice City")).toContain("gta: vc");
  });

  it("initials both halves of a compound word, and keeps its one initial too", () => {
    expect(initialismWords("Battlefield 4")).toEqual(expect.arrayContaining(["bf4", "b4"]));
    expect(initialismWords("Fallout 4")).toContain("fo4");
    expect(initialismWords("Battlefield: Bad Company 2")).toContain("bfbc2");
    expect(initialismWords("Star Wars: Battlefront II")).toEqual(expect.arrayContaining(["swbfii", "swbf2", "swbii"]));
    expect(initialismWords("StarCraft II: Wings of Liberty")).toContain("sc2");
    // Not compounds of two known words: one initial only.
    expect(initialismWords("Skyrim 2")).not.toContain("sr2");
    expect(initialismWords("Metroid 2")).toEqual(["m2"]);
  });

  it("splits a word the title writes in camel case and converts a subtitle's closing numeral", () => {
    expect(initialismWords("TimeSplitters 2")).toEqual(expect.arrayContaining(["ts2", "tsii"]));
    expect(initialismWords("LittleBigPlanet 3")).toContain("lbp3");
    // Only the title's own casing splits a word; "NieR" and "DmC" are no camel-case compounds.
    expect(initialismWords("Timesplitters 2")).not.toContain("ts2");
    expect([...camelCaseWords("NieR: Automata DmC"), ...camelCaseWords("TimeSplitters")]).toEqual([["timesplitters", "ts"]]);
    expect(initialismAliases("Call of Duty: Black Ops II")).toEqual(expect.arrayContaining(["cod: bo2", "cod: boii"]));
  });

  it("keeps a trailing platform or edition tag whole after the initialism, unless the whole title is in capitals", () => {
    expect(initialismWords("Harvest Moon DS")).toEqual(expect.arrayContaining(["hmds", "hmd"]));
    expect(initialismWords("Sonic Adventure DX: Director's Cut")).toContain("sadx");
    expect(initialismWords("HARVEST MOON DS")).not.toContain("hmds");
  });

  it("glues a letter joined to a number by a hyphen, and types a numberless title with 1", () => {
    expect(initialismAliases("King of Fighters R-2")).toContain("kof r2");
    expect(initialismWords("Red Faction")).toContain("rf1");
    expect(initialismWords("Battlefield: Bad Company")).toContain("bfbc1");
    expect(initialismWords("Red Faction II")).not.toContain("rf1");
    expect(initialismWords("Left 4 Dead")).not.toContain("l4d1");
  });

  it("indexes a number hyphenated to a word as a word of its own", () => {
    expect(searchAliasesOf("Star Quest XIII-2", []).split(" ")).toEqual(expect.arrayContaining(["2", "sq13"]));
    expect(searchAliasesOf("Half-Life 2", []).split(" ")).not.toContain("2");
  });

  it.each(["sq13 2", "sqxiii 2", "sq132"])("finds a sequel numbered with a hyphen (XIII-2) typed as %s", async (q) => {
    expect((await names(q))[0]).toBe("Star Quest XIII-2");
  });

  it("initials both halves of more compound words (slang such as thug, ewj)", () => {
    expect(initialismWords("Tony Hawk's Underground")).toContain("thug");
    expect(initialismWords("Earthworm Jim 2")).toContain("ewj2");
  });

  it.each([
    ["mgs 2", "Metal Gear Solid 2: Sons of Liberty"],
    ["ffx", "Final Fantasy X"],
    ["botw", "The Legend of Zelda: Breath of the Wild"],
    ["tes skyrim", "The Elder Scrolls V: Skyrim"],
    ["hl2", "Half-Life 2"],
  ])("finds %s → %s first", async (q, expected) => {
    expect((await names(q))[0]).toBe(expected);
  });

  it("ranks an initialism below a title holding the typed word itself", async () => {
    await createGame({ name: "Botw Racing", releaseYear: 2020 });
    expect((await names("botw"))[0]).toBe("Botw Racing");
  });
});

describe("real-word typos and the most-words last resort", () => {
  it("corrects a word that is itself a word of another title", async () => {
    expect((await names("resident devil 4"))[0]).toBe("Resident Evil 4");
    expect((await names("donkey king country"))[0]).toBe("Donkey Kong Country");
  });

  it("says which words the results were corrected to, and searches the words exactly when asked", async () => {
    const corrected = await searchGames({ q: "resident devil 4", igdbFallback: false });
    expect(corrected.didYouMean).toBe("resident evil 4");
    expect((await searchGames({ q: "resident evil 4", igdbFallback: false })).didYouMean).toBeUndefined();
    const exact = await searchGames({ q: "donkey king country", igdbFallback: false, exact: true });
    expect([exact.didYouMean, exact.games.map((g) => g.name)]).toEqual([undefined, []]);
  });

  it("returns the titles matching most words rather than nothing, flagged as partial", async () => {
    const result = await searchGames({ q: "star war battlefront 2", igdbFallback: false });
    expect(result.games.map((g) => g.name)).toContain("Star Wars: Battlefront II");
    expect(result.partialMatch).toBe(true);
    expect((await searchGames({ q: "star wars battlefront 2", igdbFallback: false })).partialMatch).toBeUndefined();
  });

  it("needs more than half of the words: one unknown word of two finds no look-alikes", async () => {
    await createGame({ name: "Valkyria Chronicles", releaseYear: 2008 });
    expect(await names("zyxwv chronicles")).toEqual([]);
    // One word of two misspelt beyond correction still matches: both words are in the title.
    expect(await names("valkryia chronicles")).toContain("Valkyria Chronicles");
  });

  it("finds a title written as one word typed as two with a typo, as a whole match, not a partial one", async () => {
    await createGame({ name: "EarthBound", releaseYear: 1994 });
    const result = await searchGames({ q: "earth bond", igdbFallback: false });
    expect([result.games[0]?.name, result.partialMatch]).toEqual(["EarthBound", undefined]);
  });

  it("counts a short word one edit away in the last resort", async () => {
    await createGame({ name: "Days Gone", releaseYear: 2019 });
    await createGame({ name: "NFL '97", releaseYear: 1996 });
    expect((await names("day gone"))[0]).toBe("Days Gone");
    expect((await names("nfk 97"))[0]).toBe("NFL '97");
  });
});

describe("re-releases and tagged variants", () => {
  it("ranks a tagged variant below the original, even a more widespread one", async () => {
    expect((await names("road rash")).slice(0, 2)).toEqual(["Road Rash", "Road Rash (GH)"]);
  });

  it("ranks a known re-release word below the original", async () => {
    expect((await names("metal gear solid 3"))[0]).toBe("Metal Gear Solid 3: Snake Eater");
  });
});

describe("notability prior", () => {
  it("breaks a tie between titles with the same words for the game with DLC, developer and platforms", async () => {
    expect((await names("mario 64"))[0]).toBe("Super Mario 64");
  });

  it("never beats an exact title", async () => {
    expect((await names("dr mario 64"))[0]).toBe("Dr. Mario 64");
  });
});

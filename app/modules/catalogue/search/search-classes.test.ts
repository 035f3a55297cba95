import { beforeAll, describe, expect, it } from "vitest";
import { createGame } from "../../../../tests/factories";
import { rankCandidate, rankedTitles } from "../../../../tests/factories/ranking";
import { useTestDatabase } from "../../../../tests/setup/database";
import { communityAliases, communityAliasIndex } from "./community-aliases";
import {
  brandAliases,
  camelCaseWords,
  markerAliases,
  ampersandPairAliases,
  capsBrandAliases,
  possessiveWordAliases,
  firstSyllable,
  innerCapsWords,
  initialismAliases,
  initialismWords,
  possessiveBrand,
  searchAliasesOf,
  withoutInnerArticle,
} from "./initialisms";
import { getDb } from "~/db/client.server";
import { game } from "~/db/schema";
import { normalizeTitle } from "~/lib/search-text";
import { prepareQuery, rankCandidates, soundAlikeSpellings, soundKey } from "./search-ranking";
import {
  buildTsQuery,
  CANDIDATE_CAP,
  correctedTerm,
  gluedNumber,
  initialsOnly,
  NEAR_PENALTY,
  nearReadings,
  nearTsQuery,
  searchGames,
} from "./search.service.server";

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
  await createGame({ name: "Sly Cooper: Thieves in Time", releaseYear: 2013, platformNames: ["PlayStation 3"] });
  await createGame({ name: "Sly 3: Honor Among Thieves", releaseYear: 2005, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Naruto Shippuden: Ultimate Ninja Storm 2", releaseYear: 2010, platformNames: ["PlayStation 3"] });
  await createGame({ name: "Naruto Shippuden: Ultimate Ninja Storm 3", releaseYear: 2013, platformNames: ["PlayStation 3"] });
  await createGame({ name: "Dragon Ball Z: Budokai 3", releaseYear: 2004, platformNames: ["PlayStation 2"] });
  await createGame({ name: "Super Street Fighter IV: Arcade Edition", releaseYear: 2011, platformNames: ["Xbox 360"] });
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

  it("keeps a platform tag whole after a number inside the title, and glues a closing number to the subtitle's initials", () => {
    expect(initialismWords("Super Yoshi 64 DS")).toContain("sy64ds");
    expect(initialismWords("Super Street Fighter IV: Arcade Edition")).toContain("ssf4ae");
  });

  it("leaves out a middle series word before a numbered subtitle", () => {
    expect(initialismWords("Naruto Shippuden: Ultimate Ninja Storm 2")).toContain("nuns2");
    // Only before a numbered subtitle: no "hmds" from Heavy [Unit]: Mega Drive Special.
    expect(initialismWords("Heavy Unit: Mega Drive Special")).not.toContain("hmds");
  });

  it("cuts a word before a closing number to its first syllable, and splits a one-word compound subtitle", () => {
    expect(firstSyllable("budokai")).toBe("bud");
    expect(firstSyllable("civilization")).toBe("civ");
    expect(firstSyllable("armageddon")).toBeNull();
    expect(initialismAliases("Dragon Ball Z: Budokai 3")).toEqual(expect.arrayContaining(["dbz: bud 3", "dbz: bud3"]));
    // Digits only: a lone roman numeral indexed as a word would match every "2".
    expect(initialismWords("Dragon Ball Z: Budokai III")).toContain("bud3");
    expect(initialismWords("Dragon Ball Z: Budokai III")).not.toContain("iii");
    expect(initialismAliases("Tomb Raider: Underworld")).toContain("tr: uw");
    expect(initialismAliases("Silent Hill: Homecoming")).toContain("sh: hc");
  });

  it("derives no initialism of an edition subtitle alone", () => {
    expect(initialismAliases("Tecmo Super Bowl III: Final Edition")).not.toContain("fe");
    expect(initialismAliases("Tecmo Super Bowl III: Final Cut")).toContain("fc");
  });

  it("indexes the reviewed community aliases of a title, restricted to the entry's IGDB id where it names one", () => {
    expect(communityAliases("Sly Cooper: Thieves in Time")).toContain("sly 4");
    expect(searchAliasesOf("Sly Cooper: Thieves in Time", [])).toContain("sly 4");
    expect(communityAliases("Sly Cooper")).toEqual([]);
    const lookup = communityAliasIndex([
      { title: "Mortal Kombat", igdb_id: 1618, aliases: ["MK9"] },
      { title: "Doom", aliases: ["Doom 1"] },
    ]);
    expect([lookup("Mortal Kombat", 1618), lookup("Mortal Kombat", 119), lookup("Mortal Kombat"), lookup("Doom", 7)]).toEqual([
      ["mk9"],
      [],
      [],
      ["doom 1"],
    ]);
  });

  it.each([
    ["sly 4", "Sly Cooper: Thieves in Time"],
    ["nuns2", "Naruto Shippuden: Ultimate Ninja Storm 2"],
    ["dbz bud 3", "Dragon Ball Z: Budokai 3"],
    ["ssf4ae", "Super Street Fighter IV: Arcade Edition"],
  ])("finds %s → %s (community alias or a round-6 rule)", async (q, expected) => {
    expect((await names(q))[0]).toBe(expected);
  });

  it("puts the series' namesake first among games sharing an initialism, however thin its record", async () => {
    // A crowd of entries sharing "nfs", each far better known to the catalogue than the first game.
    await createGame({ name: "Need for Speed" });
    const platformNames = ["PC", "PS2", "PS3", "PS4", "Xbox", "Xbox 360", "Xbox One", "GameCube", "Wii", "Wii U"];
    const subtitles = ["Underground", "Carbon", "Most Wanted", "ProStreet", "Undercover", "Rivals", "Payback", "Heat"];
    for (const [i, sub] of subtitles.entries())
      await createGame({ name: `Need for Speed: ${sub}`, releaseYear: 2003 + i, developer: "EA", platformNames });
    expect((await names("nfs"))[0]).toBe("Need for Speed");
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
    const result = await searchGames({ q: "star wars battlefront 2 classic", igdbFallback: false });
    expect(result.games.map((g) => g.name)).toContain("Star Wars: Battlefront II");
    expect(result.partialMatch).toBe(true);
    // A short word one letter short ("war") is a slip in a title typed whole, as "earth bond" is (round 8).
    const slip = await searchGames({ q: "star war battlefront 2", igdbFallback: false });
    expect([slip.games[0]?.name, slip.partialMatch]).toEqual(["Star Wars: Battlefront II", undefined]);
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

describe("round 7: initialism shapes", () => {
  it("derives a subtitle's initials followed by its remaster or platform tag, spaced", () => {
    expect(initialismAliases("The Legend of Zelda: Twilight Princess HD")).toContain("tp hd");
    expect(initialismAliases("Call of Duty: Modern Warfare Remastered")).toEqual(
      expect.arrayContaining(["mw remastered", "call of duty: mw remastered"]),
    );
    expect(initialismAliases("Resident Evil: The Mercenaries 3D")).toContain("tm 3d");
    // Two words at least before the tag: a one-word subtitle is typed whole.
    expect(initialismAliases("Oddworld: Abe HD")).not.toContain("a hd");
  });

  it("reads a crossover's letter X as a letter, besides the numeral ten", () => {
    expect(initialismWords("Project X Zone")).toContain("pxz");
    expect(initialismWords("Sonic X Shadow Generations")).toContain("sxsg");
    expect(initialismWords("Project X Zone 2")).toContain("pxz2");
    // A closing X is still the numeral.
    expect(initialismWords("Final Fantasy X")).toEqual(expect.arrayContaining(["ffx", "ff10"]));
  });

  it("derives the whole title's and the name's initials without a leading article, the article kept as a word", () => {
    expect(initialismAliases("The Binding of Isaac: Rebirth")).toEqual(expect.arrayContaining(["tboir", "the boir"]));
    expect(initialismAliases("The King of Fighters: Maximum Impact")).toContain("the kof: mi");
    expect(initialismAliases("The House of the Dead: Overkill")).toContain("the hotdo");
  });

  it("keeps an ampersand as 'and' in the title's initials and reads single letters around '&' as one word", () => {
    expect(initialismWords("Ratchet & Clank: Size Matters")).toContain("randc");
    expect(initialismWords("Command & Conquer: Red Alert 3")).toContain("candc");
    expect(prepareQuery("r&c sm")?.normalized).toBe("randc sm");
    expect(prepareQuery("m & l dt")?.normalized).toBe("mandl dt");
    // Numbers and words around '&' are left alone.
    expect(prepareQuery("metal slug 4 & 5")?.normalized).toBe("metal slug 4 and 5");
    expect(prepareQuery("batman & robin")?.normalized).toBe("batman and robin");
  });

  it.each([
    ["tp hd", "The Legend of Zelda: Twilight Princess HD", ["The Legend of Zelda: Twilight Princess"]],
    ["pxz", "Project X Zone", ["Pixel Zone"]],
    ["boir", "The Binding of Isaac: Rebirth", ["The Binding of Isaac"]],
    ["r&c sm", "Ratchet & Clank: Size Matters", ["Ratchet & Clank"]],
    ["m & l dt", "Mario & Luigi: Dream Team", ["Mario & Luigi: Superstar Saga"]],
  ])("finds %s → %s", async (q, expected, others) => {
    for (const name of [expected, ...others]) await createGame({ name });
    expect((await names(q))[0]).toBe(expected);
  });

  it("offers no 'did you mean' for a typed initialism that is a word of the result ('randc' is not 'and')", async () => {
    expect(correctedTerm(prepareQuery("r&c sm")!, { name: "Ratchet & Clank: Size Matters", alternativeNames: [] })).toBeNull();
    await createGame({ name: "Kane & Lynch: Dead Men" });
    const result = await searchGames({ q: "k&l dm", igdbFallback: false });
    expect([result.games[0]?.name, result.didYouMean]).toEqual(["Kane & Lynch: Dead Men", undefined]);
  });

  it("ranks an initialism without the article below the same initialism of a whole title", async () => {
    await createGame({ name: "The Gate of Iron: Vaults" });
    await createGame({ name: "Giants of Icy Valleys" });
    expect((await names("goiv")).slice(0, 2)).toEqual(["Giants of Icy Valleys", "The Gate of Iron: Vaults"]);
  });

  it("looks a two-letter term up by words and initialisms only, so titles starting with its letters do not fill the candidate cap", async () => {
    const rows = Array.from({ length: CANDIDATE_CAP + 20 }, (_, i) => {
      const name = `Meteor Strike ${i + 1}`;
      return { name, slug: `meteor-strike-${i + 1}`, searchName: normalizeTitle(name), searchAliases: searchAliasesOf(name, []) };
    });
    await getDb().insert(game).values(rows);
    await createGame({ name: "Mass Effect", releaseYear: 2007 });
    expect((await names("me"))[0]).toBe("Mass Effect");
    expect(initialsOnly(prepareQuery("me")!)).toBe(true);
    expect(initialsOnly(prepareQuery("mgs")!)).toBe(false);
    expect(initialsOnly(prepareQuery("h2")!)).toBe(false);
  });
});

describe("round 8: number words, short words one letter off, pair titles", () => {
  const ranked = rankedTitles;

  it("finds a title's number word typed as a digit", async () => {
    await createGame({ name: "Inazuma Eleven", releaseYear: 2008, platformNames: ["DS"] });
    await createGame({ name: "Inazuma Eleven GO", releaseYear: 2011, platformNames: ["3DS"] });
    expect((await names("inazuma 11"))[0]).toBe("Inazuma Eleven");
    expect(ranked("fantastic 4", ["Fantastic 4: Flame On", "Fantastic Four"])[0]).toBe("Fantastic Four");
  });

  it("matches a short word missing its last letter anywhere in the term, before a number", async () => {
    await createGame({
      name: "Viewtiful Joe",
      releaseYear: 2003,
      developer: "Clover Studio",
      platformNames: ["GameCube", "PlayStation 2"],
    });
    await createGame({ name: "Viewtiful Joe 2", releaseYear: 2004, platformNames: ["GameCube"] });
    expect((await names("viewtiful jo 2"))[0]).toBe("Viewtiful Joe 2");
  });

  it("derives a pair title's versions sharing a number with the number once, without the series word", async () => {
    expect(initialismWords("Monster Red 2 and Blue 2")).toEqual(expect.arrayContaining(["r2b2", "rb2"]));
    // Versions closing with different numbers share none.
    expect(initialismWords("Monster Red 2 and Blue 3")).not.toContain("rb2");
    expect(initialismWords("Monster Red 2 and Blue 3")).not.toContain("rb3");
    await createGame({ name: "Monster Red 2 and Blue 2", releaseYear: 2012, platformNames: ["DS"] });
    expect((await names("rb2"))[0]).toBe("Monster Red 2 and Blue 2");
  });

  it("derives a number word's digit in initialisms, and no '1' for a title holding a number word", async () => {
    expect(initialismWords("Star Trek: Deep Space Nine")).toEqual(expect.arrayContaining(["dsn", "ds9"]));
    expect(initialismWords("Legion of Three")).toEqual(expect.arrayContaining(["lot", "lo3"]));
    expect(initialismWords("Legion of Three")).not.toContain("lot1");
    await createGame({ name: "Prince of Valor: The Two Crowns", releaseYear: 2005, platformNames: ["PC"] });
    expect((await names("pov t2c"))[0]).toBe("Prince of Valor: The Two Crowns");
  });

  it("derives the name's initials with its closing numeral both ways before the subtitle's initials", async () => {
    expect(initialismAliases("Star Quest XIII: Lost Tides")).toEqual(expect.arrayContaining(["sqxiii: lt", "sq13: lt"]));
    await createGame({ name: "Star Quest XIII: Lost Tides", releaseYear: 2012, platformNames: ["DS"] });
    expect((await names("sq13 lt"))[0]).toBe("Star Quest XIII: Lost Tides");
  });

  it("reads a title's number word as part of its name, not as a sequel number", () => {
    expect(ranked("fantastic", ["Fantastic Four", "Fantastic Zone"])[0]).toBe("Fantastic Four");
  });
});

describe("round 9: a numbered name glued to a one-word subtitle's initial", () => {
  it("derives the name's initials, its number in digits and the subtitle's initial, glued", async () => {
    expect(initialismAliases("Star Quest III: Redemption")).toEqual(expect.arrayContaining(["sq3r"]));
    // An arabic number too, and a compound subtitle word gives its halves' initials.
    expect(initialismAliases("Star Quest 2: Underworld")).toEqual(expect.arrayContaining(["sq2uw"]));
    // Subtitles of two words or more keep their initials (unchanged): "ssf4ae".
    expect(initialismAliases("Star Quest IV: Arcade Edition")).toEqual(expect.arrayContaining(["sq4ae"]));
    await createGame({ name: "Star Quest III: Redemption", releaseYear: 2012, platformNames: ["PC"] });
    expect((await names("sq3r"))[0]).toBe("Star Quest III: Redemption");
  });
});

describe("round 9: a nickname cutting the series word before a number", () => {
  const ranked = rankedTitles;

  it("finds a one-word series name cut to its first syllables, then the number", async () => {
    await createGame({ name: "Bravonetta 2", releaseYear: 2014, platformNames: ["Wii U"] });
    await createGame({ name: "Bravonetta", releaseYear: 2009, platformNames: ["PS3"] });
    expect((await names("bravo 2"))[0]).toBe("Bravonetta 2");
    // Only the start of one title word: "mari" is no start of "Mari Kart" joined.
    expect(ranked("mari 64", ["Mari Kart 64", "Super Mari 64"])[0]).toBe("Super Mari 64");
  });
});

describe("round 10: a title's year cut short", () => {
  const ranked = rankedTitles;

  it("derives the year's last two digits and, for 2000–2009, '2k…' after the initialism, glued and spaced", () => {
    expect(initialismWords("Pitch Manager 2005")).toEqual(expect.arrayContaining(["pm05", "pm2k5", "05", "2k5"]));
    expect(initialismAliases("Pitch Manager 2005")).toEqual(expect.arrayContaining(["pm 05", "pm 2k5"]));
    expect(initialismWords("The Queen of Brawlers 2001")).toEqual(expect.arrayContaining(["qob2k1", "qob01"]));
    expect(initialismWords("Comet 2000")).toContain("2k");
    expect(initialismWords("Hoop Stars 2013")).toEqual(expect.arrayContaining(["hs13", "13"]));
    // Not a year: a number under 1970, a code name, a cut with no roman twin ("hs v" is no alias of 05).
    expect(initialismWords("Space Fleet 1944")).not.toContain("sf44");
    expect(initialismAliases("Hoop Stars 2005")).not.toContain("hsv");
  });

  it("matches a title's year typed with its last two digits or as '2k…'", async () => {
    expect(ranked("gridiron 05", ["Gridiron Pro 2004", "Gridiron Pro 2005", "Gridiron Pro 2006"])[0]).toBe("Gridiron Pro 2005");
    expect(ranked("comet 2k", ["Comet", "Comet 2000", "Comet II"])[0]).toBe("Comet 2000");
    await createGame({ name: "Pitch Manager 2004", releaseYear: 2003, platformNames: ["PC"] });
    await createGame({ name: "Pitch Manager 2005", releaseYear: 2004, platformNames: ["PC"] });
    expect((await names("pm05"))[0]).toBe("Pitch Manager 2005");
    expect((await names("pitch manager 05"))[0]).toBe("Pitch Manager 2005");
    expect((await names("pitch 2k4"))[0]).toBe("Pitch Manager 2004");
  });
});

describe("round 10: a short name glued to its number", () => {
  it("asks a word glued to a number also as the word and the number apart, with the number's twins", async () => {
    expect(gluedNumber("zy4")).toBe("(zy & (4 | iv | four))");
    expect(gluedNumber("p5")).toBeNull();
    expect(gluedNumber("zy05")).toBeNull();
    expect(buildTsQuery(prepareQuery("zy4")!, new Map())).toBe("(zy4 | (zy & (4 | iv | four)) | zy4:*)");
    await createGame({ name: "Zy IV: The Dawn of Zy", releaseYear: 1993, platformNames: ["PC Engine"] });
    await createGame({ name: "Zy", releaseYear: 1987, platformNames: ["PC-88"] });
    expect((await names("zy4"))[0]).toBe("Zy IV: The Dawn of Zy");
  });
});

describe("round 10: an ampersand initialism followed by a number", () => {
  it("reads single letters around '&' as one word when a number follows, glued or spaced", async () => {
    expect(prepareQuery("q&r2")?.normalized).toBe("qandr2");
    expect(prepareQuery("q & r 3")?.normalized).toBe("qandr 3");
    // Numbers and words are still left alone.
    expect(prepareQuery("3 & 4")?.normalized).toBe("3 and 4");
    expect(prepareQuery("batman & robin 2")?.normalized).toBe("batman and robin 2");
    await createGame({ name: "Quill & Rook 2: Lost at Sea", releaseYear: 1991, platformNames: ["SNES"] });
    await createGame({ name: "Quill & Rook", releaseYear: 1990, platformNames: ["SNES"] });
    expect((await names("q&r2"))[0]).toBe("Quill & Rook 2: Lost at Sea");
  });
});

describe("round 10: small words kept in an initialism, 'and' left out", () => {
  it("derives the initials with the small words but 'and' and an article right after it", async () => {
    expect(initialismWords("Knights of Steel and Sorcery")).toContain("koss");
    expect(initialismWords("Tom Porter and the Cup of Flame")).toContain("tpcof");
    expect(initialismWords("Tom Porter and the Order of the Moon")).toContain("tpootm");
    // Nothing new where no small word would be kept ("Zip and Zap" is "zz" already).
    expect(initialismAliases("Zip and Zap")).toEqual(["zaz", "zz", "za zap", "zaz1", "zz1"]);
    await createGame({ name: "Tom Porter and the Cup of Flame", releaseYear: 2005, platformNames: ["PC"] });
    await createGame({ name: "Tom Porter and the Order of the Moon", releaseYear: 2007, platformNames: ["PC"] });
    expect((await names("tpcof"))[0]).toBe("Tom Porter and the Cup of Flame");
    expect((await names("tpootm"))[0]).toBe("Tom Porter and the Order of the Moon");
  });
});

describe("round 10: a numbered name glued to the first initial of a long subtitle", () => {
  it("derives the name's initials, the number and the subtitle's first initial, glued", async () => {
    expect(initialismWords("Ferona 3: Dancing in Moonlight")).toContain("f3d");
    expect(initialismWords("Star Quest 2: Sons of Liberty")).toContain("sq2s");
    // Not for an edition's subtitle, nor for a subtitle of one word (its initial is derived already).
    expect(initialismWords("Ferona 5: Steelbook Edition")).not.toContain("f5s");
    expect(initialismWords("Star Quest 2: The Return")).toContain("sq2r");
    await createGame({ name: "Ferona 3: Dancing in Moonlight", releaseYear: 2018, platformNames: ["PS4"] });
    await createGame({ name: "Ferona 3", releaseYear: 2006, platformNames: ["PS2"] });
    expect((await names("f3d"))[0]).toBe("Ferona 3: Dancing in Moonlight");
  });
});

describe("round 10: 'Deluxe' written DX", () => {
  it("derives the initialism with 'deluxe' as 'dx', besides its initial", async () => {
    expect(initialismWords("Super Hero Bros. U Deluxe")).toEqual(expect.arrayContaining(["shbud", "shbudx"]));
    expect(initialismWords("Super Hero Bros. U")).not.toContain("shbudx");
    await createGame({ name: "Super Hero Bros. U Deluxe", releaseYear: 2019, platformNames: ["Switch"] });
    await createGame({ name: "Super Hero Bros. U", releaseYear: 2012, platformNames: ["Wii U"] });
    expect((await names("shbudx"))[0]).toBe("Super Hero Bros. U Deluxe");
  });
});

describe("round 10: community aliases", () => {
  it.each([
    ["ff7cc", "Crisis Core: Final Fantasy VII"],
    ["fe12", "Fire Emblem: New Mystery of the Emblem"],
    ["vf4evo", "Virtua Fighter 4: Evolution"],
  ])("finds %s → %s through the reviewed alias file", async (q, expected) => {
    expect(communityAliases(expected)).toContain(q);
    await createGame({ name: expected, releaseYear: 2007, platformNames: ["PSP"] });
    expect((await names(q))[0]).toBe(expected);
  });
});

describe("round 11: a remaster's tag between the name and its version", () => {
  it("derives the initialisms without the tag too, after the others", async () => {
    const words = initialismWords("Castle Hearts HD 1.5 Remix");
    expect(words).toEqual(expect.arrayContaining(["chh15r", "ch15r", "ch15"]));
    // Only a tag standing before a number.
    expect(initialismAliases("Castle Hearts HD Remix")).not.toContain("ch remix");
    await createGame({ name: "Castle Hearts HD 1.5 Remix", releaseYear: 2013, platformNames: ["PlayStation 3"] });
    await createGame({ name: "Castle Hearts", releaseYear: 2002, platformNames: ["PlayStation 2"] });
    expect((await names("ch 1.5"))[0]).toBe("Castle Hearts HD 1.5 Remix");
  });
});

describe("round 11: a version number ending in .0 typed as its whole number", () => {
  it("matches 'neon drift 2' with Neon Drift 2.0 (normalised, its number is '20')", async () => {
    await createGame({ name: "Neon Drift", releaseYear: 1999, developer: "Studio", platformNames: ["PC", "Dreamcast"] });
    await createGame({ name: "Neon Drift 2.0", releaseYear: 2003, platformNames: ["PC"] });
    await createGame({ name: "Neon Drift Tournament 2", releaseYear: 2004, platformNames: ["PC"] });
    expect((await names("neon drift 2"))[0]).toBe("Neon Drift 2.0");
    expect((await names("neon drift"))[0]).toBe("Neon Drift");
  });
});

describe("round 11: a year typed the 2K way, as a title writes it", () => {
  it("puts the title holding the typed '2k5' before the one whose year 2005 it also reads", async () => {
    await createGame({
      name: "Rink Hockey 2005",
      releaseYear: 2004,
      developer: "Studio",
      platformNames: ["PlayStation 2", "Xbox", "GameCube"],
    });
    await createGame({ name: "Sports Net Rink Hockey 2K5", releaseYear: 2004, platformNames: ["PlayStation 2"] });
    await createGame({ name: "Storm Racer 2001", releaseYear: 2001, platformNames: ["PC"] });
    expect((await names("rink hockey 2k5"))[0]).toBe("Sports Net Rink Hockey 2K5");
    // With no title writing it so, the year typed short still finds its title.
    expect((await names("storm racer 2k1"))[0]).toBe("Storm Racer 2001");
    expect((await names("rink hockey 05"))[0]).toBe("Rink Hockey 2005");
  });
});

describe("round 11: an edition's initials typed apart after a numbered name", () => {
  it("derives the name's initials and number, then the edition's initials as a word of their own", async () => {
    expect(initialismAliases("The Queen of Blades '98 Ultimate Match")).toEqual(expect.arrayContaining(["the qob98 um", "the qob 98 um"]));
    // One edition word is glued as before ("p4g"); words holding small words are no edition.
    expect(initialismAliases("Persona 4 Golden")).not.toContain("p4 g");
    await createGame({ name: "The Queen of Blades '98 Ultimate Match", releaseYear: 2008, platformNames: ["PlayStation 2"] });
    await createGame({
      name: "The Queen of Blades '98",
      releaseYear: 1998,
      developer: "Studio",
      platformNames: ["Neo Geo", "PlayStation"],
    });
    expect((await names("qob98 um"))[0]).toBe("The Queen of Blades '98 Ultimate Match");
    expect((await names("qob98"))[0]).toBe("The Queen of Blades '98");
  });
});

describe("round 12: an ordinal typed as its number", () => {
  it("derives the number of an ordinal and finds the title by it, the HD record when 'hd' follows", async () => {
    expect(initialismWords("Comet Hunter Portable 3rd")).toEqual(expect.arrayContaining(["chp3rd", "chp3", "3"]));
    expect(initialismAliases("Comet Hunter Portable 3rd HD Ver")).toContain("chp3 hd ver");
    await createGame({ name: "Comet Hunter Portable 3rd", releaseYear: 2010, platformNames: ["PSP"] });
    await createGame({ name: "Comet Hunter Portable 3rd HD Ver", releaseYear: 2011, platformNames: ["PlayStation 3"] });
    await createGame({ name: "The Tale of Wings: Sky Trails the 2nd", releaseYear: 2007, platformNames: ["PSP"] });
    expect((await names("chp3"))[0]).toBe("Comet Hunter Portable 3rd");
    expect((await names("chp3 hd"))[0]).toBe("Comet Hunter Portable 3rd HD Ver");
    expect((await names("sky trails 2"))[0]).toBe("The Tale of Wings: Sky Trails the 2nd");
  });
});

describe("round 12: a word spelt as it sounds", () => {
  it("gives two spellings of one sound the same key and respells a typed word by sound", () => {
    expect(soundKey("roblocks")).toBe(soundKey("roblox"));
    expect(soundKey("kwake")).toBe(soundKey("quake"));
    expect(soundKey("tail")).toBe(soundKey("tale"));
    expect(soundKey("zenogears")).toBe(soundKey("xenogears"));
    expect(soundKey("fortnight")).toBe(soundKey("fortnite"));
    expect(soundKey("metal")).not.toBe(soundKey("mortal"));
    expect(soundAlikeSpellings("kwazar")).toContain("quazar");
    expect(soundAlikeSpellings("tail")).toContain("tale");
  });

  it("finds a one-word title typed by ear, two edits away", async () => {
    await createGame({ name: "Kwazar", releaseYear: 1999, platformNames: ["PC"] });
    expect((await names("quazar"))[0]).toBe("Kwazar");
  });
});

describe("round 12: the last resort compares titles without their leading article", () => {
  it("keeps 'lutes toll' for The Lutes Tale (a possessive and a word misspelt by ear)", () => {
    const ranked = rankCandidates(prepareQuery("lutes toll")!, [rankCandidate(1, "The Lutes Tale")], new Date(), { mostWords: true });
    expect(ranked.map((r) => r.candidate.name)).toEqual(["The Lutes Tale"]);
  });
});

describe("round 12: compound words of common morphemes", () => {
  it("gives both halves' initials", () => {
    expect(initialismWords("Hyperdimension Nebula")).toContain("hdn");
    expect(initialismWords("Dragon Orb: Xenoverse")).toContain("doxv");
    expect(initialismWords("Navy Ops: Fireteam Delta 2")).toContain("ftd2");
  });
});

describe("round 13: a possessive brand left out of an initialism", () => {
  it("derives the initialisms of the title without its brand, apart from the title's own", () => {
    expect(possessiveBrand("Rob Carver's Ghost Patrol 2")).toEqual({ brand: "rob carvers", rest: "Ghost Patrol 2" });
    expect(brandAliases("Rob Carver's Ghost Patrol 2")).toEqual(expect.arrayContaining(["gp2", "gp 2"]));
    expect(brandAliases("Rob Carver's Night Signal: Blackout")).toContain("nsb");
    expect(initialismAliases("Rob Carver's Ghost Patrol 2")).not.toContain("gp2");
    expect(initialismWords("Rob Carver's Ghost Patrol 2")).toEqual(expect.arrayContaining(["rcgp2", "gp2"]));
    // One word (or a number) after the possessive is the title's name, not a brand before one.
    expect(possessiveBrand("Wizard's Crown II")).toBeNull();
    expect(possessiveBrand("Rob Carver's Outpost")).toBeNull();
    // No lone initialism under three letters, no "…1" the title does not hold.
    expect(brandAliases("Rob Carver's Ghost Patrol")).toEqual([]);
  });

  it("ranks the title without its brand below a title whose own initialism the letters are", () => {
    expect(rankedTitles("gp2", ["Rob Carver's Ghost Patrol 2", "Grand Pursuit II"])).toEqual([
      "Grand Pursuit II",
      "Rob Carver's Ghost Patrol 2",
    ]);
    expect(rankedTitles("nsb", ["Rob Carver's Night Signal: Blackout", "Nightshade Bay Stories"])[0]).toBe(
      "Rob Carver's Night Signal: Blackout",
    );
  });

  it("finds a title by the initialism of its name without the brand", async () => {
    await createGame({ name: "Rob Carver's Night Signal: Blackout", releaseYear: 2013, platformNames: ["PC"] });
    expect((await names("nsb"))[0]).toBe("Rob Carver's Night Signal: Blackout");
  });
});

describe("round 13: a subtitle's initials without its leading article", () => {
  it("derives them with the other small words kept, the article as a word before them", () => {
    const aliases = initialismAliases("Sword Saga: The Return of the Tyrant II");
    expect(aliases).toEqual(expect.arrayContaining(["ss: the rott2", "ss: the rottii", "sword saga: the rott2"]));
    expect(initialismWords("Sword Saga: The Return of the Tyrant II")).toContain("rott2");
    // Without another small word, the subtitle's initials without its article are derived already ("ww").
    expect(initialismAliases("Sword Saga: The Wind Waker")).not.toContain("ss: the ww");
  });

  it("ranks them below a title whose own initialism the letters are", () => {
    expect(rankedTitles("ss rott2", ["Sword Saga: The Return of the Tyrant II"])).toEqual(["Sword Saga: The Return of the Tyrant II"]);
    expect(rankedTitles("ss rott2", ["Sword Saga: The Return of the Tyrant II", "Space Squad: Rise of the Titans 2"])[0]).toBe(
      "Space Squad: Rise of the Titans 2",
    );
  });
});

describe("round 14: an episode marker after a franchise's initialism", () => {
  it("derives the name's initials, the marker whole and the numeral in digits, then the rest whole or as initials", () => {
    expect(markerAliases("Sky Rangers Episode II: Iron Tide")).toEqual(
      expect.arrayContaining(["sr episode 2: iron tide", "sr episode 2: it"]),
    );
    // The marker as a part of its own, after a colon; a one-word compound name gives its halves' initials.
    expect(markerAliases("Sky Rangers: Episode I - Iron Tide")).toContain("sr episode 1: it");
    expect(markerAliases("Xenosaga Episode IV")).toEqual(["xs episode 4", "xse4"]);
    expect(initialismAliases("Sky Rangers Episode II: Iron Tide")).toContain("sr episode 2: it");
    expect(markerAliases("Sky Rangers II: Iron Tide")).toEqual([]);
  });

  it("reads 'ep' before a number as 'episode' in the term", () => {
    expect(prepareQuery("sr ep2 it")?.normalized).toBe("sr episode 2 it");
    expect(prepareQuery("sr ep. 2")?.normalized).toBe("sr episode 2");
    expect(prepareQuery("sr episode2")?.normalized).toBe("sr episode 2");
    expect(prepareQuery("sr ep ii")?.normalized).toBe("sr episode ii");
    // "EP" without a number is a word of its own, and a word starting with "ep" stays whole.
    expect(prepareQuery("kirbs epix tarn")?.normalized).toBe("kirbs epix tarn");
    expect(prepareQuery("futuridium ep deluxe")?.normalized).toBe("futuridium ep deluxe");
  });

  it("ranks the episode a player names by its initials above other titles with that episode number", () => {
    const titles = ["Another Saga Episode 2: The End", "Sky Rangers Episode II: Iron Tide", "Sky Rangers Episode III"];
    expect(rankedTitles("sr ep2", titles)[0]).toBe("Sky Rangers Episode II: Iron Tide");
    expect(rankedTitles("sr episode 2 it", titles)[0]).toBe("Sky Rangers Episode II: Iron Tide");
  });

  it("finds the title by full text", async () => {
    await createGame({ name: "Sky Rangers Episode II: Iron Tide", releaseYear: 2003, platformNames: ["PlayStation 2"] });
    await createGame({ name: "Another Saga Episode 2: The End", releaseYear: 2005, platformNames: ["PlayStation 2", "PC"] });
    expect((await names("sr ep2"))[0]).toBe("Sky Rangers Episode II: Iron Tide");
    expect((await names("sr ep2 it"))[0]).toBe("Sky Rangers Episode II: Iron Tide");
  });
});

describe("round 14: two numbers joined by '&' after an initialism", () => {
  it("derives the initials glued to the first number, 'and', the second, first of the title's aliases", () => {
    const aliases = initialismAliases("Mystic Quest I & II: Ancient Tales");
    expect(aliases.slice(0, 2)).toEqual(["mq1 and 2: ancient tales", "mq1 and 2: at"]);
    expect(aliases).toContain("mq 1 and 2: at");
    expect(initialismAliases("Mystic Quest I & II")).toEqual(expect.arrayContaining(["mq1 and 2", "mq 1 and 2"]));
    // Consecutive numbers only.
    expect(initialismAliases("Mystic Quest I & III").some((a) => a.includes(" and "))).toBe(false);
  });

  it("ranks the pair above a title holding one of the numbers", () => {
    expect(rankedTitles("mq1&2 at", ["Mystic Quest 2", "Mystic Quest I & II: Ancient Tales", "Mq 1 & 2 Pack"])[0]).toBe(
      "Mystic Quest I & II: Ancient Tales",
    );
  });
});

describe("round 14: an edition subtitle's initials after the numbered name's", () => {
  it("derives them, the other subtitles left out, with and without the closing 'Edition'", () => {
    const aliases = initialismAliases("Sword Realm IV: Oblivion Gate - Game of the Year Edition");
    expect(aliases).toEqual(expect.arrayContaining(["sr4 goty", "sriv goty", "sr4 gotye", "og goty"]));
    expect(initialismWords("Sword Realm IV: Oblivion Gate - Game of the Year Edition")).toContain("goty");
    expect(initialismAliases("Night Hunter 3: Red Dawn - Special Edition")).toContain("nh3 se");
    // Only an edition subtitle.
    expect(initialismAliases("Night Hunter 3: Red Dawn - Special Forces")).not.toContain("nh3 sf");
  });

  it("ranks the edition above the base game when the term names it", () => {
    const titles = ["Night Hunter 3: Red Dawn", "Night Hunter 3: Red Dawn - Special Edition"];
    expect(rankedTitles("nh3 se", titles)[0]).toBe("Night Hunter 3: Red Dawn - Special Edition");
    expect(rankedTitles("nh3", titles)[0]).toBe("Night Hunter 3: Red Dawn");
  });
});

describe("round 14: the name's initials without an article inside it", () => {
  it("derives them after a small word, the article as a word before them", () => {
    expect(withoutInnerArticle("Legend of the Five Rings III")).toBe("Legend of Five Rings III");
    expect(withoutInnerArticle("Tales of the Moon: Lost Songs 2")).toBe("Tales of Moon: Lost Songs 2");
    // Not in a subtitle, not in a title opening with an article.
    expect(withoutInnerArticle("Star Hunt: Heart of the Sea")).toBeNull();
    expect(withoutInnerArticle("The Lord of the Rings")).toBeNull();
    expect(initialismAliases("Legend of the Five Rings III")).toEqual(expect.arrayContaining(["the lofr3", "the lofr iii"]));
    expect(initialismWords("Legend of the Five Rings III")).toContain("lofr3");
    expect(initialismAliases("Tales of the Moon: Lost Songs 2")).toContain("the tom: ls2");
  });

  it("ranks them below a title whose own initialism the letters are", () => {
    expect(rankedTitles("lofr3", ["Legend of the Five Rings III"])).toEqual(["Legend of the Five Rings III"]);
    expect(rankedTitles("lofr3", ["Legend of the Five Rings III", "Lords of Fire Realm 3"])[0]).toBe("Lords of Fire Realm 3");
  });
});

describe("round 14: compound halves and letter groups around '&'", () => {
  it("splits 'saga', 'wrestle' and 'mania' compounds", () => {
    expect(initialismWords("Arena Road to Wrestlemania")).toContain("rtwm");
    expect(initialismWords("Xenosaga Online")).toContain("xso");
  });

  it("reads letter groups of one or two around '&' as one word with 'and' whole", () => {
    expect(prepareQuery("ad&d por")?.tokens).toEqual(["adandd", "por"]);
    expect(prepareQuery("r & c itn")?.tokens).toEqual(["randc", "itn"]);
    // Words stay words.
    expect(prepareQuery("batman & robin")?.tokens).toEqual(["batman", "and", "robin"]);
    expect(rankedTitles("ad&d por", ["Advanced Dungeons & Dragons: Pool of Radiance", "AD&D: Slayer"])[0]).toBe(
      "Advanced Dungeons & Dragons: Pool of Radiance",
    );
  });

  it("asks the letters apart in the last resort when the joined reading finds nothing", async () => {
    await createGame({ name: "Honor And Duty: D-Day", releaseYear: 2009, platformNames: ["PC"] });
    const result = await searchGames({ q: "zq&dd", igdbFallback: false });
    expect(result.games.map((g) => g.name)).toContain("Honor And Duty: D-Day");
    expect(result.partialMatch).toBe(true);
  });
});

describe("round 14: a numeral after a marker word, a word in capitals inside the name", () => {
  it("derives the name's initials glued to the numeral, spaced, and with the marker as players type it", () => {
    expect(markerAliases("Arcade Hits Collection Vol. 2")).toEqual(["ahc2", "ahc 2", "ahc vol 2"]);
    expect(markerAliases("Steel Maiden Volume I")).toEqual(expect.arrayContaining(["sm1", "sm volume 1", "sm vol 1"]));
    // Every word's initial, small words too: "bttf3", never the content initials "bf3" (Battlefield 3).
    expect(markerAliases("Back to the Future Part III")).toContain("bttf3");
    expect(markerAliases("Back to the Future Part III")).not.toContain("bf3");
  });

  it("keeps a word in capitals inside the name whole", () => {
    expect(innerCapsWords("Konami GB Collection Vol. 3")).toEqual(new Set(["gb"]));
    expect(innerCapsWords("Capcom VS SNK 2").has("vs")).toBe(false);
    expect(innerCapsWords("Final Fantasy XIV Online")).toEqual(new Set());
    expect(initialismAliases("Konami GB Collection Vol. 3")).toEqual(expect.arrayContaining(["kgbc3", "kgbc vol 3"]));
    expect(initialismWords("Metal Gear Solid VR Missions")).toContain("mgsvrm");
  });

  it("ranks the volume a player names by its initials first", () => {
    const titles = ["Arcade Heroes Classic 2", "Arcade Hits Collection Vol. 2", "Arcade Hits Collection Vol. 3"];
    expect(rankedTitles("ahc vol 2", titles)[0]).toBe("Arcade Hits Collection Vol. 2");
    expect(rankedTitles("kgbc3", ["Konami GB Collection Vol. 3", "Konami GB Collection Vol. 2"])[0]).toBe("Konami GB Collection Vol. 3");
  });
});

describe("round 14: initialisms on either side of 'vs'", () => {
  it("derives each side's initials, or a one-word side whole or as its initial, with 'vs' whole", () => {
    const aliases = initialismAliases("Captain Comet vs. Space Pirates: Final Clash");
    expect(aliases).toEqual(expect.arrayContaining(["cc vs sp: final clash", "cc vs sp: fc"]));
    expect(initialismAliases("Star Legends: Rook vs. The Iron Baron")).toEqual(
      expect.arrayContaining(["rook vs ib", "r vs ib", "star legends: rook vs ib"]),
    );
    expect(initialismAliases("Rook Versus Iron Baron")).toContain("rook vs ib");
    expect(initialismWords("Star Legends: Rook vs. The Iron Baron")).toContain("ib");
  });

  it("ranks the title named by the sides' initials above its series' other 'vs' titles", () => {
    const titles = ["Star Legends: Rook vs. The World", "Star Legends: Rook vs. The Iron Baron"];
    expect(rankedTitles("rook vs ib", titles)[0]).toBe("Star Legends: Rook vs. The Iron Baron");
  });
});

describe("round 15a: a three-part title's variant after the subtitle's initials", () => {
  it("derives the subtitle's initials, then the variant as initials or whole, also glued after the name's", () => {
    const aliases = initialismAliases("Sky Legend: Crystal of Time - Hidden Quest");
    expect(aliases).toEqual(expect.arrayContaining(["cot: hq", "cot: hidden quest", "slcot: hidden quest"]));
    // A one-word name gives its initial and a compound word's two.
    expect(initialismAliases("Stormzone: Dark Rise - Outpost")).toEqual(expect.arrayContaining(["sdr: outpost", "szdr: outpost"]));
  });

  it("ranks the variant above the plain game when the third part is typed", () => {
    const titles = ["Sky Legend: Crystal of Time", "Sky Legend: Crystal of Time - Hidden Quest"];
    expect(rankedTitles("cot hq", titles)[0]).toBe("Sky Legend: Crystal of Time - Hidden Quest");
    expect(rankedTitles("slcot hidden quest", titles)[0]).toBe("Sky Legend: Crystal of Time - Hidden Quest");
    expect(rankedTitles("cot", titles)[0]).toBe("Sky Legend: Crystal of Time");
  });
});

describe("round 15a: an '&' pair opening a longer name", () => {
  it("derives the pair's letters around 'and', then the rest's shortest initialisms or the rest whole", () => {
    expect(ampersandPairAliases("Clash & Crown Iron Tide 2: Final Stand")).toEqual(expect.arrayContaining(["candc it2: fs"]));
    expect(initialismAliases("Clash & Crown Iron Tide 2: Final Stand")[0]).toMatch(/^candc /);
    // A possessive pair, its rest's initials; a number right after the pair glued to it; a camel-case word's two letters.
    expect(ampersandPairAliases("Mick & Rory's Great Trip")).toContain("mandr gt");
    expect(ampersandPairAliases("SkyJump & Lou III: Home Again")).toEqual(expect.arrayContaining(["sjandl3", "sjandl3: ha"]));
    // A possessive pair before an episode marker is the marker's head.
    expect(initialismAliases("Mick & Rory's Great Trip, Episode 1: The Lake")).toContain("mandr episode 1: tl");
    // Not a pair that is the whole name, nor one before a colon.
    expect(ampersandPairAliases("Clash & Crown")).toEqual([]);
    expect(ampersandPairAliases("Clash & Crown: Iron Tide")).toEqual([]);
  });

  it("ranks the title first for the pair typed with '&' and the rest's initials", () => {
    const titles = ["Clash & Crown: Iron Tide 2", "Clash & Crown Iron Tide 2: Final Stand"];
    expect(rankedTitles("c&c it2 fs", titles)[0]).toBe("Clash & Crown Iron Tide 2: Final Stand");
    expect(rankedTitles("m&r ep1", ["Math Rally: Episode 1", "Mick & Rory's Great Trip, Episode 1: The Lake"])[0]).toBe(
      "Mick & Rory's Great Trip, Episode 1: The Lake",
    );
  });
});

describe("round 15b: a one-word term one edit from a stored initialism, or two glued, in the last resort", () => {
  it("reads the word as its corrections, with one character left out or two swapped, and split in two", () => {
    const query = prepareQuery("ghsa")!;
    const readings = nearReadings(query, new Map([["ghsa", ["ghasa", "gosa"]]]));
    const cost = (t: string) => readings.find((r) => r.query.normalized === t)?.penalty;
    expect(cost("ghasa")).toBe(NEAR_PENALTY.dropped);
    expect(cost("gosa")).toBe(NEAR_PENALTY.replaced);
    expect(cost("hgsa")).toBe(NEAR_PENALTY.swapped);
    expect(cost("hsa")).toBe(NEAR_PENALTY.extra);
    expect(cost("gh sa")).toBe(NEAR_PENALTY.split);
    // Readings explaining every typed letter cost least.
    expect(NEAR_PENALTY.dropped).toBeLessThan(NEAR_PENALTY.extra);
    expect(nearTsQuery(readings)).toContain("(gh & sa)");
    // Three letters or fewer, a number, several words: no readings.
    expect(nearReadings(prepareQuery("ghs")!, new Map())).toEqual([]);
    expect(nearReadings(prepareQuery("1998")!, new Map())).toEqual([]);
    expect(nearReadings(prepareQuery("gh sa")!, new Map())).toEqual([]);
  });

  it("finds the title instead of nothing, flagged partial", async () => {
    await createGame({ name: "Grand Heist Avenue: Sun Angels", releaseYear: 2004, platformNames: ["PlayStation 2"] });
    await createGame({ name: "Vortex 3: QZKT", releaseYear: 2009, platformNames: ["Xbox 360"] });
    // A letter left out ("ghasa"), two swapped, one too many in front ("sghasa"), two initialisms glued ("v3 qzkt").
    for (const q of ["ghsa", "ghaas", "sghasa"]) {
      const result = await searchGames({ q, igdbFallback: false });
      expect(result.games[0]?.name, q).toBe("Grand Heist Avenue: Sun Angels");
      expect(result.partialMatch).toBe(true);
    }
    expect(await names("v3qzkt")).toContain("Vortex 3: QZKT");
    // Nothing near: still nothing.
    expect(await names("xwvqj")).toEqual([]);
  });
});

describe("round 15b: a word of the term standing for the initials of title words in a row", () => {
  it("ranks the title whose words the initials stand for above titles holding only the other words", () => {
    const titles = ["Brick Harbor Rush 2", "Brick Island 2: Return", "Brick Sky Raiders II: The Old Fleet"];
    expect(rankedTitles("brick sr 2", titles)[0]).toBe("Brick Sky Raiders II: The Old Fleet");
    const dance = ["Step Step Fever Extreme 2", "Tony's Skate Extreme 2", "Bike Extreme 2"];
    expect(rankedTitles("ssf extreme 2", dance)[0]).toBe("Step Step Fever Extreme 2");
  });

  it("leaves an initialism typed alone to the initialism aliases, and words typed whole above initials", () => {
    // Typed whole, the words still come first.
    expect(rankedTitles("brick sky raiders 2", ["Brick Sky Raiders II: The Old Fleet", "Brick Sr 2"])[0]).toBe(
      "Brick Sky Raiders II: The Old Fleet",
    );
  });
});

describe("round 15a: an episode's letter and number glued to the initials", () => {
  it("derives the head, 'e' and the number, then the subtitle or its initials, also glued", () => {
    expect(markerAliases("Sky Rangers Episode I: Racer")).toEqual(expect.arrayContaining(["sre1: racer", "sre1: r", "sre1r"]));
    expect(rankedTitles("sre1r", ["Sky Rangers Episode I: Racer", "Sky Rangers Episode II: Racer Two"])[0]).toBe(
      "Sky Rangers Episode I: Racer",
    );
  });
});

describe("round 15a: a leading brand kept whole before the rest's initials", () => {
  it("keeps a brand in capitals whole ('xwa sm19')", () => {
    expect(initialismAliases("XWA SlamMania XIX")).toEqual(expect.arrayContaining(["xwa sm19", "xwa smxix"]));
    expect(rankedTitles("xwa sm19", ["XWA SlamMania 2000", "XWA SlamMania XIX"])[0]).toBe("XWA SlamMania XIX");
    expect(capsBrandAliases("XWA: SlamMania XIX")).toEqual([]);
    expect(capsBrandAliases("XWA SLAMMANIA XIX")).toEqual([]);
  });

  it("keeps a one-word possessive brand whole without its 's' ('jojo eoh')", () => {
    expect(possessiveWordAliases("Momo's Strange Journey: Eyes of Night")).toEqual(["momo eon", "momo en"]);
    // The name's initials after the brand word are brand aliases, weighed below a title's own initialisms.
    expect(brandAliases("Momo's Strange Journey: Eyes of Night")[0]).toBe("momo sj");
    expect(rankedTitles("momo sj", ["Momo Party", "Momo's Strange Journey: Eyes of Night"])[0]).toBe(
      "Momo's Strange Journey: Eyes of Night",
    );
    expect(initialismAliases("Momo's Strange Journey: Eyes of Night")).toContain("momo eon");
    expect(possessiveWordAliases("Momo's Journey")).toEqual([]);
    expect(rankedTitles("momo eon", ["Momo Party", "Momo's Strange Journey: Eyes of Night"])[0]).toBe(
      "Momo's Strange Journey: Eyes of Night",
    );
  });
});

describe("round 15a: a tag in capitals after a symbol or long", () => {
  it("keeps a tag after a symbol, and a long capitals word closing a subtitle, whole", () => {
    expect(initialismAliases("Neon Mirage Stories ♯XY")).toContain("nmsxy");
    expect(initialismAliases("SkyFall: Endless Night EXTEND")).toEqual(expect.arrayContaining(["en extend", "sfen extend"]));
    expect(rankedTitles("sfen extend", ["SkyFall: Endless Night", "SkyFall: Endless Night EXTEND"])[0]).toBe(
      "SkyFall: Endless Night EXTEND",
    );
  });
});

describe("round 15b: the name's initials typed before the subtitle's words", () => {
  it("ranks the title whose initialism they make above a title holding only the subtitle word", () => {
    expect(initialismWords("StormRider: Liberation")).toContain("srl");
    const titles = ["Desert Hawk III: Liberation", "StormRider: Liberation", "Liberation Day"];
    expect(rankedTitles("sr liberation", titles)[0]).toBe("StormRider: Liberation");
    // Letters that make no initialism of the title change nothing.
    expect(rankedTitles("qx liberation", titles)[0]).toBe("Liberation Day");
  });
});

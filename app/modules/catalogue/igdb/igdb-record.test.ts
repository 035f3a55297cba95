import { describe, expect, it } from "vitest";
import { GAME_NAME_REQUIRED, gameTypeOf, igdbGameToRecord, MISSING_IGDB_ID, unixToDate } from "./igdb-record";

const full = {
  id: 1942,
  name: "  The Witcher 3: Wild Hunt ",
  url: "https://www.igdb.com/games/the-witcher-3-wild-hunt",
  summary: "RPG summary",
  storyline: "Geralt's story",
  first_release_date: 1431993600,
  total_rating: 92.4567,
  total_rating_count: 3000,
  game_type: 0,
  cover: { id: 89386, url: "//images.igdb.com/igdb/image/upload/t_thumb/coaarl.jpg" },
  screenshots: [
    { id: 1, url: "//images.igdb.com/igdb/image/upload/t_thumb/sc1.jpg" },
    { id: 2, image_id: "sc2" },
  ],
  genres: [
    { id: 12, name: "Role-playing (RPG)" },
    { id: 31, name: "Adventure" },
  ],
  platforms: [
    { id: 6, name: "PC (Microsoft Windows)" },
    { id: 48, name: "PlayStation 4" },
  ],
  involved_companies: [
    { id: 1, company: { id: 908, name: "CD Projekt RED" }, developer: true, publisher: false },
    { id: 2, company: { id: 909, name: "CD Projekt" }, developer: false, publisher: true },
    { id: 3, company: { id: 1, name: "Warner Bros." }, developer: false, publisher: true },
    { id: 4, company: 555, developer: true },
  ],
  alternative_names: [
    { id: 1, name: "Wiedźmin 3: Dziki Gon" },
    { id: 2, name: "The Witcher 3: Wild Hunt" },
    { id: 3, name: "TW3" },
  ],
  franchises: [{ id: 452, name: "The Witcher" }],
  collections: [{ id: 5, name: "The Witcher series" }],
  dlcs: [22439, { id: 22440 }],
  expansions: [{ id: 1 }],
  standalone_expansions: [2],
  similar_games: [1, 2, "x", -4],
  parent_game: null,
};

describe("igdbGameToRecord", () => {
  it("converts an IGDB record to our game row values", () => {
    const r = igdbGameToRecord(full);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.record).toEqual({
      igdbId: 1942,
      gameId: "1942",
      name: "The Witcher 3: Wild Hunt",
      summary: "RPG summary",
      description: "Geralt's story",
      releaseDate: "2015-05-19",
      releaseYear: 2015,
      coverUrl: "https://images.igdb.com/igdb/image/upload/t_cover_big/coaarl.jpg",
      picUrl: "https://images.igdb.com/igdb/image/upload/t_screenshot_big/sc1.jpg",
      screenshots: [
        "https://images.igdb.com/igdb/image/upload/t_screenshot_big/sc1.jpg",
        "https://images.igdb.com/igdb/image/upload/t_screenshot_big/sc2.jpg",
      ],
      genre: "Role-playing (RPG)",
      genres: ["Role-playing (RPG)", "Adventure"],
      platforms: ["PC (Microsoft Windows)", "PlayStation 4"],
      developer: "CD Projekt RED",
      publisher: "CD Projekt, Warner Bros.",
      igdbRating: 92.46,
      igdbRatingCount: 3000,
      igdbPopularity: null,
      category: 0,
      parentIgdbId: null,
      alternativeNames: ["Wiedźmin 3: Dziki Gon", "TW3"],
      franchiseName: "The Witcher",
      collectionName: "The Witcher series",
      dlcIds: [22439, 22440],
      expansionIds: [1, 2],
      similarGameIds: [1, 2],
      igdbLink: "https://www.igdb.com/games/the-witcher-3-wild-hunt",
      searchName: "the witcher 3 wild hunt",
      // Alternative names, then the initialisms derived from the title ("tw3", "tw3wh").
      searchAliases: "wiedzmin 3 dziki gon | tw3 | tw tw3 twiii wh w3 tw3wh w3wh tw3w",
    });
  });

  it("reads game_type (or the deprecated category) and parent_game (else version_parent)", () => {
    const dlc = igdbGameToRecord({ id: 2, name: "DLC", game_type: { id: 1, type: "DLC" }, parent_game: { id: 1942, name: "W3" } });
    expect(dlc.ok && [dlc.record.category, dlc.record.parentIgdbId]).toEqual([1, 1942]);
    const edition = igdbGameToRecord({ id: 3, name: "GOTY", category: 10, version_parent: 1942 });
    expect(edition.ok && [edition.record.category, edition.record.parentIgdbId]).toEqual([10, 1942]);
    expect(gameTypeOf({})).toBe(0);
    expect(gameTypeOf({ game_type: 5, category: 2 })).toBe(5);
  });

  it("takes the earliest release date when first_release_date is missing; drops what it cannot read", () => {
    const r = igdbGameToRecord({
      id: 4,
      name: "Dated",
      release_dates: [{ date: 1_600_000_000 }, { date: 1_500_000_000 }, { id: 9 }],
      cover: 77,
    });
    expect(r.ok && [r.record.releaseDate, r.record.releaseYear, r.record.coverUrl]).toEqual(["2017-07-14", 2017, null]);
    const bare = igdbGameToRecord({ id: 5, name: "Bare", genres: "x", platforms: [null, 3], first_release_date: "2020" });
    expect(bare.ok && bare.record).toMatchObject({
      genres: [],
      platforms: [],
      releaseDate: null,
      developer: null,
      description: null,
      category: 0,
    });
    expect(unixToDate(-1e13)).toBeNull();
  });

  it("fails with the spec's validation texts", () => {
    expect(igdbGameToRecord({ name: "No id" })).toEqual({ ok: false, error: MISSING_IGDB_ID });
    expect(igdbGameToRecord({ id: "12", name: "Text id" })).toEqual({ ok: false, error: "Game data missing valid IGDB ID" });
    expect(igdbGameToRecord({ id: -3, name: "Negative" })).toEqual({ ok: false, error: MISSING_IGDB_ID });
    expect(igdbGameToRecord({ id: 7, name: "   " })).toEqual({ ok: false, error: GAME_NAME_REQUIRED });
    expect(igdbGameToRecord({ id: 7 })).toEqual({ ok: false, error: "Game name is required" });
    expect(igdbGameToRecord(null)).toEqual({ ok: false, error: MISSING_IGDB_ID });
  });
});

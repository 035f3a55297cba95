import { describe, expect, it } from "vitest";
import { ApicalypseSyntaxError, parseQuery, runQuery } from "./apicalypse";
import { igdbGame } from "./stand-in";

const records = [
  igdbGame(1, "Alpha Quest", { first_release_date: 100, game_type: 0 }),
  igdbGame(2, "Alpha Quest DLC", { first_release_date: 300, game_type: 1, parent_game: { id: 1, name: "Alpha Quest" } }),
  igdbGame(3, "Beta Mod", { first_release_date: 200, game_type: 5, parent_game: 1, cover: undefined }),
];

const run = (body: string) => runQuery(records, parseQuery(body));

describe("the stand-in's Apicalypse subset", () => {
  it("selects fields, expanding only what is asked (references come back as ids)", () => {
    expect(run("fields name,parent_game,cover.url; where id = 2;")).toEqual([
      { id: 2, name: "Alpha Quest DLC", parent_game: 1, cover: { id: 20, url: expect.stringContaining("t_thumb") } },
    ]);
    expect(run("fields platforms; where id = 1;")).toEqual([{ id: 1, platforms: [6, 48] }]);
  });

  it("filters with = ~ (a,b) & | != null and sorts, limits, offsets", () => {
    const ids = (body: string) => run(body).map((r) => r.id);
    expect(ids("fields name; where parent_game = 1 & game_type = (1,2,3,4);")).toEqual([2]);
    expect(ids('fields name; where name ~ *"quest"* | game_type = 5; sort first_release_date desc;')).toEqual([2, 3, 1]);
    expect(ids("fields name; where cover != null; sort first_release_date asc;")).toEqual([1, 2]);
    expect(ids('fields name; where name ~ "alpha"*; limit 1; offset 1;')).toEqual([2]);
    expect(ids("fields name; where id = (1,3) & !(game_type = 5);")).toEqual([1]);
    expect(ids('search "alpha quest"; fields name;')).toEqual([1, 2]);
  });

  it("rejects what it does not understand", () => {
    for (const body of [
      "fields name",
      "fields name; where id = ;",
      "fields name; frobnicate 1;",
      "where id = 1;",
      "fields name; limit 501;",
    ]) {
      expect(() => parseQuery(body), body).toThrow(ApicalypseSyntaxError);
    }
  });
});

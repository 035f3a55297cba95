import { describe, expect, it } from "vitest";
import { guardBulkQuery } from "./apicalypse-guard";

const ok = (body: string) => {
  const r = guardBulkQuery(body);
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r.body;
};
const refused = (body: unknown) => {
  const r = guardBulkQuery(body);
  if (r.ok) throw new Error(`accepted: ${r.body}`);
  return r.error;
};

describe("guardBulkQuery: the app's own queries pass", () => {
  it("related games by id list", () => {
    expect(ok("fields name,cover.url,first_release_date; where id = (1,2,3); limit 10;")).toBe(
      "fields name,cover.url,first_release_date; where id = (1,2,3); limit 10;",
    );
  });

  it("DLC for a parent, with the deprecated category sent as game_type", () => {
    expect(
      ok(
        "fields name, summary, first_release_date, cover.url, category, parent_game, involved_companies.company.name; " +
          "where parent_game = 1942 & category = (1,2,3,4) & cover != null & involved_companies != null; sort first_release_date asc; limit 20;",
      ),
    ).toBe(
      "fields name,summary,first_release_date,cover.url,game_type,parent_game,involved_companies.company.name; " +
        "where parent_game = 1942 & game_type = (1,2,3,4) & cover != null & involved_companies != null; sort first_release_date asc; limit 20;",
    );
  });

  it("mods by name, the parent lookup and the category lookup", () => {
    expect(
      ok(
        'fields name,cover.url,involved_companies.developer,involved_companies.publisher; where (name ~ *"skyrim"* | parent_game = 72) & cover != null; sort first_release_date desc; limit 30;',
      ),
    ).toContain('where (name ~ *"skyrim"* | parent_game = 72) & cover != null;');
    expect(ok("fields parent_game; where id = 1945;")).toBe("fields parent_game; where id = 1945; limit 10;");
    expect(ok("fields category,parent_game; where id = 1945;")).toBe("fields game_type,parent_game; where id = 1945; limit 10;");
  });
});

describe("guardBulkQuery: anything else is refused", () => {
  it.each([
    ["fields *;", "field '*' is not allowed"],
    ["fields name,websites.url;", "field 'websites.url' is not allowed"],
    ["fields name; where id = 1; limit 500;", "limit must be between 1 and 50"],
    ["fields name; where id = 1; fields *;", "'fields' appears twice"],
    ['fields name; search "zelda";', "'search' is not allowed"],
    ["fields name; exclude summary;", "'exclude' is not allowed"],
    ["fields name; where id > 0;", "'id >' is not allowed"],
    ["fields name; where rating > 0;", "where: field 'rating' is not allowed"],
    ["fields name; where id = (1,2,3,4,5,6,7,8,9,10,11);", "at most 10 values"],
    ['fields name; where name = "x";', "'name =' is not allowed"],
    ['fields name; where name ~ *"x\\"; fields *"*;', "a string is not closed"],
    ['fields name; where name ~ *"a;b"*;', "strings may not contain"],
    ["fields name; where id = 1", "must end with ';'"],
    ["fields name; where id = 1 limit 50;", "unexpected text after the conditions"],
    ["fields name; where parent_game = 0;", "takes id or null"],
    ["fields name; sort rating_count desc;", "sort must be one of"],
    ["fields name; offset 10000;", "offset must be between 0 and 500"],
    ["where id = 1;", "fields are required"],
    ["fields name; where ((((id = 1))));", "nested too deeply"],
  ])("%s", (body, message) => {
    expect(refused(body)).toContain(message);
  });

  it("refuses non-strings and oversized bodies", () => {
    expect(refused(42)).toBe("requestBody must be a query string");
    expect(refused(`fields name; where id = 1; ${" ".repeat(3000)}`)).toContain("at most 2000 characters");
  });
});

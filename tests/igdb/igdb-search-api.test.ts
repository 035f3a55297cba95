import { beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/api.igdb-search";
import { setConfig } from "../../app/config.server";
import { useTestDatabase } from "../setup/database";
import { testConfig, useIgdbStandIn } from "./setup";
import { igdbGame } from "./stand-in";

useTestDatabase();
const s = useIgdbStandIn();

let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function post(body: unknown, ip = nextIp()) {
  const request = new Request("http://savepoint.test/api/igdb-search", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const context = { get: () => ({ nonce: "", requestId: "t", ip }) };
  const res = (await action({ request, context, params: {} } as never)) as Response;
  return {
    status: res.status,
    headers: res.headers,
    json: (await res.json()) as { success: boolean; games: Record<string, unknown>[]; error: string | null },
  };
}

beforeEach(() => {
  s.igdb.resetLog();
  s.igdb.clearGames();
  s.resetClient();
  s.igdb.addGames(
    igdbGame(1942, "The Witcher 3: Wild Hunt"),
    igdbGame(22439, "The Witcher 3: Wild Hunt - Hearts of Stone", { game_type: 2, parent_game: 1942 }),
    igdbGame(22440, "The Witcher 3: Wild Hunt - Blood and Wine", { game_type: 2, parent_game: 1942, first_release_date: 1_464_652_800 }),
    igdbGame(22441, "Witcher 3 HD Reworked Mod", { game_type: 5, parent_game: 1942 }),
  );
});

describe("POST /api/igdb-search", () => {
  it("text search: { searchTerm, limit } → { success, games, error }", async () => {
    const r = await post({ searchTerm: "wild hunt", limit: 2 });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.error).toBeNull();
    expect(r.json.games).toHaveLength(2);
    expect(r.json.games[0]).toMatchObject({ id: 1942, name: "The Witcher 3: Wild Hunt", game_type: 0, category: 0 });
    expect(s.igdb.apiCalls()[0]!.body).toMatch(/^search "wild hunt"; .* limit 2;$/);
  });

  it("text search without a limit asks IGDB for 20 (the default limit)", async () => {
    const r = await post({ searchTerm: "wild hunt" });
    expect(r.status).toBe(200);
    expect(s.igdb.apiCalls()[0]!.body).toMatch(/^search "wild hunt"; .* limit 20;$/);
  });

  it("getById: { type: 'getById', gameId }", async () => {
    const r = await post({ type: "getById", gameId: "22439" });
    expect(r.status).toBe(200);
    expect(r.json.games.map((g) => g.id)).toEqual([22439]);
    expect(r.json.games[0]).toMatchObject({ category: 2, parent_game: 1942 });
    const missing = await post({ type: "getById", gameId: 5 });
    expect(missing.json).toEqual({ success: true, games: [], error: null });
  });

  it("bulk: the DLC query of the game page, sent as IGDB's game_type", async () => {
    const r = await post({
      isBulkRequest: true,
      endpoint: "games",
      requestBody:
        "fields name,summary,first_release_date,cover.url,category,parent_game,involved_companies.company.name; " +
        "where parent_game = 1942 & category = (1,2,3,4) & cover != null & involved_companies != null; sort first_release_date asc; limit 20;",
    });
    expect(r.status).toBe(200);
    expect(r.json.games.map((g) => g.id)).toEqual([22439, 22440]);
    expect(r.json.games[0]).toMatchObject({ category: 2, game_type: 2, cover: { url: expect.stringContaining("images.igdb.com") } });
    const sent = s.igdb.apiCalls()[0]!.body;
    expect(sent).toContain("where parent_game = 1942 & game_type = (1,2,3,4)");
    expect(sent).not.toMatch(/\bcategory\b/);
  });

  it("refuses other endpoints and injected clauses with 400, without calling IGDB", async () => {
    const cases: [unknown, string][] = [
      [{ isBulkRequest: true, endpoint: "platforms", requestBody: "fields name;" }, "Only the games endpoint is allowed"],
      [{ isBulkRequest: true, endpoint: "../games", requestBody: "fields name;" }, "Only the games endpoint is allowed"],
      [{ isBulkRequest: true, endpoint: "games", requestBody: "fields *; limit 500;" }, "field '*' is not allowed"],
      [{ isBulkRequest: true, endpoint: "games", requestBody: "fields name; where id = 1; limit 500;" }, "limit must be between 1 and 50"],
      [{ isBulkRequest: true, endpoint: "games", requestBody: "fields name; where id = 1; fields *;" }, "'fields' appears twice"],
      [{ isBulkRequest: true, endpoint: "games", requestBody: 'fields name; search "x";' }, "'search' is not allowed"],
      [{ isBulkRequest: true, endpoint: "games", requestBody: "fields name; where id = 1 | id > 0;" }, "'id >' is not allowed"],
      [
        { isBulkRequest: true, endpoint: "games", requestBody: "fields name,websites.url; where id = 1;" },
        "field 'websites.url' is not allowed",
      ],
      [{ isBulkRequest: false, endpoint: "games", requestBody: "fields name;" }, "isBulkRequest must be true"],
      [{ type: "getAll" }, "type must be 'getById'"],
      [{ type: "getById", gameId: -1 }, "gameId must be a positive IGDB id"],
      [{ searchTerm: "" }, "searchTerm is required"],
      [{ searchTerm: "zelda", limit: 500 }, "limit must be between 1 and 50"],
      [[1, 2], "Request body must be a JSON object"],
      ["{not json", "Request body must be JSON"],
    ];
    for (const [body, message] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.success).toBe(false);
      expect(r.json.games).toEqual([]);
      expect(r.json.error).toContain(message);
    }
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });

  it("passes IGDB errors on as { success: false } and a 500 as an empty list", async () => {
    s.igdb.failNext(503, 1, "/v4/games");
    const r = await post({ searchTerm: "witcher" });
    expect(r.status).toBe(502);
    expect(r.json).toEqual({ success: false, games: [], error: "IGDB API error: 503" });
    s.igdb.failNext(500, 1, "/v4/games");
    const empty = await post({ searchTerm: "witcher hearts" });
    expect(empty.json).toEqual({ success: true, games: [], error: null });
  });

  it("answers 503 without IGDB credentials", async () => {
    const configured = testConfig(s.igdb.env());
    setConfig(testConfig());
    try {
      const r = await post({ searchTerm: "witcher" });
      expect(r.status).toBe(503);
      expect(r.json.error).toBe("IGDB is not configured on this server");
    } finally {
      setConfig(configured);
    }
  });

  it("limits each client to 30 requests a minute", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await post({ type: "getById", gameId: 1942 }, ip)).status).toBe(200);
    const limited = await post({ type: "getById", gameId: 1942 }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.success).toBe(false);
    // Another client is not affected.
    expect((await post({ type: "getById", gameId: 1942 })).status).toBe(200);
  });

  it("GET is 405", async () => {
    const res = loader();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

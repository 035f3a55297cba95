import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { igdbToken } from "../../app/db/schema";
import {
  backoffDelay,
  configureIgdbClient,
  fetchGamesByIds,
  IgdbError,
  igdbConfigured,
  igdbQuery,
  searchIgdbGames,
} from "../../app/modules/catalogue/igdb/igdb.server";
import { setConfig } from "../../app/config.server";
import { useTestDatabase } from "../setup/database";
import { FAST_CLIENT, testConfig, useIgdbStandIn } from "./setup";
import { igdbGame, maxInWindow } from "./stand-in";

const db = useTestDatabase();
const s = useIgdbStandIn();

async function storedToken() {
  const [row] = await db.handle().db.select().from(igdbToken);
  return row ?? null;
}

beforeEach(async () => {
  s.igdb.resetLog();
  s.igdb.clearGames();
  s.igdb.tokenTtlSeconds = 3600;
  s.igdb.delayMs = 0;
  await db.handle().db.delete(igdbToken);
  s.resetClient();
});

describe("IGDB client: requests", () => {
  it("POSTs the Apicalypse body with Client-ID and a Bearer token and asks for game_type, never category", async () => {
    s.igdb.addGames(igdbGame(1942, "The Witcher 3: Wild Hunt", { game_type: 0 }), igdbGame(7, "Other"));
    const rows = await igdbQuery<{ id: number; name: string; game_type: number }>("games", "fields name,game_type; where id = 1942;");
    expect(rows).toEqual([{ id: 1942, name: "The Witcher 3: Wild Hunt", game_type: 0 }]);
    const [call] = s.igdb.apiCalls();
    expect(call).toMatchObject({ method: "POST", path: "/v4/games", body: "fields name,game_type; where id = 1942;", status: 200 });
    expect(call!.token).toBeTruthy();

    await searchIgdbGames("witcher");
    const search = s.igdb.apiCalls()[1]!;
    expect(search.body).toMatch(/^search "witcher"; fields .*\bgame_type\b.*; limit 20;$/);
    expect(search.body).not.toMatch(/\bcategory\b/);
    expect(search.body).toMatch(/\bparent_game\b/);
    expect(search.body).toMatch(/\bversion_parent\b/);
  });

  it("answers HTTP 500 with an empty list and other errors with 'IGDB API error: {status}'", async () => {
    s.igdb.addGames(igdbGame(1, "Doom"));
    s.igdb.failNext(500, 1, "/v4/games");
    await expect(igdbQuery("games", "fields name; where id = 1;")).resolves.toEqual([]);
    s.igdb.failNext(503, 1, "/v4/games");
    await expect(igdbQuery("games", "fields name; where id = 1;")).rejects.toThrow(new IgdbError("IGDB API error: 503", "http", 503));
    // A syntax error: IGDB's 400 passes through as an error, never as results.
    await expect(igdbQuery("games", "fields name; where id = ;")).rejects.toMatchObject({ message: "IGDB API error: 400", status: 400 });
  });

  it("gives up after the time-out", async () => {
    s.resetClient({ timeoutMs: 150 });
    s.igdb.delayMs = 600;
    await expect(igdbQuery("games", "fields name; where id = 1;")).rejects.toMatchObject({
      kind: "timeout",
      message: "IGDB request timed out after 150 ms",
    });
    expect(s.igdb.apiCalls()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500)); // let the stand-in finish its delayed answer
  });

  it("rejects when IGDB is not configured", async () => {
    const configured = testConfig(s.igdb.env());
    setConfig(testConfig());
    try {
      expect(igdbConfigured()).toBe(false);
      await expect(igdbQuery("games", "fields name;")).rejects.toMatchObject({ kind: "not_configured" });
      expect(s.igdb.calls).toHaveLength(0);
    } finally {
      setConfig(configured);
    }
    expect(igdbConfigured()).toBe(true);
  });
});

describe("IGDB client: token", () => {
  it("asks Twitch once for concurrent callers and keeps the token in the database with its expiry", async () => {
    s.igdb.addGames(igdbGame(1, "Doom"));
    const started = Date.now();
    await Promise.all(Array.from({ length: 10 }, (_, i) => igdbQuery("games", `fields name; where id = ${i + 1};`)));
    expect(s.igdb.tokenCalls()).toHaveLength(1);
    expect(s.igdb.apiCalls()).toHaveLength(10);
    const row = await storedToken();
    expect(row?.clientId).toBe(s.igdb.clientId);
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(started + 3600_000 - 5000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000 + 5000);
    expect(new Set(s.igdb.apiCalls().map((c) => c.token))).toEqual(new Set([row!.accessToken]));

    // A new process (fresh client state) reuses the stored token.
    s.resetClient();
    await igdbQuery("games", "fields name; where id = 1;");
    expect(s.igdb.tokenCalls()).toHaveLength(1);
  });

  it("refreshes 60 s before the token ends", async () => {
    let clock = Date.now();
    s.resetClient({ wallClock: () => clock });
    await igdbQuery("games", "fields name; where id = 1;");
    const first = (await storedToken())!.accessToken;
    clock += (3600 - 61) * 1000; // 61 s left: still used
    await igdbQuery("games", "fields name; where id = 2;");
    expect(s.igdb.tokenCalls()).toHaveLength(1);
    clock += 2000; // 59 s left: refreshed, once for concurrent callers
    await Promise.all([igdbQuery("games", "fields name; where id = 3;"), igdbQuery("games", "fields name; where id = 4;")]);
    expect(s.igdb.tokenCalls()).toHaveLength(2);
    const second = (await storedToken())!.accessToken;
    expect(second).not.toBe(first);
    expect(s.igdb.apiCalls().at(-1)!.token).toBe(second);
  });

  it("refreshes once after a 401 and retries; concurrent 401s share the refresh", async () => {
    s.igdb.addGames(igdbGame(1, "Doom"));
    await igdbQuery("games", "fields name; where id = 1;");
    const old = (await storedToken())!.accessToken;
    s.igdb.revokeTokens();
    const rows = await igdbQuery("games", "fields name; where id = 1;");
    expect(rows).toEqual([{ id: 1, name: "Doom" }]);
    expect(s.igdb.apiCalls().map((c) => c.status)).toEqual([200, 401, 200]);
    expect(s.igdb.tokenCalls()).toHaveLength(2);
    expect((await storedToken())!.accessToken).not.toBe(old);

    s.igdb.revokeTokens();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => igdbQuery("games", `fields name; where id = ${i + 10};`)));
    expect(results).toHaveLength(5);
    expect(s.igdb.tokenCalls()).toHaveLength(3);
  });

  it("a second 401 in a row is an error, after exactly one retry", async () => {
    await igdbQuery("games", "fields name; where id = 1;");
    s.igdb.resetLog();
    s.igdb.failNext(401, 2, "/v4/games");
    await expect(igdbQuery("games", "fields name; where id = 1;")).rejects.toThrow("IGDB API error: 401");
    expect(s.igdb.apiCalls()).toHaveLength(2);
    expect(s.igdb.tokenCalls()).toHaveLength(1);
  });

  it("reports a token failure without calling IGDB", async () => {
    s.igdb.failNext(503, 1, "/oauth2/token");
    await expect(igdbQuery("games", "fields name;")).rejects.toMatchObject({ kind: "token", message: "Twitch token request failed: 503" });
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });
});

describe("IGDB client: 429 back-off", () => {
  it("doubles the delay per retry with jitter", () => {
    const s0 = { backoffBaseMs: 500, backoffMaxMs: 8000, random: () => 0 };
    const s1 = { ...s0, random: () => 1 };
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, s0))).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, s1))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it("waits and retries after 429, then succeeds", async () => {
    s.resetClient({ backoffBaseMs: 200, backoffMaxMs: 2000, random: () => 0 });
    s.igdb.addGames(igdbGame(1, "Doom"));
    s.igdb.failNext(429, 2, "/v4/games");
    await expect(igdbQuery("games", "fields name; where id = 1;")).resolves.toEqual([{ id: 1, name: "Doom" }]);
    const calls = s.igdb.apiCalls();
    expect(calls.map((c) => c.status)).toEqual([429, 429, 200]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(95); // 100 ms (200 / 2, no jitter)
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(195); // 200 ms
  });

  it("gives up with 'IGDB API error: 429' after the last retry", async () => {
    s.resetClient({ maxRetries: 2 });
    s.igdb.failNext(429, 10, "/v4/games");
    await expect(igdbQuery("games", "fields name; where id = 1;")).rejects.toThrow("IGDB API error: 429");
    expect(s.igdb.apiCalls()).toHaveLength(3);
  });
});

describe("IGDB client: limiter", () => {
  it("keeps at most 8 requests open", async () => {
    s.resetClient({ perWindow: 1000 });
    s.igdb.delayMs = 400;
    await Promise.all(Array.from({ length: 24 }, (_, i) => igdbQuery("games", `fields name; where id = ${i + 1};`)));
    expect(s.igdb.apiCalls()).toHaveLength(24);
    expect(s.igdb.maxConcurrent).toBe(8);
  });

  it("sends at most 4 requests in any second under a burst of 40 searches (production limits)", { timeout: 60_000 }, async () => {
    configureIgdbClient({}); // the production settings: 4 per second, 8 in flight
    await igdbQuery("games", "fields name; where id = 1;"); // token first, so the burst measures IGDB calls only
    s.igdb.resetLog();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => searchIgdbGames(`burst game ${i}`)));
    const elapsed = performance.now() - started;
    expect(results).toHaveLength(40);
    const calls = s.igdb.apiCalls();
    expect(calls).toHaveLength(40);
    expect(calls.every((c) => c.status === 200)).toBe(true);
    expect(maxInWindow(calls, 1000)).toBeLessThanOrEqual(4);
    // 40 requests at 4 per second need at least 9 full windows after the first four.
    expect(elapsed).toBeGreaterThanOrEqual(9000);
    s.resetClient();
  });
});

describe("IGDB client: cache", () => {
  it("answers a repeated search and its games from memory, without a second call", async () => {
    s.igdb.addGames(igdbGame(1942, "The Witcher 3: Wild Hunt"), igdbGame(1943, "The Witcher 2"));
    const first = await searchIgdbGames("witcher");
    expect(first.map((g) => g.id).sort()).toEqual([1942, 1943]);
    await searchIgdbGames("Witcher");
    await searchIgdbGames("  witcher ");
    expect(s.igdb.apiCalls()).toHaveLength(1);

    const byId = await fetchGamesByIds([1943, 1942]);
    expect(byId.map((g) => g.id)).toEqual([1943, 1942]);
    expect(s.igdb.apiCalls()).toHaveLength(1);

    await fetchGamesByIds([1942], { fresh: true });
    expect(s.igdb.apiCalls()).toHaveLength(2);
    expect(s.igdb.apiCalls()[1]!.body).toContain("where id = (1942);");
  });

  it("shares one request between identical calls in flight and caches bulk queries when asked", async () => {
    s.igdb.addGames(igdbGame(5, "Quake"));
    s.igdb.delayMs = 50;
    const body = "fields name; where id = 5;";
    const all = await Promise.all([igdbQuery("games", body), igdbQuery("games", body), igdbQuery("games", body)]);
    expect(all.every((r) => r.length === 1)).toBe(true);
    expect(s.igdb.apiCalls()).toHaveLength(1);

    await igdbQuery("games", body, { cacheTtlSeconds: 60 });
    await igdbQuery("games", body, { cacheTtlSeconds: 60 });
    expect(s.igdb.apiCalls()).toHaveLength(2);
  });

  it("keeps FAST_CLIENT distinct from the production limits", () => {
    expect(FAST_CLIENT.perWindow).toBeGreaterThan(4);
  });
});

describe("IGDB client: stored token row", () => {
  it("is removed when IGDB rejects it", async () => {
    await igdbQuery("games", "fields name; where id = 1;");
    const old = (await storedToken())!.accessToken;
    s.igdb.revokeTokens();
    s.igdb.failNext(401, 1, "/v4/games");
    await igdbQuery("games", "fields name; where id = 1;").catch(() => undefined);
    const rows = await db.handle().db.select().from(igdbToken).where(eq(igdbToken.accessToken, old));
    expect(rows).toHaveLength(0);
  });
});

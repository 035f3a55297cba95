import { z } from "zod";
import { hitRateLimit, type RateRule } from "~/modules/rate-limit/rate-limit.server";
import { guardBulkQuery } from "./apicalypse-guard";
import {
  fetchGamesByIds,
  gameTypeOf,
  IgdbError,
  igdbConfigured,
  igdbQuery,
  IGDB_DEFAULT_TTL_SECONDS,
  IGDB_SEARCH_LIMIT,
  searchIgdbGames,
  type IgdbGame,
} from "./igdb.server";

/**
 * POST /api/igdb-search: the seed's serverless search function as an endpoint of ours.
 * Three body shapes, one answer `{ success, games, error }`:
 *   1. { searchTerm, limit? }                                  IGDB text search (limit 1–50, default 20)
 *   2. { type: "getById", gameId }                             one game
 *   3. { isBulkRequest: true, endpoint: "games", requestBody } a query the app itself makes
 *      (apicalypse-guard.ts allowlist); any other endpoint or clause is a 400.
 * Games are IGDB records as IGDB returns them, each also carrying `category` (= game_type) for
 * callers written against IGDB's deprecated field. Answers go through the IGDB client (limiter,
 * token, cache). Rate limited per client address: 30 requests a minute.
 */

export const IGDB_SEARCH_RATE: RateRule = { windowSeconds: 60, max: 30 };
export const NOT_CONFIGURED = "IGDB is not configured on this server";
export const ONLY_GAMES_ENDPOINT = "Only the games endpoint is allowed";
const MAX_BODY_BYTES = 4096;

export interface IgdbSearchAnswer {
  status: number;
  body: { success: boolean; games: unknown[]; error: string | null };
  headers?: Record<string, string>;
}

const TextSearch = z.object({
  searchTerm: z
    .string({ message: "searchTerm must be a string" })
    .trim()
    .min(1, "searchTerm is required")
    .max(200, "searchTerm is too long"),
  limit: z
    .number({ message: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 50")
    .max(50, "limit must be between 1 and 50")
    .optional(),
});

const GetById = z.object({
  type: z.literal("getById"),
  gameId: z.union([
    z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
      ),
  ]),
});

const Bulk = z.object({
  isBulkRequest: z.literal(true),
  endpoint: z.string({ message: "endpoint is required" }),
  requestBody: z.string({ message: "requestBody must be a query string" }),
});

function answer(status: number, games: unknown[], error: string | null, headers?: Record<string, string>): IgdbSearchAnswer {
  return { status, body: { success: error === null, games, error }, ...(headers ? { headers } : {}) };
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => i.message).join("; ");
}

/** Adds `category` (IGDB's deprecated name for game_type) to records that carry game_type. */
function withCategory(games: readonly unknown[]): unknown[] {
  return games.map((g) => {
    if (!g || typeof g !== "object" || Array.isArray(g)) return g;
    const rec = g as IgdbGame;
    return "game_type" in rec && rec.category === undefined ? { ...rec, category: gameTypeOf(rec) } : rec;
  });
}

type Parsed = { kind: "search"; term: string; limit: number } | { kind: "byId"; id: number } | { kind: "bulk"; body: string };

function parseRequest(raw: unknown): { ok: true; req: Parsed } | { ok: false; error: string } {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { ok: false, error: "Request body must be a JSON object" };
  const obj = raw as Record<string, unknown>;
  if ("isBulkRequest" in obj) {
    const b = Bulk.safeParse(obj);
    if (!b.success) return { ok: false, error: obj.isBulkRequest !== true ? "isBulkRequest must be true" : issues(b.error) };
    if (b.data.endpoint !== "games") return { ok: false, error: ONLY_GAMES_ENDPOINT };
    const guarded = guardBulkQuery(b.data.requestBody);
    return guarded.ok ? { ok: true, req: { kind: "bulk", body: guarded.body } } : { ok: false, error: guarded.error };
  }
  if ("type" in obj) {
    if (obj.type !== "getById") return { ok: false, error: "type must be 'getById'" };
    const g = GetById.safeParse(obj);
    return g.success ? { ok: true, req: { kind: "byId", id: g.data.gameId } } : { ok: false, error: "gameId must be a positive IGDB id" };
  }
  const t = TextSearch.safeParse(obj);
  if (!t.success) return { ok: false, error: issues(t.error) };
  return { ok: true, req: { kind: "search", term: t.data.searchTerm, limit: t.data.limit ?? IGDB_SEARCH_LIMIT } };
}

/**
 * Handles one request: rate limit (per client address), body parsing, the IGDB call. Never throws
 * for bad input or IGDB trouble: 400 / 429 / 502 / 503 / 504 with the error text.
 */
export async function igdbSearchApi(rawBody: string, clientKey: string): Promise<IgdbSearchAnswer> {
  const rate = await hitRateLimit(`igdb-search:${clientKey}`, IGDB_SEARCH_RATE);
  if (!rate.ok) {
    return answer(429, [], "Too many requests. Please wait a minute and try again.", { "Retry-After": String(rate.retryAfter) });
  }
  if (Buffer.byteLength(rawBody, "utf8") > MAX_BODY_BYTES) return answer(413, [], `Request body must be at most ${MAX_BODY_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return answer(400, [], "Request body must be JSON");
  }
  const parsed = parseRequest(json);
  if (!parsed.ok) return answer(400, [], parsed.error);
  if (!igdbConfigured()) return answer(503, [], NOT_CONFIGURED);

  try {
    const req = parsed.req;
    let games: unknown[];
    if (req.kind === "search") games = await searchIgdbGames(req.term, req.limit);
    else if (req.kind === "byId") games = await fetchGamesByIds([req.id]);
    else games = await igdbQuery("games", req.body, { cacheTtlSeconds: IGDB_DEFAULT_TTL_SECONDS });
    return answer(200, withCategory(games), null);
  } catch (err) {
    if (err instanceof IgdbError) {
      if (err.kind === "http") console.error(err.message);
      else console.warn(`[igdb-search] ${err.message}`);
      const status = err.kind === "timeout" ? 504 : err.kind === "not_configured" ? 503 : 502;
      return answer(status, [], err.kind === "http" ? err.message : "IGDB API error");
    }
    throw err;
  }
}

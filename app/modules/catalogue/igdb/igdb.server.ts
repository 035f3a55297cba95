import { LRUCache } from "lru-cache";
import { sanitizeSearchTerm } from "~/lib/search-text";
import { getConfig } from "~/config.server";
import { RequestLimiter } from "./igdb-limiter";
import { IGDB_RECORD_FIELDS, igdbGameToRecord, refId, type IgdbGame, type IgdbGameRecord } from "./igdb-record";
import { upsertIgdbGames, type StoredIgdbGame, type UpsertOptions } from "./igdb-store.server";
import { TwitchTokenError, TwitchTokenManager, type TwitchCredentials } from "./igdb-token.server";

/**
 * # IGDB client
 *
 * The only code that talks to IGDB. Public API (stable; other modules call only these):
 *
 * - `igdbConfigured(): boolean` — IGDB_CLIENT_ID and IGDB_CLIENT_SECRET are set. When false every
 *   call below rejects with IgdbError kind "not_configured" (callers check first and stay local).
 * - `igdbQuery<T = IgdbGame>(endpoint: IgdbEndpoint, body: string, opts?: IgdbQueryOptions): Promise<T[]>`
 *   — POSTs one Apicalypse body (e.g. `fields name,game_type; where id = 1942;`) to
 *   `${IGDB_API_URL}/${endpoint}`. HTTP 500 → `[]`; any other non-OK → throws
 *   IgdbError('IGDB API error: {status}'); 401 → the token is refreshed once and the call retried;
 *   429 → exponential back-off with jitter (up to 5 retries); 15 s time-out per request.
 *   `opts.signal` aborts waiting, back-off and the request; `opts.cacheTtlSeconds` caches the answer
 *   in process (key: endpoint + body). Identical calls in flight at once share one request.
 * - `buildApicalypse({ search?, fields, where?, sort?, limit?, offset? }): string` — a body from parts.
 * - `IGDB_GAME_FIELDS: string` — the fields the converter reads (use it for full game records).
 * - `searchIgdbGames(term: string, limit = 20, opts?): Promise<IgdbGame[]>` — IGDB text search
 *   (term sanitised like ours; '' → []). Cached 1800 s.
 * - `fetchGamesByIds(ids: number[], opts?: { fresh?: boolean; signal? }): Promise<IgdbGame[]>` — full
 *   records, in the order of `ids` (missing ones left out). Cached per game 604800 s;
 *   `fresh: true` skips the cache (refresh of a stored game) and refills it.
 * - `igdbGameToRecord(raw: unknown): { ok: true; record: IgdbGameRecord } | { ok: false; error }` —
 *   our game row values (see igdb-record.ts); errors are the spec's 'Game data missing valid IGDB
 *   ID' / 'Game name is required'.
 * - `convertIgdbGames(raws: unknown[]): IgdbGameRecord[]` — the valid ones; the rest logged.
 * - `upsertIgdbGames(records: IgdbGameRecord[], opts?: { onlyMissing?: boolean }): Promise<StoredIgdbGame[]>`
 *   — saves by igdb_id without duplicates (slug, search_name, platform_games, parent link); returns
 *   `{ id, igdbId, slug, inserted }` per saved game.
 * - `fetchAndStoreIgdbGames(ids: number[], opts?: { fresh?: boolean; onlyMissing?: boolean; signal? }): Promise<StoredIgdbGame[]>`
 *   — fetchGamesByIds + convert + upsert.
 * - `IgdbError` (`status: number | null`, `kind: "not_configured" | "http" | "timeout" | "network" | "token" | "invalid_response"`).
 * - Tests only: `configureIgdbClient(settings)` (limits, clock, fetch, back-off; resets state),
 *   `resetIgdbClient()`, `igdbClientState()` (limiter and token manager, for assertions).
 *
 * One limiter for the whole process (igdb-limiter.ts): at most 4 requests in any second, a request
 * counting from its start until 1 s after its answer (so IGDB, which counts arrivals, never sees more
 * than 4 in a second whatever the network or event-loop delays), and at most 8 open at once (IGDB's
 * documented limits). The token request to Twitch is not an IGDB request and is not counted.
 * Caveat of the in-flight sharing: callers of one shared request share its abort signal too.
 */

export type IgdbEndpoint = "games";

export type IgdbErrorKind = "not_configured" | "http" | "timeout" | "network" | "token" | "invalid_response";

export class IgdbError extends Error {
  override name = "IgdbError";
  constructor(
    message: string,
    readonly kind: IgdbErrorKind,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface IgdbQueryOptions {
  signal?: AbortSignal;
  /** Cache the answer in process for this long (default: no cache). */
  cacheTtlSeconds?: number;
}

export interface IgdbClientSettings {
  /** Requests allowed to start per window (4). */
  perWindow: number;
  /** The window (1000 ms). */
  windowMs: number;
  /** Added to the window (0 ms; the window already runs from each answer). */
  marginMs: number;
  /** Open requests at most (8). */
  maxInFlight: number;
  /** Per IGDB request (15 000 ms). */
  timeoutMs: number;
  /** Per Twitch token request (15 000 ms). */
  tokenTimeoutMs: number;
  /** Retries after 429 (5). */
  maxRetries: number;
  /** First back-off (500 ms), doubled per retry, at most backoffMaxMs (8000 ms), with jitter. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Limiter clock (performance.now). */
  now: () => number;
  /** Wall clock for token expiry (Date.now). */
  wallClock: () => number;
  random: () => number;
  fetch: typeof fetch;
}

export const IGDB_SEARCH_TTL_SECONDS = 1800;
export const IGDB_GAME_TTL_SECONDS = 604_800;
export const IGDB_DEFAULT_TTL_SECONDS = 3600;
export const IGDB_SEARCH_LIMIT = 20;
/** IGDB's page size limit. */
export const IGDB_MAX_LIMIT = 500;
const TOKEN_REFRESH_BEFORE_MS = 60_000;

const DEFAULTS: IgdbClientSettings = {
  perWindow: 4,
  windowMs: 1000,
  marginMs: 0,
  maxInFlight: 8,
  timeoutMs: 15_000,
  tokenTimeoutMs: 15_000,
  maxRetries: 5,
  backoffBaseMs: 500,
  backoffMaxMs: 8000,
  now: () => performance.now(),
  wallClock: () => Date.now(),
  random: Math.random,
  fetch: (...args) => fetch(...args),
};

/** Fields of a full game record (everything igdbGameToRecord reads). `id` always comes back. */
export const IGDB_GAME_FIELDS = IGDB_RECORD_FIELDS.join(",");

interface ClientState {
  settings: IgdbClientSettings;
  limiter: RequestLimiter;
  tokens: TwitchTokenManager;
  searchCache: LRUCache<string, IgdbGame[]>;
  gameCache: LRUCache<number, IgdbGame>;
  queryCache: LRUCache<string, unknown[]>;
  inflight: Map<string, Promise<unknown[]>>;
  /** IGDB requests sent (every attempt), for tests and logs. */
  requests: number;
}

const STATE_KEY = Symbol.for("savepoint.igdb.client");
type WithState = typeof globalThis & { [STATE_KEY]?: ClientState };

function createState(overrides: Partial<IgdbClientSettings>): ClientState {
  const settings = { ...DEFAULTS, ...overrides };
  return {
    settings,
    limiter: new RequestLimiter({
      perWindow: settings.perWindow,
      windowMs: settings.windowMs,
      marginMs: settings.marginMs,
      maxInFlight: settings.maxInFlight,
      now: settings.now,
    }),
    tokens: new TwitchTokenManager({
      fetch: settings.fetch,
      now: settings.wallClock,
      refreshBeforeMs: TOKEN_REFRESH_BEFORE_MS,
      timeoutMs: settings.tokenTimeoutMs,
    }),
    searchCache: new LRUCache({ max: 2000, ttl: IGDB_SEARCH_TTL_SECONDS * 1000 }),
    gameCache: new LRUCache({ max: 10_000, ttl: IGDB_GAME_TTL_SECONDS * 1000 }),
    queryCache: new LRUCache({ max: 2000, ttl: IGDB_DEFAULT_TTL_SECONDS * 1000 }),
    inflight: new Map(),
    requests: 0,
  };
}

/** The process-wide client state (on globalThis: docs/decisions/003-process-wide-handles.md). */
function state(): ClientState {
  const g = globalThis as WithState;
  g[STATE_KEY] ??= createState({});
  return g[STATE_KEY];
}

/** Tests: new limits / clock / fetch; drops caches, held token and limiter state. */
export function configureIgdbClient(settings: Partial<IgdbClientSettings> = {}): void {
  (globalThis as WithState)[STATE_KEY]?.limiter.dispose();
  (globalThis as WithState)[STATE_KEY] = createState(settings);
}

/** Tests: back to the production settings with empty caches. */
export function resetIgdbClient(): void {
  configureIgdbClient({});
}

/** Tests: the live limiter, token manager and request counter. */
export function igdbClientState(): Readonly<Pick<ClientState, "limiter" | "tokens" | "requests" | "settings">> {
  return state();
}

export function igdbConfigured(): boolean {
  try {
    return getConfig().igdb !== null;
  } catch {
    return false; // an invalid environment is reported at start-up; here it only means "no IGDB"
  }
}

function credentials(): TwitchCredentials & { apiUrl: string } {
  const igdb = getConfig().igdb;
  if (!igdb) throw new IgdbError("IGDB is not configured (IGDB_CLIENT_ID / IGDB_CLIENT_SECRET unset)", "not_configured");
  return { clientId: igdb.clientId, clientSecret: igdb.clientSecret, tokenUrl: igdb.tokenUrl, apiUrl: igdb.apiUrl };
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Back-off before retry `attempt` (0-based): base·2^attempt capped, "equal jitter" (half fixed, half random). */
export function backoffDelay(attempt: number, s: Pick<IgdbClientSettings, "backoffBaseMs" | "backoffMaxMs" | "random">): number {
  const ceiling = Math.min(s.backoffMaxMs, s.backoffBaseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + s.random() * (ceiling / 2));
}

function retryAfterMs(res: Response): number | null {
  const v = res.headers.get("retry-after");
  if (!v) return null;
  const seconds = Number(v);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** One IGDB request through the limiter, with the token, time-out, 401 and 429 handling. */
async function send(endpoint: IgdbEndpoint, body: string, signal: AbortSignal | undefined): Promise<unknown[]> {
  const st = state();
  const s = st.settings;
  const creds = credentials();
  let refreshed = false;
  for (let attempt = 0; ; attempt++) {
    let token: string;
    try {
      token = await st.tokens.get(creds);
    } catch (err) {
      if (err instanceof TwitchTokenError) throw new IgdbError(err.message, "token", err.status);
      throw err;
    }
    const release = await st.limiter.acquire(signal);
    let res: Response;
    let text: string;
    try {
      st.requests++;
      const timeout = AbortSignal.timeout(s.timeoutMs);
      res = await s.fetch(`${creds.apiUrl}/${endpoint}`, {
        method: "POST",
        headers: {
          "Client-ID": creds.clientId,
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          "Content-Type": "text/plain",
        },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const e = err as Error;
      if (e.name === "TimeoutError" || e.name === "AbortError") {
        throw new IgdbError(
          `IGDB request timed out after ${s.timeoutMs % 1000 === 0 ? `${s.timeoutMs / 1000} s` : `${s.timeoutMs} ms`}`,
          "timeout",
        );
      }
      throw new IgdbError(`IGDB request failed: ${e.message}`, "network");
    } finally {
      release();
    }

    if (res.status === 401 && !refreshed) {
      refreshed = true;
      await st.tokens.invalidate(creds, token);
      continue;
    }
    if (res.status === 429 && attempt < s.maxRetries) {
      const delay = Math.min(s.backoffMaxMs, Math.max(backoffDelay(attempt, s), retryAfterMs(res) ?? 0));
      await abortableSleep(delay, signal);
      continue;
    }
    if (res.status === 500) {
      console.warn(`IGDB API error: 500 (${endpoint}); treated as no results`);
      return [];
    }
    if (!res.ok) throw new IgdbError(`IGDB API error: ${res.status}`, "http", res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new IgdbError("IGDB API error: response is not JSON", "invalid_response", res.status);
    }
    if (!Array.isArray(json)) throw new IgdbError("IGDB API error: response is not a list", "invalid_response", res.status);
    return json;
  }
}

/** POSTs an Apicalypse body to an IGDB endpoint. See the API notes at the top of this file. */
export async function igdbQuery<T = IgdbGame>(endpoint: IgdbEndpoint, body: string, opts: IgdbQueryOptions = {}): Promise<T[]> {
  const st = state();
  const key = `${endpoint}\n${body.trim()}`;
  const ttl = opts.cacheTtlSeconds && opts.cacheTtlSeconds > 0 ? opts.cacheTtlSeconds * 1000 : 0;
  if (ttl) {
    const hit = st.queryCache.get(key);
    if (hit) return hit as T[];
  }
  let pending = st.inflight.get(key);
  if (!pending) {
    pending = send(endpoint, body, opts.signal).finally(() => st.inflight.delete(key));
    st.inflight.set(key, pending);
  }
  const rows = await pending;
  if (ttl) st.queryCache.set(key, rows, { ttl });
  return rows as T[];
}

export interface ApicalypseParts {
  search?: string;
  fields: string | readonly string[];
  where?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** Escapes a string for an Apicalypse literal (quotes and backslashes). */
export function apicalypseString(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export function buildApicalypse(p: ApicalypseParts): string {
  const parts: string[] = [];
  if (p.search !== undefined) parts.push(`search ${apicalypseString(p.search)};`);
  parts.push(`fields ${typeof p.fields === "string" ? p.fields : p.fields.join(",")};`);
  if (p.where) parts.push(`where ${p.where};`);
  if (p.sort) parts.push(`sort ${p.sort};`);
  if (p.limit !== undefined) parts.push(`limit ${Math.max(1, Math.min(IGDB_MAX_LIMIT, Math.floor(p.limit)))};`);
  if (p.offset !== undefined && p.offset > 0) parts.push(`offset ${Math.floor(p.offset)};`);
  return parts.join(" ");
}

function rememberGames(st: ClientState, games: readonly IgdbGame[]): void {
  for (const g of games) {
    const id = refId(g?.id);
    if (id !== null) st.gameCache.set(id, g);
  }
}

/** IGDB text search for games (full records), cached 1800 s per term and limit. */
export async function searchIgdbGames(term: string, limit = IGDB_SEARCH_LIMIT, opts: { signal?: AbortSignal } = {}): Promise<IgdbGame[]> {
  const clean = sanitizeSearchTerm(term);
  if (!clean) return [];
  const n = Math.max(1, Math.min(IGDB_MAX_LIMIT, Math.floor(limit) || IGDB_SEARCH_LIMIT));
  const st = state();
  const key = `${clean.toLowerCase()}\n${n}`;
  const hit = st.searchCache.get(key);
  if (hit) return hit;
  const games = await igdbQuery<IgdbGame>("games", buildApicalypse({ search: clean, fields: IGDB_GAME_FIELDS, limit: n }), opts);
  st.searchCache.set(key, games);
  rememberGames(st, games);
  return games;
}

/** Full records for these IGDB ids, in the order asked (unknown ids left out); cached 604800 s per game. */
export async function fetchGamesByIds(ids: readonly number[], opts: { fresh?: boolean; signal?: AbortSignal } = {}): Promise<IgdbGame[]> {
  const wanted = [...new Set(ids.map((id) => refId(id)).filter((x): x is number => x !== null))];
  if (wanted.length === 0) return [];
  const st = state();
  const missing = opts.fresh ? wanted : wanted.filter((id) => !st.gameCache.has(id));
  for (let i = 0; i < missing.length; i += IGDB_MAX_LIMIT) {
    const chunk = missing.slice(i, i + IGDB_MAX_LIMIT);
    const body = buildApicalypse({ fields: IGDB_GAME_FIELDS, where: `id = (${chunk.join(",")})`, limit: chunk.length });
    rememberGames(st, await igdbQuery<IgdbGame>("games", body, opts));
  }
  return wanted.map((id) => st.gameCache.get(id)).filter((g): g is IgdbGame => g !== undefined);
}

/** Converts records, logging (and leaving out) the invalid ones with the spec's texts. */
export function convertIgdbGames(raws: readonly unknown[]): IgdbGameRecord[] {
  const out: IgdbGameRecord[] = [];
  for (const raw of raws) {
    const r = igdbGameToRecord(raw);
    if (r.ok) out.push(r.record);
    else console.warn(`[igdb] record not saved: ${r.error}`);
  }
  return out;
}

/** Fetches these games from IGDB and saves them (see upsertIgdbGames). */
export async function fetchAndStoreIgdbGames(
  ids: readonly number[],
  opts: { fresh?: boolean; signal?: AbortSignal } & UpsertOptions = {},
): Promise<StoredIgdbGame[]> {
  const raws = await fetchGamesByIds(ids, opts);
  return upsertIgdbGames(convertIgdbGames(raws), { onlyMissing: opts.onlyMissing });
}

export { igdbGameToRecord, upsertIgdbGames };
export type { IgdbGame, IgdbGameRecord, StoredIgdbGame, UpsertOptions };
export { GAME_NAME_REQUIRED, MISSING_IGDB_ID, gameTypeOf, refId, unixToDate } from "./igdb-record";

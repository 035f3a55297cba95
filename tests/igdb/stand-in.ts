import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApicalypseSyntaxError, parseQuery, runQuery } from "./apicalypse";

/**
 * A local HTTP server that speaks IGDB's protocol, so the real IGDB client runs in tests
 * (ARCHITECTURE.md convention 11). It serves:
 *
 * - POST /oauth2/token — Twitch client-credentials grant (client_id, client_secret,
 *   grant_type=client_credentials in the form body or the query string) →
 *   { access_token, expires_in, token_type: "bearer" }; wrong credentials → 403.
 * - POST /v4/games — Apicalypse body (tests/igdb/apicalypse.ts: fields, exclude, search, where with
 *   = != ~ !~ > >= < <= (a,b) [a,b] & | ! and parentheses, sort, limit, offset) over the records
 *   given to `addGames` (stored expanded: `cover: { id, url }`, `genres: [{ id, name }]`, …; fields
 *   not asked for in expanded form come back as ids, like IGDB). Needs `Client-ID` and
 *   `Authorization: Bearer <a live token>`, else 401. Syntax errors → 400. Other endpoints → 404.
 *
 * Test controls: `failNext(status, times, path?)` answers the next matching requests with that
 * status (429, 500, 401, …); `revokeTokens()` makes every issued token invalid (→ 401);
 * `tokenTtlSeconds` sets the lifetime of new tokens; `delayMs` holds every API answer that long;
 * `calls` logs every request (arrival time `at` from performance.now(), path, body, status,
 * token); `maxConcurrent` is the highest number of API requests open at once.
 *
 *   const igdb = await startIgdbStandIn();
 *   igdb.addGames({ id: 1942, name: "The Witcher 3: Wild Hunt", cover: { id: 1, url: "//images.igdb.com/igdb/image/upload/t_thumb/co1wyy.jpg" } });
 *   setConfig(loadConfig({ DATA_DIR, ...igdb.env() }));
 *   …
 *   await igdb.stop();
 */

export interface StandInCall {
  /** Arrival time, performance.now() (ms). */
  at: number;
  method: string;
  path: string;
  body: string;
  status: number;
  token: string | null;
}

export type StandInRecord = Record<string, unknown> & { id: number };

export interface IgdbStandIn {
  url: string;
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Env variables pointing the app at this stand-in. */
  env(): Record<string, string>;
  addGames(...records: StandInRecord[]): void;
  removeGames(...ids: number[]): void;
  clearGames(): void;
  calls: StandInCall[];
  /** Calls to /v4/* only. */
  apiCalls(): StandInCall[];
  tokenCalls(): StandInCall[];
  failNext(status: number, times?: number, path?: string): void;
  revokeTokens(): void;
  tokenTtlSeconds: number;
  delayMs: number;
  maxConcurrent: number;
  resetLog(): void;
  stop(): Promise<void>;
}

export async function startIgdbStandIn(opts: { clientId?: string; clientSecret?: string } = {}): Promise<IgdbStandIn> {
  const clientId = opts.clientId ?? "standin-client";
  const clientSecret = opts.clientSecret ?? "standin-secret";
  const games = new Map<number, StandInRecord>();
  const tokens = new Map<string, number>(); // token → expiry (Date.now ms)
  const failures: { status: number; remaining: number; path?: string }[] = [];
  let open = 0;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  };

  const server = http.createServer((req, res) => {
    const at = performance.now();
    const url = new URL(req.url ?? "/", "http://stand-in");
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const auth = req.headers.authorization ?? "";
      const token = auth.startsWith("Bearer ") ? auth.slice(7) : null;
      const call: StandInCall = { at, method: req.method ?? "", path: url.pathname, body, status: 0, token };
      standIn.calls.push(call);
      const reply = (status: number, payload: unknown) => {
        call.status = status;
        json(res, status, payload);
      };

      const failure = failures.find((f) => f.remaining > 0 && (!f.path || f.path === url.pathname));
      if (failure) {
        failure.remaining--;
        const body =
          failure.status === 401
            ? { message: "Authorization Failure. Have you tried:", status: 401 }
            : [{ title: "Injected", status: failure.status }];
        return reply(failure.status, body);
      }

      if (url.pathname === "/oauth2/token") {
        if (req.method !== "POST") return reply(405, { status: 405, message: "method not allowed" });
        const form = new URLSearchParams(body);
        const get = (k: string) => form.get(k) ?? url.searchParams.get(k);
        if (get("grant_type") !== "client_credentials") return reply(400, { status: 400, message: "missing grant_type" });
        if (get("client_id") !== clientId) return reply(400, { status: 400, message: "invalid client" });
        if (get("client_secret") !== clientSecret) return reply(403, { status: 403, message: "invalid client secret" });
        const t = randomBytes(15).toString("hex");
        tokens.set(t, Date.now() + standIn.tokenTtlSeconds * 1000);
        return reply(200, { access_token: t, expires_in: standIn.tokenTtlSeconds, token_type: "bearer" });
      }

      if (url.pathname.startsWith("/v4/")) {
        const expiry = token ? tokens.get(token) : undefined;
        if (req.headers["client-id"] !== clientId || !expiry || expiry <= Date.now()) {
          return reply(401, { message: "Authorization Failure. Have you tried:", status: 401 });
        }
        if (req.method !== "POST") return reply(405, [{ title: "Method not allowed", status: 405 }]);
        if (url.pathname !== "/v4/games") return reply(404, [{ title: "Not found", status: 404 }]);
        let rows: unknown[];
        try {
          rows = runQuery([...games.values()], parseQuery(body));
        } catch (err) {
          if (err instanceof ApicalypseSyntaxError) return reply(400, [{ title: "Syntax Error", status: 400, cause: err.message }]);
          throw err;
        }
        open++;
        standIn.maxConcurrent = Math.max(standIn.maxConcurrent, open);
        setTimeout(() => {
          open--;
          reply(200, rows);
        }, standIn.delayMs);
        return;
      }
      reply(404, { status: 404, message: "not found" });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const standIn: IgdbStandIn = {
    url,
    apiUrl: `${url}/v4`,
    tokenUrl: `${url}/oauth2/token`,
    clientId,
    clientSecret,
    env: () => ({
      IGDB_CLIENT_ID: clientId,
      IGDB_CLIENT_SECRET: clientSecret,
      IGDB_API_URL: `${url}/v4`,
      TWITCH_TOKEN_URL: `${url}/oauth2/token`,
    }),
    addGames: (...records) => records.forEach((r) => games.set(r.id, r)),
    removeGames: (...ids) => ids.forEach((id) => games.delete(id)),
    clearGames: () => games.clear(),
    calls: [],
    apiCalls: () => standIn.calls.filter((c) => c.path.startsWith("/v4/")),
    tokenCalls: () => standIn.calls.filter((c) => c.path === "/oauth2/token"),
    failNext: (status, times = 1, path) => failures.push({ status, remaining: times, path }),
    revokeTokens: () => tokens.clear(),
    tokenTtlSeconds: 3600,
    delayMs: 0,
    maxConcurrent: 0,
    resetLog: () => {
      standIn.calls.length = 0;
      standIn.maxConcurrent = 0;
      failures.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return standIn;
}

/** The largest number of calls whose arrival times fall within any `windowMs` (sliding window). */
export function maxInWindow(calls: readonly { at: number }[], windowMs = 1000): number {
  const times = calls.map((c) => c.at).sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** An IGDB-shaped game record for tests, expanded like IGDB returns it with `fields x.y`. */
export function igdbGame(id: number, name: string, extra: Partial<StandInRecord> = {}): StandInRecord {
  return {
    id,
    name,
    url: `https://www.igdb.com/games/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    summary: `${name} summary.`,
    first_release_date: 1_431_993_600, // 2015-05-19
    game_type: 0,
    cover: { id: id * 10, url: `//images.igdb.com/igdb/image/upload/t_thumb/co${id.toString(36)}.jpg` },
    genres: [{ id: 12, name: "Role-playing (RPG)" }],
    platforms: [
      { id: 6, name: "PC (Microsoft Windows)" },
      { id: 48, name: "PlayStation 4" },
    ],
    involved_companies: [
      { id: id * 100 + 1, company: { id: 908, name: "CD Projekt RED" }, developer: true, publisher: false },
      { id: id * 100 + 2, company: { id: 909, name: "CD Projekt" }, developer: false, publisher: true },
    ],
    ...extra,
  };
}

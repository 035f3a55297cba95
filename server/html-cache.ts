import { Readable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RequestInfo } from "../app/context.server";
import { isPageView } from "../app/lib/page-view";
import { onSharedContentChanged } from "../app/lib/shared-content";
import { countGameView } from "../app/modules/catalogue/view-counter.server";
import { requestOrigin } from "./request-origin";
import { contentSecurityPolicy } from "./security";

/**
 * A short-lived in-memory cache of whole HTML pages for signed-out visitors (game pages, home,
 * search, static pages) and of the catalogue's JSON API (search, one game), so a popular page is
 * rendered once per TTL instead of once per request (rendering a page costs a few milliseconds of
 * the one JavaScript thread, and the embedded database blocks that thread while it queries).
 *
 * What makes a page shareable:
 * - GET of a path whose route declares `handle = { pageCache: true }` (page-cache-routes.ts; never a
 *   `.data` request of client navigation, nor a path with a dot);
 * - no sign-in cookie (Better Auth's `savepoint.*` cookies): signed-in pages are never cached;
 * - the answer is 200 text/html or application/json without Set-Cookie.
 * The key is protocol + host + path + query + Savepoint's own non-auth cookies (a consent choice
 * changes the page). Foreign cookies are ignored: the app never reads them.
 *
 * A stored page is sent as it was rendered, gzip-compressed once (compressing every answer cost
 * more than rendering), with the Content-Security-Policy of the nonce it was rendered with. Reusing
 * that nonce for the TTL gives an attacker nothing: a nonce is drawn when the page is rendered, after
 * everything the page contains was written, and any write empties the cache, so no content can be
 * made to carry a nonce its author saw (docs/decisions/006).
 * Concurrent misses for one key render once. Any request that may write (not GET/HEAD) empties the
 * cache as its answer starts (but for a visitor's own analytics event or consent choice, which change no
 * shared page, and a refusal, 4xx, which changed nothing), so a visitor never sees a page older than
 * their own change, and others see it within the TTL. A page view served from the cache is counted like one rendered (view-counter.server.ts).
 */

/**
 * Writes that change no shared page (an analytics event, a consent choice): the cache stays, and they are
 * no member's change either (server/write-limit.ts; both keep limits of their own).
 */
const KEEPS_PAGES = /^\/api\/(?:events|consent)\/?$/;
export const keepsPages = (path: string): boolean => KEEPS_PAGES.test(path);
/**
 * Signing in or out and asking for or using a password reset change a session or a password, never a
 * shared page: they leave the cache as it is. Anyone may post them without a session, so emptying the
 * cache for them let a visitor keep it empty for everyone (a signed-out POST /logout in a loop: 90 of 200
 * game pages rendered instead of 3). The pages' actions also as React Router's fetches post them ("/logout.data").
 */
const SESSION_ONLY =
  /^\/(?:(?:login|logout|forgot-password|reset-password)(?:\.data)?|api\/auth\/(?:sign-in\/[\w-]+|sign-out|request-password-reset|reset-password))\/?$/;
const AUTH_COOKIE = /^(?:__Secure-|__Host-)?savepoint\./;
const APP_COOKIE = /^(?:__Secure-|__Host-)?savepoint[_-]/;
const MAX_BODY_BYTES = 1024 * 1024;
/** Response headers not replayed from a stored page. */
const SKIPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date", "keep-alive"]);

export interface HtmlCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  /** React Router's fetch-style handler (createRequestHandler from "react-router"). */
  render: (request: Request, info: RequestInfo) => Promise<Response>;
  /** Whether the route of `pathname` declares itself cacheable (pageCacheRule over the build's routes). */
  cacheable: (pathname: string) => boolean | Promise<boolean>;
  now?: () => number;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzip: Buffer;
  nonce: string;
  expires: number;
  gameId: number | undefined;
}

type Rendered = { entry: Entry } | { response: Response };
const gzip = promisify(zlib.gzip);

export interface HtmlCache {
  middleware: RequestHandler;
  /** Drops every stored page. */
  clear(): void;
  /** Stops listening for shared-content changes (tests). */
  close(): void;
  readonly size: number;
}

export function createHtmlCache(opts: HtmlCacheOptions): HtmlCache {
  const maxEntries = opts.maxEntries ?? 500;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();
  let generation = 0;

  function clear() {
    entries.clear();
    inFlight.clear();
    generation++;
  }
  // Catalogue writes that come from no request of their own (games saved from IGDB) empty it too.
  const unsubscribe = onSharedContentChanged(clear);

  /**
   * Empties the cache as a write's answer starts (its status line, before the client can ask again),
   * unless the answer is a refusal (4xx: nothing was written), so refused requests — a visitor's 401,
   * a 400, a 429 — cannot keep the cache empty for everyone. A write cut off before it answered may
   * have changed something: the cache empties then too.
   */
  function clearUnlessRefused(res: ExpressResponse) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
      const status = typeof args[0] === "number" ? args[0] : this.statusCode;
      if (status < 400 || status >= 500) clear();
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    res.once("close", () => {
      if (!res.headersSent) clear();
    });
  }

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  async function renderOnce(req: ExpressRequest, res: ExpressResponse): Promise<Rendered> {
    const info: RequestInfo = { nonce: String(res.locals.nonce ?? ""), requestId: String(req.id ?? ""), ip: req.ip };
    const response = await opts.render(toFetchRequest(req, res), info);
    const entry = await toEntry(response, info);
    return entry ? { entry } : { response };
  }

  async function toEntry(response: Response, info: RequestInfo): Promise<Entry | null> {
    const type = response.headers.get("content-type") ?? "";
    const shareable = type.startsWith("text/html") || type.startsWith("application/json");
    if (response.status !== 200 || !shareable || response.headers.has("set-cookie") || !response.body) return null;
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) return null;
    const body = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!SKIPPED_HEADERS.has(name)) headers.push([name, value]);
    });
    return {
      status: response.status,
      headers,
      body,
      gzip: await gzip(body),
      nonce: info.nonce,
      // Too large to keep: answered, not stored.
      expires: body.length > MAX_BODY_BYTES ? 0 : now() + opts.ttlMs,
      gameId: info.pageGameId,
    };
  }

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      if (!keepsPages(req.path) && !SESSION_ONLY.test(req.path)) clearUnlessRefused(res);
      return next();
    }
    try {
      const key = cacheKey(req);
      if (key === null || !(await opts.cacheable(pathOf(req)))) return next();
      const cached = entries.get(key);
      if (cached && cached.expires > now()) {
        send(req, res, cached, "HIT");
        countView(req, cached);
        return;
      }
      if (cached) entries.delete(key);

      const pending = inFlight.get(key);
      if (pending) {
        const shared = await pending;
        if (shared) {
          send(req, res, shared, "HIT");
          countView(req, shared);
          return;
        }
        // The page could not be shared (an error, a redirect…): render this request on its own.
        return next();
      }

      const startedIn = generation;
      let settle!: (entry: Entry | null) => void;
      inFlight.set(
        key,
        new Promise<Entry | null>((resolve) => {
          settle = resolve;
        }),
      );
      let rendered: Rendered;
      try {
        rendered = await renderOnce(req, res);
      } catch (error) {
        settle(null);
        if (inFlight.get(key)) inFlight.delete(key);
        throw error;
      }
      if ("entry" in rendered) {
        // A write during the render may have changed what the page shows: answer, but do not keep it.
        const keep = startedIn === generation && rendered.entry.expires > 0;
        if (keep) store(key, rendered.entry);
        settle(keep ? rendered.entry : null);
        inFlight.delete(key);
        send(req, res, rendered.entry, "MISS");
        // The render counted its own view (the loader); nothing to add.
        return;
      }
      settle(null);
      inFlight.delete(key);
      await sendResponse(res, rendered.response);
    } catch (error) {
      next(error);
    }
  };

  return {
    middleware,
    clear,
    close: unsubscribe,
    get size() {
      return entries.size;
    },
  };
}

/** The cache key, or null when this request must not be answered from (or stored in) the cache. */
export function cacheKey(req: ExpressRequest): string | null {
  if (req.method !== "GET") return null;
  const [pathname = "", search = ""] = (req.originalUrl ?? req.url).split(/\?(.*)/s);
  // Client-navigation data (/game/x.data) and files are never pages.
  if (pathname.includes(".")) return null;
  if (new URLSearchParams(search).has("_routes")) return null;
  const appCookies: string[] = [];
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (!name) continue;
    if (AUTH_COOKIE.test(name)) return null;
    if (APP_COOKIE.test(name)) appCookies.push(part.trim());
  }
  appCookies.sort();
  // The origin the page is rendered for (requestOrigin: a trusted proxy's X-Forwarded-Host and -Proto),
  // not the raw Host header: pages carry absolute links (canonical, og:url) made of it, so a page
  // rendered for a forwarded host must only ever be served to requests naming that same host.
  let origin: string;
  try {
    origin = requestOrigin(req);
  } catch {
    return null; // no origin can be made of the headers: the request guard answers 400
  }
  return `${origin}${req.originalUrl ?? req.url}\n${appCookies.join("; ")}`;
}

function pathOf(req: ExpressRequest): string {
  return (req.originalUrl ?? req.url).split("?")[0] ?? "";
}

function countView(req: ExpressRequest, entry: Entry) {
  if (entry.gameId !== undefined && isPageView(req.method, { get: (name) => req.get(name) })) countGameView(entry.gameId);
}

function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, outcome: "HIT" | "MISS") {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  // The page's scripts carry the nonce it was rendered with.
  if (res.getHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", contentSecurityPolicy(entry.nonce));
  // Pages differ per visitor once signed in: never in a shared cache (the JSON API says its own).
  if (!entry.headers.some(([name]) => name === "cache-control")) res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("X-Savepoint-Cache", outcome);
  res.setHeader("Vary", "Accept-Encoding");
  // Already compressed: the compression middleware leaves an encoded answer alone.
  const body = acceptsGzip(req) ? entry.gzip : entry.body;
  if (body === entry.gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

function acceptsGzip(req: ExpressRequest): boolean {
  return /\bgzip\b(?!;\s*q=0(?:\.0+)?\b)/i.test(req.headers["accept-encoding"] ?? "");
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "private, no-cache");
  if (!response.body || res.req.method === "HEAD") {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = Readable.fromWeb(response.body as unknown as NodeReadableStream);
    stream.on("error", reject);
    res.on("close", resolve);
    res.on("finish", resolve);
    stream.pipe(res);
  });
}

/** The Express request as a fetch Request for React Router (GET/HEAD only: no body). */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // The origin as the request guard checked it (requestOrigin), never the raw Host header.
  const url = new URL(req.originalUrl ?? req.url, requestOrigin(req));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => controller.abort());
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

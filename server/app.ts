import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type Request as ExpressRequest, type RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isTrustedOriginOf } from "../app/auth/origin";
import { getConfig } from "../app/config.server";
import { requestInfoContext, type RequestInfo } from "../app/context.server";
import { checkDatabase, getHandle } from "../app/db/client.server";
import { getUploadStorage, UPLOAD_NAME } from "../app/modules/uploads/storage.server";
import { createHtmlCache } from "./html-cache";
import { actionRule } from "./action-routes";
import { pageCacheRule } from "./page-cache-routes";
import { precompressedAssets } from "./precompressed-assets";
import { createRouterHandler } from "./react-router-handler";
import { METHOD_NOT_ALLOWED, requestGuard } from "./request-guard";
import { requestOrigin } from "./request-origin";
import { securityHeaders } from "./security";
import { serviceWorkerHandler } from "./service-worker";
import { writeLimit } from "./write-limit";
import { GENERATED_COVER_PATH } from "../app/lib/images";

export interface AppOptions {
  /** The React Router server build, or a function loading it (dev). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client, served as static files (production). */
  clientDir?: string;
  /** Extra middleware mounted before the router (Vite's in dev). */
  before?: RequestHandler[];
  logger: Logger;
  production: boolean;
  /** Seconds a signed-out visitor's page stays in the HTML cache (server/html-cache.ts); 0 or unset = off. */
  htmlCacheTtl?: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
/** A Better Auth session cookie (the request is a signed-in member's, or was). */
const SIGNED_IN_COOKIE = /(?:^|;\s*)(?:__Secure-)?savepoint\.session_token=/;
/** What a page action answers a form posted from another site. */
const FORBIDDEN = "Forbidden";

/** The path without the query string: tokens (verification, reset) travel in queries and must never reach a log line. */
function pathOf(url: string | undefined): string {
  return (url ?? "").split("?")[0] ?? "";
}

export function createApp(opts: AppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  app.use(
    pinoHttp({
      logger: opts.logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel(_req, res, err) {
        if (err || res.statusCode >= 500) return "error";
        if (res.statusCode >= 400) return "warn";
        return "info";
      },
      customSuccessMessage(req, res, ms) {
        return `${req.method} ${pathOf(req.url)} ${res.statusCode} ${Math.round(ms)}ms`;
      },
      customErrorMessage(req, res) {
        return `${req.method} ${pathOf(req.url)} ${res.statusCode}`;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: pathOf(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      customAttributeKeys: { responseTime: "ms" },
      // /sw.js: every open tab checks it for updates once a minute.
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/sw.js" || (req.url ?? "").startsWith("/assets/") },
    }),
  );

  // Pages are compressed per response: gzip level 3 (nginx's default is 1). On the 164 KB review page
  // it costs 0.6 ms against 1.3 ms at zlib's default 6, for 11 % more bytes (20.6 KB against 18.5 KB).
  // Browsers that accept Brotli get the middleware's quality 4; static assets are precompressed at the
  // highest levels (precompressed-assets.ts).
  app.use(compression({ level: 3 }));
  app.use(securityHeaders({ csp: opts.production }));
  // Methods, NUL bytes, body size and body syntax, before anything reads the request (request-guard.ts).
  app.use(requestGuard());

  app.get("/healthz", async (_req, res) => {
    const ok = await checkDatabase();
    res.setHeader("Cache-Control", "no-store");
    let database = "unknown";
    try {
      database = getHandle().kind;
    } catch {
      // not open
    }
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable", database });
  });

  // Uploaded images (avatars): named by owner and content hash, so a name always means the same bytes
  // (immutable). A file goes when its member replaces or removes it or deletes the account, and then
  // answers 404 — so no shared cache (a CDN, a proxy) may keep it: `private` lets only the browsers
  // that were already shown the picture keep their copy (decision 029).
  app.get("/uploads/:name", async (req, res, next) => {
    try {
      const name = req.params.name;
      const bytes = UPLOAD_NAME.test(name) ? await getUploadStorage().get(name) : null;
      if (!bytes) {
        res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
        return;
      }
      res
        .status(200)
        .set({
          "Content-Type": "image/webp",
          "Cache-Control": "private, max-age=31536000, immutable",
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; sandbox",
        })
        .send(bytes);
    } catch (err) {
      next(err);
    }
  });

  for (const mw of opts.before ?? []) app.use(mw);

  if (opts.clientDir) {
    // The service worker, generated for the build being served.
    if (typeof opts.build !== "function") app.get("/sw.js", serviceWorkerHandler(opts.build, opts.clientDir));
    // Hashed, content-addressed assets: cache for a year; text ones Brotli-compressed ahead of time.
    app.use("/assets", precompressedAssets(path.join(opts.clientDir, "assets")));
    app.use(
      "/assets",
      express.static(path.join(opts.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
    );
    // Everything else in build/client (favicon, manifest, icons): short cache. A built server lists
    // those files once, so a page request never waits for a file-system lookup that cannot succeed.
    const clientFiles = express.static(opts.clientDir, { maxAge: "1h", index: false });
    if (typeof opts.build === "function") app.use(clientFiles);
    else {
      const files = builtFiles(opts.clientDir);
      app.use((req, res, next) => (files.has(req.path) ? clientFiles(req, res, next) : next()));
    }
  }

  const contextFor = (info: RequestInfo) => {
    const provider = new RouterContextProvider();
    provider.set(requestInfoContext, info);
    return provider;
  };
  const mode = opts.production ? "production" : "development";
  const handler = createRouterHandler({
    build: opts.build,
    mode,
    getLoadContext: (req, res) => contextFor({ nonce: String(res.locals.nonce ?? ""), requestId: String(req.id ?? ""), ip: req.ip }),
  });
  // A POST to a route without an action: a plain 405 here rather than React Router's error page.
  app.use(noActionGuard(opts.build));
  // A page's form posted from another site: the 403 the actions give, before React Router's own check.
  app.use(foreignOriginGuard());
  // Changes per signed-in member and minute (write-limit.ts): past the limit, a 429 before any route runs.
  app.use(writeLimit());
  if (opts.htmlCacheTtl && opts.htmlCacheTtl > 0) {
    const render = createFetchHandler(opts.build, mode);
    const build = opts.build;
    // The rule follows the build being served (a function reloads it in development).
    let rule: { routes: ServerBuild["routes"]; cacheable: (pathname: string) => boolean } | null = null;
    const cacheable = async (pathname: string) => {
      const routes = (typeof build === "function" ? await build() : build).routes;
      if (rule?.routes !== routes) rule = { routes, cacheable: pageCacheRule(routes) };
      return rule.cacheable(pathname);
    };
    app.use(
      createHtmlCache({ ttlMs: opts.htmlCacheTtl * 1000, render: (request, info) => render(request, contextFor(info)), cacheable })
        .middleware,
    );
  }
  app.use((req, res, next) => {
    // Pages are per-user once accounts exist: never cache HTML in shared caches. A signed-in member's are
    // not stored at all: a browser may keep a 'no-cache' page on disk and show it again from history
    // without asking, so after signing out on a shared computer the next person could page Back through
    // the member's pages. (Generated covers are the same for everyone and never change at their URL:
    // they set their own, long, caching.) A route's own Cache-Control replaces this default.
    if (!routedUrl(req).pathname.startsWith(GENERATED_COVER_PATH))
      res.setHeader("Cache-Control", SIGNED_IN_COOKIE.test(req.headers.cookie ?? "") ? "private, no-store" : "private, no-cache");
    return handler(req, res, next);
  });

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    req.log?.[status >= 500 ? "error" : "warn"]({ err }, "request failed");
    if (res.headersSent) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not Found" : status < 500 ? "Bad Request" : "Internal Server Error");
  };
  app.use(onError);
  return app;
}

/**
 * The path and query React Router routes by: the request URL as a URL parser reads it, so dot
 * segments ("/api/reviews/../like", "%2e%2e") are resolved as they will be there — Express's
 * req.path keeps them.
 */
function routedUrl(req: ExpressRequest): { pathname: string; search: string } {
  const url = new URL(req.originalUrl, "http://localhost");
  return { pathname: url.pathname, search: url.search };
}

/**
 * Answers a POST whose route has no action (action-routes.ts) with 405 "Method not allowed" —
 * JSON for the APIs and `.data` requests, text otherwise, like the request guard's other refusals.
 */
function noActionGuard(build: AppOptions["build"]): RequestHandler {
  let rule: { routes: ServerBuild["routes"]; hasAction: (pathname: string, search: string) => boolean } | null = null;
  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    try {
      // The rule follows the build being served (a function reloads it in development).
      const routes = (typeof build === "function" ? await build() : build).routes;
      if (rule?.routes !== routes) rule = { routes, hasAction: actionRule(routes) };
      const { pathname, search } = routedUrl(req);
      if (rule.hasAction(pathname, search)) return next();
    } catch (err) {
      return next(err);
    }
    res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" });
    const { pathname } = routedUrl(req);
    if (pathname.startsWith("/api/") || pathname.endsWith(".data")) res.json({ error: METHOD_NOT_ALLOWED });
    else res.type("text/plain").send(METHOD_NOT_ALLOWED);
  };
}

/**
 * A POST to a page (or any `.data` twin, an API's too) whose Origin is not this site is refused with
 * 403 "Forbidden", as the actions themselves refuse it (isTrustedOrigin). React Router checks the
 * Origin of every data request first and answers a foreign one with a 400 that says "Unexpected Server
 * Error" (`.data`) and a logged stack trace. The APIs themselves (/api/*, no `.data`) check their own callers.
 */
function foreignOriginGuard(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || req.headers.origin === undefined) return next();
    const { pathname } = routedUrl(req);
    if (pathname.startsWith("/api/") && !pathname.endsWith(".data")) return next();
    const trusted = [new URL(getConfig().appUrl).origin, requestOrigin(req)];
    // An empty Origin is no origin of ours either (React Router cannot read it as a URL).
    if (req.headers.origin !== "" && isTrustedOriginOf(new Headers({ origin: req.headers.origin }), trusted)) return next();
    res.status(403).set("Cache-Control", "no-store");
    if (pathname.endsWith(".data")) res.json({ ok: false, error: FORBIDDEN });
    else res.type("text/plain").send(FORBIDDEN);
  };
}

/** URL paths of the files under `dir` outside assets/ (served with their own handler). */
function builtFiles(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!rel.startsWith("assets/")) files.add(`/${rel}`);
  }
  return files;
}

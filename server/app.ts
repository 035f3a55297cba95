import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext, type RequestInfo } from "../app/context.server";
import { checkDatabase, getHandle } from "../app/db/client.server";
import { getUploadStorage, UPLOAD_NAME } from "../app/modules/uploads/storage.server";
import { createHtmlCache } from "./html-cache";
import { pageCacheRule } from "./page-cache-routes";
import { precompressedAssets } from "./precompressed-assets";
import { createRouterHandler } from "./react-router-handler";
import { requestGuard } from "./request-guard";
import { securityHeaders } from "./security";
import { serviceWorkerHandler } from "./service-worker";
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

  // Uploaded images (avatars): content-hashed names, so a name always means the same bytes.
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
          "Cache-Control": "public, max-age=31536000, immutable",
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
    // Pages are per-user once accounts exist: never cache HTML in shared caches. (Generated covers
    // are the same for everyone and never change at their URL: they set their own, long, caching.)
    if (!req.path.startsWith(GENERATED_COVER_PATH)) res.setHeader("Cache-Control", "private, no-cache");
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

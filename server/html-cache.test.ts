import type http from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RequestInfo } from "../app/context.server";
import { sharedContentChanged } from "../app/lib/shared-content";
import { flushGameViews, pendingGameViews } from "../app/modules/catalogue/view-counter.server";
import { useTestDatabase } from "../tests/setup/database";
import { flattenRoutes, routeConfig, serverRoutes } from "../tests/support/route-table";
import { createHtmlCache, type HtmlCache } from "./html-cache";
import { pageCacheRule } from "./page-cache-routes";
import { securityHeaders } from "./security";
import { listenLocally } from "../tests/support/listen";

/**
 * The HTML cache in front of a page renderer that behaves like React Router's handler: it renders
 * the request's nonce into the page, may set cookies or answer non-200, and the game page's loader
 * reports the game shown through the request info.
 */

useTestDatabase(); // view counts are flushed to a real database
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

let renders: string[] = [];
let clock = 1_000_000;
let slowRender: Promise<void> | null = null;
let server: http.Server;
let base = "";
let cache: HtmlCache;

async function render(request: Request, info: RequestInfo): Promise<Response> {
  const url = new URL(request.url);
  renders.push(url.pathname + url.search);
  if (slowRender) await slowRender;
  if (url.pathname === "/api/games/search")
    return Response.json({ games: [url.searchParams.get("q")] }, { headers: { "Cache-Control": "public, max-age=300" } });
  if (url.pathname === "/game/missing")
    return new Response(`<p nonce="${info.nonce}">Game not found</p>`, { status: 404, headers: { "content-type": "text/html" } });
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  if (url.searchParams.has("cookie")) headers.append("set-cookie", "flash=1; Path=/");
  if (url.pathname.startsWith("/game/")) info.pageGameId = 4242;
  return new Response(
    `<html data-origin="${url.origin}"><script nonce="${info.nonce}">window.__n=${renders.length}</script>${url.pathname}</html>`,
    {
      status: 200,
      headers,
    },
  );
}

let cacheable: (pathname: string) => boolean;

beforeAll(async () => {
  // Which paths may be kept comes from the app's real route table (each route's `handle`).
  cacheable = pageCacheRule(await serverRoutes(flattenRoutes(await routeConfig())));
  cache = createHtmlCache({ ttlMs: 2000, render, now: () => clock, cacheable });
  const app = express();
  app.set("trust proxy", "loopback"); // as server/app.ts: a proxy on this machine may forward the host
  app.use(securityHeaders({ csp: true }));
  app.use(cache.middleware);
  app.use((req, res) => {
    // A write the app refuses (a visitor's 401, a 400, a 429) and one that fails (500).
    if (req.path === "/api/refused")
      res
        .status(Number(req.query.status ?? 401))
        .type("text/plain")
        .send("refused");
    else res.status(200).type("text/plain").send("passed through");
  });
  ({ server, base } = await listenLocally(app));
});

afterAll(async () => {
  cache.close();
  await new Promise<void>((r) => server.close(() => r()));
});

beforeEach(async () => {
  cache.clear();
  renders = [];
  slowRender = null;
  await flushGameViews();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { "user-agent": CHROME, ...headers } });

function scriptNonce(body: string): string | undefined {
  return /<script nonce="([^"]+)"/.exec(body)?.[1];
}

describe("HTML cache for signed-out visitors", () => {
  it("renders a page once and serves it again, with the CSP of the nonce it was rendered with", async () => {
    const first = await get("/game/zelda");
    const firstBody = await first.text();
    expect(first.headers.get("x-savepoint-cache")).toBe("MISS");
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${scriptNonce(firstBody)}'`);
    const second = await get("/game/zelda");
    const secondBody = await second.text();
    expect(second.headers.get("x-savepoint-cache")).toBe("HIT");
    expect(renders).toEqual(["/game/zelda"]);
    expect(secondBody).toBe(firstBody);
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${scriptNonce(secondBody)}'`);
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("sends the stored page gzip-compressed when the client accepts it, as is otherwise", async () => {
    await get("/faq");
    const zipped = await get("/faq", { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(await zipped.text()).toContain("</script>/faq</html>");
    const plain = await get("/faq", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text).toContain("</script>/faq</html>");
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(text));
  });

  it("renders again once the TTL has passed", async () => {
    await get("/faq");
    clock += 1999;
    await get("/faq");
    clock += 2;
    const late = await get("/faq");
    expect(late.headers.get("x-savepoint-cache")).toBe("MISS");
    expect(renders).toEqual(["/faq", "/faq"]);
  });

  it("keeps the catalogue's JSON answers too, with their own cache headers", async () => {
    await get("/api/games/search?q=mario");
    const again = await get("/api/games/search?q=mario");
    expect(again.headers.get("x-savepoint-cache")).toBe("HIT");
    expect(await again.json()).toEqual({ games: ["mario"] });
    expect(again.headers.get("cache-control")).toBe("public, max-age=300");
    expect(renders).toEqual(["/api/games/search?q=mario"]);
  });

  it("keys on the origin the page was rendered for, so a forwarded host cannot plant its links for everyone", async () => {
    // A trusted proxy that passes the client's X-Forwarded-Host through (nginx does by default): the
    // page's absolute links (canonical, og:url) name that host. It must not be served to anyone else.
    const forged = await get("/game/zelda", { "x-forwarded-host": "evil.example" });
    expect(await forged.text()).toMatch(/data-origin="http:\/\/evil\.example:\d+"/);
    const plain = await get("/game/zelda");
    expect(plain.headers.get("x-savepoint-cache")).toBe("MISS");
    expect(await plain.text()).not.toContain("evil.example");
    expect((await get("/game/zelda", { "x-forwarded-host": "evil.example" })).headers.get("x-savepoint-cache")).toBe("HIT");
  });

  it("keys on the query string", async () => {
    await get("/search?q=mario");
    await get("/search?q=zelda");
    await get("/search?q=mario");
    expect(renders).toEqual(["/search?q=mario", "/search?q=zelda"]);
  });

  it("never caches for a signed-in visitor", async () => {
    const signedIn = { cookie: "savepoint.session_token=abc.def" };
    await get("/", signedIn);
    const again = await get("/", signedIn);
    expect(again.headers.get("x-savepoint-cache")).toBeNull();
    expect(await again.text()).toBe("passed through");
    // …and a signed-out copy is not shown to them either.
    await get("/");
    expect(await (await get("/", { cookie: "__Secure-savepoint.session_token=x" })).text()).toBe("passed through");
  });

  it("keeps one copy per choice of the app's own cookies and ignores foreign ones", async () => {
    await get("/", { cookie: "savepoint_consent=essential" });
    await get("/", { cookie: "savepoint_consent=all" });
    await get("/", { cookie: "_ga=123; savepoint_consent=all" });
    await get("/");
    expect(renders).toEqual(["/", "/", "/"]);
  });

  it("does not cache pages that set cookies, errors, client-navigation data or other paths", async () => {
    await get("/?cookie=1");
    const withCookie = await get("/?cookie=1");
    expect(withCookie.headers.get("set-cookie")).toBe("flash=1; Path=/");
    const missing = await get("/game/missing");
    expect(missing.status).toBe(404);
    await get("/game/missing");
    expect(renders).toEqual(["/?cookie=1", "/?cookie=1", "/game/missing", "/game/missing"]);
    expect(await (await get("/game/zelda.data")).text()).toBe("passed through");
    expect(await (await get("/api/games/x/related")).text()).toBe("passed through");
    expect(await (await get("/settings")).text()).toBe("passed through");
    expect(cache.size).toBe(0);
  });

  it("keeps only the routes that declare handle.pageCache", async () => {
    for (const path of [
      "/",
      "/game/zelda",
      "/search",
      "/search-results",
      "/faq",
      "/terms",
      "/privacy",
      "/contact",
      "/api/games/search",
      "/api/games/zelda",
    ])
      expect([path, cacheable(path)]).toEqual([path, true]);
    for (const path of [
      "/login",
      "/signup",
      "/settings",
      "/profile",
      "/account/delete",
      "/admin/privacy",
      "/api/games/x/related",
      "/api/privacy/stats",
      "/api/auth/get-session",
      "/no-such-page",
    ])
      expect([path, cacheable(path)]).toEqual([path, false]);
    // A route without the declaration is rendered for every request and never stored.
    await get("/login");
    expect(await (await get("/login")).text()).toBe("passed through");
    expect(renders).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it("empties itself on any request that may write", async () => {
    await get("/game/zelda");
    expect(cache.size).toBe(1);
    await fetch(`${base}/game/zelda`, { method: "POST", body: "x" });
    expect(cache.size).toBe(0);
    await get("/game/zelda");
    expect(renders).toEqual(["/game/zelda", "/game/zelda"]);
  });

  it("stays when a write is refused (4xx: nothing written), so refusals cannot keep it empty; empties on a 5xx", async () => {
    await get("/game/zelda");
    for (const status of [400, 401, 403, 404, 429]) {
      const res = await fetch(`${base}/api/refused?status=${status}`, { method: "POST", body: "x" });
      expect(res.status).toBe(status);
      expect(cache.size).toBe(1);
    }
    await fetch(`${base}/api/refused?status=500`, { method: "POST", body: "x" });
    expect(cache.size).toBe(0);
  });

  it("empties itself when the catalogue changes without a request (games saved from IGDB)", async () => {
    await get("/search?q=zyx");
    expect(cache.size).toBe(1);
    sharedContentChanged();
    expect(cache.size).toBe(0);
  });

  it("stays when a visitor records an analytics event or a consent choice", async () => {
    await get("/game/zelda");
    await fetch(`${base}/api/events`, { method: "POST", body: "{}" });
    await fetch(`${base}/api/consent`, { method: "POST", body: "level=none" });
    expect(cache.size).toBe(1);
    await fetch(`${base}/api/events-other`, { method: "POST", body: "{}" });
    expect(cache.size).toBe(0);
  });

  it("stays when someone signs in or out or asks for a password reset (no shared page changes; anyone may post them)", async () => {
    await get("/game/zelda");
    for (const path of [
      "/logout",
      "/logout.data",
      "/login.data",
      "/login",
      "/forgot-password",
      "/reset-password",
      "/api/auth/sign-out",
      "/api/auth/sign-in/email",
      "/api/auth/request-password-reset",
    ])
      await fetch(`${base}${path}`, { method: "POST", body: "x" });
    expect(cache.size).toBe(1);
    await fetch(`${base}/logout-everything`, { method: "POST", body: "x" });
    expect(cache.size).toBe(0);
  });

  it("renders once for concurrent misses of the same page", async () => {
    let release!: () => void;
    slowRender = new Promise<void>((r) => {
      release = r;
    });
    const all = Promise.all(Array.from({ length: 10 }, () => get("/game/zelda").then(async (r) => ({ r, body: await r.text() }))));
    await new Promise((r) => setTimeout(r, 100));
    release();
    const answers = await all;
    expect(renders).toEqual(["/game/zelda"]);
    for (const { r, body } of answers) {
      expect(r.status).toBe(200);
      expect(r.headers.get("content-security-policy")).toContain(`'nonce-${scriptNonce(body)}'`);
    }
  });

  it("counts a view of a game page served from the cache, but not a crawler's or a prefetch", async () => {
    await get("/game/zelda"); // rendered: the loader counts its own view
    expect(pendingGameViews()).toBe(0);
    await get("/game/zelda");
    await get("/game/zelda");
    expect(pendingGameViews()).toBe(2);
    await get("/game/zelda", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await get("/game/zelda", { "sec-purpose": "prefetch" });
    await get("/faq");
    await get("/faq");
    expect(pendingGameViews()).toBe(2);
  });
});

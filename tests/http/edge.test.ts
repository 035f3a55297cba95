import http from "node:http";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getConfig, setConfig } from "../../app/config.server";
import { getDb } from "../../app/db/client.server";
import { comment } from "../../app/db/schema";
import { WRITE_LIMIT_MESSAGE } from "../../app/modules/rate-limit/rate-limit.server";
import { createGame, createRating, createUser } from "../factories";
import { useTestDatabase } from "../setup/database";
import { useRealApp } from "../support/real-app";
import { REDIRECT_BYPASSES } from "../support/redirect-bypasses";
import { dataPathFor, pathFor, routeTable } from "../support/route-table";
import { HTTP_TEST_PASSWORD, nextForwardedIp, setCookies, signedInAccount, staysOnSite } from "./support";

/**
 * Bad input at the HTTP edge, through the real app: redirect targets never leave the site, form
 * actions answer 4xx to anything that is not a form, NUL bytes are refused, bodies are limited,
 * and a refused body never stalls the keep-alive connection it came on.
 */

const db = useTestDatabase();
const app = useRealApp();
let account: { email: string; cookie: string };

beforeAll(async () => {
  account = await signedInAccount(app.url(""));
}, 300_000);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

function post(path: string, body: string | undefined, contentType?: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { origin: app.origin, "x-forwarded-for": nextForwardedIp(), ...headers };
  if (contentType) h["content-type"] = contentType;
  return fetch(app.url(path), { method: "POST", headers: h, body, redirect: "manual" });
}

// A NUL byte never gets as far as the route: the edge refuses the request (400).
const hasNul = (target: string) => target.includes("\u0000");

describe("redirect targets stay on the site", () => {
  it("GET /login?redirectTo= (signed in) never redirects elsewhere", async () => {
    for (const target of REDIRECT_BYPASSES) {
      const res = await fetch(app.url(`/login?redirectTo=${encodeURIComponent(target)}`), {
        headers: { cookie: account.cookie },
        redirect: "manual",
      });
      if (hasNul(target)) {
        expect(res.status, target).toBe(400);
        continue;
      }
      expect(res.status, target).toBeGreaterThanOrEqual(300);
      expect(res.status, target).toBeLessThan(400);
      expect(staysOnSite(res.headers.get("location"), app.origin), `${JSON.stringify(target)} → ${res.headers.get("location")}`).toBe(true);
    }
  });

  // ~50 sign-ins, each hashing a password: generous time for a loaded CI machine.
  it("POST /login signs in and redirects only on the site, the session cookie kept", { timeout: 180_000 }, async () => {
    for (const target of [...REDIRECT_BYPASSES, "/a\r\nb", "/\u2603", "/caf\u00e9", "/\u{1F3AE}?q=\u00fc"]) {
      const res = await post("/login", form({ email: account.email, password: HTTP_TEST_PASSWORD, redirectTo: target }), FORM);
      const where = `${JSON.stringify(target)} → ${res.status} ${res.headers.get("location")}`;
      expect(res.status, where).toBe(hasNul(target) ? 400 : 302);
      if (hasNul(target)) continue;
      expect(staysOnSite(res.headers.get("location"), app.origin), where).toBe(true);
      expect(
        setCookies(res).some((c) => c.includes("session_token=")),
        where,
      ).toBe(true);
    }
  });

  it("a redirect target with CR, LF or characters beyond Latin-1 is no 500", async () => {
    for (const target of ["/x\ry", "/x\ny", "/\u2603", "/\u{1F3AE}", "/search?q=\u65e5\u672c"]) {
      const res = await post("/login", form({ email: account.email, password: HTTP_TEST_PASSWORD, redirectTo: target }), FORM);
      expect(res.status, target).toBe(302);
      expect(res.headers.get("location")!, target).toMatch(/^\/[\x21-\x7e]*$/);
    }
    const ok = await post("/login", form({ email: account.email, password: HTTP_TEST_PASSWORD, redirectTo: "/search?q=\u65e5" }), FORM);
    expect(ok.headers.get("location")).toBe("/search?q=%E6%97%A5");
  });

  it("POST /api/consent (no JavaScript) redirects only on the site", async () => {
    for (const target of REDIRECT_BYPASSES) {
      const res = await post("/api/consent", form({ intent: "accept_essential", redirectTo: target }), FORM);
      expect(res.status, target).toBe(hasNul(target) ? 400 : 303);
      expect(staysOnSite(res.headers.get("location"), app.origin), `${JSON.stringify(target)} → ${res.headers.get("location")}`).toBe(true);
    }
  });

  it("Better Auth's callbackURL, redirectTo and errorCallbackURL must be paths on the site (query and body)", async () => {
    for (const target of REDIRECT_BYPASSES.filter((t) => t !== "")) {
      const q = encodeURIComponent(target);
      const verify = await fetch(app.url(`/api/auth/verify-email?token=x&callbackURL=${q}`), { redirect: "manual" });
      expect(verify.status, target).toBe(400);
      expect(staysOnSite(verify.headers.get("location"), app.origin)).toBe(true);
      const reset = await post(
        "/api/auth/request-password-reset",
        JSON.stringify({ email: account.email, redirectTo: target }),
        "application/json",
      );
      expect(reset.status, target).toBe(400);
      const social = await post(
        "/api/auth/sign-in/social",
        JSON.stringify({ provider: "github", callbackURL: "/", errorCallbackURL: target }),
        "application/json",
      );
      expect(social.status, target).toBe(400);
    }
    // A path on the site: the link is sent to its page, which verifies it (never Better Auth's endpoint directly).
    const fine = await fetch(app.url("/api/auth/verify-email?token=x&callbackURL=%2Fauth%2Fcallback"), { redirect: "manual" });
    expect(fine.status).toBe(302);
    expect(fine.headers.get("location")).toBe("/auth/callback?token=x");
  });

  it("the OAuth start page keeps redirectTo on the site", async () => {
    for (const target of REDIRECT_BYPASSES) {
      const res = await fetch(app.url(`/auth/oauth/nope?redirectTo=${encodeURIComponent(target)}`), { redirect: "manual" });
      expect(staysOnSite(res.headers.get("location"), app.origin), `${JSON.stringify(target)} → ${res.headers.get("location")}`).toBe(true);
      const back = new URL(res.headers.get("location") ?? "/", app.origin).searchParams.get("redirectTo");
      expect(back === null || staysOnSite(back, app.origin), String(back)).toBe(true);
    }
  });
});

const FORM_ROUTES = ["/login", "/signup", "/forgot-password", "/reset-password", "/auth/callback", "/account/delete"];
const NOT_A_FORM: [string, string | undefined, string | undefined][] = [
  ["JSON", '{"email":"a@b.c"}', "application/json"],
  ["text", "email=a@b.c", "text/plain"],
  ["XML", "<login><email>a@b.c</email></login>", "application/xml"],
  ["no content type", "email=a@b.c", undefined],
  ["no body", undefined, undefined],
  ["broken multipart", "--xyz\r\nContent-Disposition: form-data; name=email\r\n\r\nbroken", "multipart/form-data; boundary=xyz"],
  ["multipart without boundary", "whatever", "multipart/form-data"],
  ["broken JSON", "{", "application/json"],
];

describe("form actions answer 4xx to what is not a form", () => {
  it.each(FORM_ROUTES)("POST %s", async (route) => {
    for (const [label, body, type] of NOT_A_FORM) {
      for (const path of [route, `${route}.data`]) {
        const res = await post(path, body, type, { cookie: account.cookie });
        expect([400, 415], `${path} ${label} → ${res.status}`).toContain(res.status);
      }
    }
  });

  it("POST /login.data with the body `{` is a 400", async () => {
    expect((await post("/login.data", "{", "application/json")).status).toBe(400);
    expect((await post("/login.data", "{", FORM)).status).toBe(400);
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS"])("%s on a page or API is a 405 naming the allowed methods", async (method) => {
    for (const path of [...FORM_ROUTES, "/", "/api/consent", "/api/auth/sign-in/email", "/login.data"]) {
      const res = await fetch(app.url(path), { method, headers: { origin: app.origin }, redirect: "manual" });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    }
  });
});

/** A GET or POST with its own Host header (fetch cannot set one). */
function withHost(
  method: "GET" | "POST",
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(app.url(path));
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers: { ...headers, host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(method === "POST" ? form({ email: "a@b.c", password: "x" }) : undefined);
  });
}

describe("pages are never cached by shared caches", () => {
  it("a page reached through the covers' path and dot segments is still private (signed in: 'private, no-store')", async () => {
    const res = await new Promise<{ status: number; cacheControl: string | undefined }>((resolve, reject) => {
      const url = new URL(app.url("/"));
      http
        .get({ host: url.hostname, port: url.port, path: "/covers/generated/../../faq", headers: { cookie: account.cookie } }, (r) => {
          r.resume();
          resolve({ status: r.statusCode ?? 0, cacheControl: r.headers["cache-control"] });
        })
        .on("error", reject);
    });
    expect(res.status).toBe(200);
    expect(res.cacheControl).toBe("private, no-store");
  });

  // A browser may keep a 'no-cache' answer on disk and show it again from history (Back) without asking:
  // on a shared computer, the next person would see a signed-out member's pages.
  it("a signed-in member's pages, their data and auth answers are never stored by the browser; a visitor's are revalidated", async () => {
    const cacheControl = async (path: string, cookie?: string) => {
      const res = await fetch(app.url(path), { headers: cookie ? { cookie } : {}, redirect: "manual" });
      await res.arrayBuffer();
      return { path, status: res.status, cacheControl: res.headers.get("cache-control") };
    };
    const signedIn = await Promise.all(
      ["/settings/profile", "/account/password", "/faq", "/settings/profile.data", "/faq.data"].map((p) => cacheControl(p, account.cookie)),
    );
    for (const r of signedIn) expect(r).toEqual({ path: r.path, status: 200, cacheControl: "private, no-store" });
    // One header, not the page default and the endpoint's own side by side.
    expect(await cacheControl("/api/auth/get-session", account.cookie)).toMatchObject({ status: 200, cacheControl: "no-store" });
    expect(await cacheControl("/faq")).toMatchObject({ status: 200, cacheControl: "private, no-cache" });
  });
});

/** Every Cache-Control header line of a response, as sent (fetch would join repeated headers into one). */
function cacheControlLines(path: string, init: { method?: string; cookie?: string; body?: string } = {}) {
  return new Promise<{ status: number; lines: string[] }>((resolve, reject) => {
    const url = new URL(app.url(path));
    const headers: Record<string, string> = { origin: app.origin, "x-forwarded-for": nextForwardedIp() };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? "GET", headers },
      (r) => {
        r.resume();
        const lines: string[] = [];
        for (let i = 0; i < r.rawHeaders.length; i += 2)
          if (r.rawHeaders[i]!.toLowerCase() === "cache-control") lines.push(r.rawHeaders[i + 1]!);
        resolve({ status: r.statusCode ?? 0, lines });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("an API that says how to cache its answer sends exactly one Cache-Control", () => {
  it("GET APIs (their answers and their refusals), signed in and not, and JSON writes", async () => {
    const g = await createGame();
    const gets = [
      ["/api/users/search?q=http", "private, max-age=60"],
      ["/api/games/search?q=zzzz", "public, max-age=300, stale-while-revalidate=1800"],
      [`/api/games/${g.slug}`, "public, max-age=300, stale-while-revalidate=3600"],
      [`/api/games/${g.slug}/related`, "public, max-age=300, stale-while-revalidate=3600"],
      ["/api/games/999999999", "no-store"],
      ["/api/username-available?username=free_name_x", "no-store"],
      ["/api/picker?mode=top5&q=a", "private, no-store"],
      ["/api/privacy/stats", "no-store"],
      ["/api/igdb-search", "no-store"],
    ] as const;
    for (const cookie of [undefined, account.cookie]) {
      for (const [path, expected] of gets) {
        const res = await cacheControlLines(path, { cookie });
        expect(res.lines, `${path} ${cookie ? "signed in" : "visitor"} → ${res.status}`).toEqual([expected]);
      }
    }
    for (const path of ["/api/lists", "/api/top-games", "/api/comments", "/api/consent"]) {
      const res = await cacheControlLines(path, { method: "POST", cookie: account.cookie, body: "{}" });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.lines.length, `${path} → ${res.status}: ${res.lines.join(" | ")}`).toBe(1);
    }
  });
});

describe("a POST to a route without an action", () => {
  it("is a 405 'Method not allowed', dot segments resolved as the router resolves them", async () => {
    for (const path of [
      "/faq",
      "/api/picker",
      "/_root.data",
      "/api/reviews/../like",
      "/api/reviews/%2E%2E/like",
      "/user/1/../../faq.data",
    ]) {
      // Sent as written (fetch would resolve the dot segments itself).
      const res = await withHost("POST", path, new URL(app.origin).host, { "content-type": FORM, origin: app.origin });
      expect(res.status, path).toBe(405);
      expect(res.body, path).toContain("Method not allowed");
    }
  });
});

describe("the Host header and the Origin of a page's form", () => {
  it("a Host header that is no host name is a 400, never a 500", async () => {
    for (const host of ["a b", "a%b", "[::1", "a|b", "a<b>", "a^b"]) {
      for (const path of ["/faq", "/login.data", "/api/games/search?q=zelda"]) {
        const res = await withHost("GET", path, host);
        expect(res.status, `Host: ${host} ${path}`).toBe(400);
        expect(res.body).toContain("Invalid Host header");
      }
      const posted = await withHost("POST", "/login", host, { "content-type": FORM });
      expect(posted.status, `POST Host: ${host}`).toBe(400);
    }
    expect((await withHost("GET", "/faq", new URL(app.origin).host)).status).toBe(200);
  });

  it("a Host with user information, an empty Host and an HTTP/1.0 request without one are 400s, never 500s", async () => {
    const { host } = new URL(app.origin);
    for (const bad of [`${host}@evil.example`, "a@b", "user:pw@localhost"]) {
      for (const path of ["/", "/faq", "/api/games/search?q=zelda"]) {
        const res = await withHost("GET", path, bad);
        expect(res.status, `Host: ${bad} ${path}`).toBe(400);
        expect(res.body).toContain("Invalid Host header");
      }
    }
    // HTTP/1.0 without a Host header (Node itself refuses that only for HTTP/1.1), and an empty one: written
    // on a raw socket (Node's client fills in a Host of its own).
    for (const head of [
      "GET / HTTP/1.0\r\n\r\n",
      "GET / HTTP/1.0\r\nHost: \r\n\r\n",
      "GET /faq HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n",
    ]) {
      const raw = await new Promise<string>((resolve, reject) => {
        const url = new URL(app.origin);
        const socket = net.connect(Number(url.port), url.hostname, () => socket.end(head));
        let text = "";
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => (text += chunk));
        socket.on("end", () => resolve(text));
        socket.on("error", reject);
      });
      expect(raw.split("\r\n")[0], JSON.stringify(head)).toMatch(/^HTTP\/1\.[01] 400 /);
    }
  });

  it("behind the trusted proxy, an X-Forwarded-Host or -Proto no http(s) address can be made of is a 400", async () => {
    const host = new URL(app.origin).host;
    for (const proto of ["javascript", "null", "ftp", "a b", "%"]) {
      for (const path of ["/users", "/_root.data", "/api/consent"]) {
        const res = await withHost("GET", path, host, { "x-forwarded-proto": proto });
        expect(res.status, `X-Forwarded-Proto: ${proto} ${path}`).toBe(400);
        expect(res.body).toContain("Invalid X-Forwarded-Proto header");
      }
      expect((await withHost("POST", "/login", host, { "x-forwarded-proto": proto, "content-type": FORM })).status).toBe(400);
    }
    for (const forwarded of ["a b", "a<b>", "[::1"]) {
      const res = await withHost("GET", "/users", host, { "x-forwarded-host": forwarded });
      expect(res.status, `X-Forwarded-Host: ${forwarded}`).toBe(400);
    }
    expect((await withHost("GET", "/faq", host, { "x-forwarded-proto": "https" })).status).toBe(200);
  });

  it("a form posted to a page from another origin is a 403 'Forbidden', the .data twin too", async () => {
    for (const origin of ["http://evil.example", "null", "not a url", ""]) {
      for (const path of ["/login", "/login.data", "/signup.data", "/review/1.data", "/settings/profile"]) {
        const res = await post(path, form({ email: "a@b.c", password: "x" }), FORM, { origin });
        const body = await res.text();
        expect(res.status, `${origin} ${path}`).toBe(403);
        expect(body).toContain("Forbidden");
        expect(body).not.toMatch(/Unexpected Server Error/);
      }
    }
    // Dot segments are resolved before routing ("/api/../login" is /login, a page).
    for (const path of ["/api/../login", "/api/%2e%2e/login.data"]) {
      const res = await withHost("POST", path, new URL(app.origin).host, { "content-type": FORM, origin: "http://evil.example" });
      expect(res.status, path).toBe(403);
    }
    // The site's own origin still reaches the action (a wrong password is the action's own 4xx).
    const own = await post("/login.data", form({ email: "nobody@example.test", password: "Wrong!pass1" }), FORM);
    expect(own.status).toBe(401);
  });

  // An API's `.data` twin is a React Router data request too: it met React Router's own Origin check,
  // a 400 "Unexpected Server Error" with a logged stack trace, for anyone who sent one.
  it("an API's .data twin posted from another origin is a 403 'Forbidden' too, signed in or not", async () => {
    const apis = (await routeTable()).map((r) => r.pattern).filter((p) => p.startsWith("/api/"));
    expect(apis).toEqual(expect.arrayContaining(["/api/comments", "/api/reviews/:id/like", "/api/users/:id/follow", "/api/auth/*"]));
    for (const pattern of apis) {
      const path = dataPathFor(pathFor(pattern, "1"));
      for (const cookie of [undefined, account.cookie]) {
        const res = await post(path, form({ intent: "like", commentId: "1", format: "json" }), FORM, {
          origin: "http://evil.example",
          ...(cookie ? { cookie } : {}),
        });
        const body = await res.text();
        const where = `${path}${cookie ? " (signed in)" : ""} → ${res.status} ${body.slice(0, 80)}`;
        expect(body, where).not.toMatch(/Unexpected Server Error/);
        // A route without an action says so first (405); every other one refuses the foreign form.
        expect([403, 405], where).toContain(res.status);
        if (res.status === 403) expect(body, where).toContain("Forbidden");
      }
    }
  });
});

describe("NUL bytes and lone surrogates are refused at the edge", () => {
  it("in the address", async () => {
    for (const path of [
      "/reset-password?token=%00",
      "/search?q=a%00b",
      "/game/a%00b",
      "/%00",
      "/api/games/search?q=%00",
      "/auth/callback?token=x%00",
    ]) {
      const res = await fetch(app.url(path), { redirect: "manual" });
      expect(res.status, path).toBe(400);
    }
  });

  it("in form fields and JSON bodies, including Better Auth's", async () => {
    const cases: [string, string, string][] = [
      ["/reset-password", form({ token: "a\u0000b", newPassword: "Str0ng!pass2", confirmPassword: "Str0ng!pass2" }), FORM],
      ["/login", form({ email: "a\u0000@b.c", password: "x" }), FORM],
      ["/api/auth/reset-password", JSON.stringify({ token: "a\u0000b", newPassword: "Str0ng!pass2" }), "application/json"],
      ["/api/auth/update-user", JSON.stringify({ name: "a\u0000b" }), "application/json"],
      ["/api/auth/revoke-session", JSON.stringify({ token: "\u0000" }), "application/json"],
      ["/api/auth/update-user", JSON.stringify({ ["na\u0000me"]: "x" }), "application/json"],
      ["/api/auth/update-user", '{"name":"\\ud800"}', "application/json"],
      ["/api/auth/update-user", '{"name":"x\\udc00y"}', "application/json"],
      ["/signup", "--b\r\nContent-Disposition: form-data; name=username\r\n\r\na\u0000b\r\n--b--\r\n", "multipart/form-data; boundary=b"],
    ];
    for (const [path, body, type] of cases) {
      const res = await post(path, body, type, { cookie: account.cookie });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });

  it("a well-formed pair (an emoji) still goes through", async () => {
    const res = await post("/api/auth/update-user", JSON.stringify({ name: "Player \u{1F3AE}" }), "application/json", {
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
  });
});

describe("update-user never answers 500 to a bad body", () => {
  it.each(["null", '{"name":null}', "[]", '"x"', "1", '{"name":{"a":1}}', '{"name":["a"]}', '{"image":null}', "{}"])("%s", async (body) => {
    const res = await post("/api/auth/update-user", body, "application/json", { cookie: account.cookie });
    expect(res.status, await res.text()).toBeLessThan(500);
  });
});

/** Sends `head` + a body of `size` bytes on a keep-alive agent, then a GET on the same agent; both timed. */
async function keepAliveRoundTrip(method: string, path: string, headers: Record<string, string>, size: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = (m: string, p: string, h: Record<string, string>, body?: Buffer) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const req = http.request(app.url(p), { method: m, headers: h, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
      });
      req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
      req.setTimeout(10_000, () => reject(new Error(`${m} ${p} timed out`)));
      req.end(body);
    });
  try {
    const first = await request(method, path, { origin: app.origin, ...headers, "content-length": String(size) }, Buffer.alloc(size, "a"));
    const second = await request("GET", "/healthz", {});
    return { first, second };
  } finally {
    agent.destroy();
  }
}

describe("a refused body never stalls the connection", () => {
  it.each([
    ["/search", FORM, 1024 * 1024],
    ["/game/anything", FORM, 1024 * 1024],
    ["/api/events", "text/plain", 1024 * 1024],
    ["/api/events", "application/json", 1024 * 1024],
    ["/search", FORM, 8 * 1024],
    ["/api/events", "text/plain", 8 * 1024],
  ])("POST %s (%s, %d bytes), then another request on the same connection", async (path, type, size) => {
    const { first, second } = await keepAliveRoundTrip("POST", path, { "content-type": type }, size);
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    expect(second.status).toBe(200);
    expect(second.ms).toBeLessThan(2000);
  });

  it("a GET with a large body, then another request on the same connection", async () => {
    const { first, second } = await keepAliveRoundTrip("GET", "/faq", {}, 1024 * 1024);
    expect(first.status).toBe(200);
    expect(second.ms).toBeLessThan(2000);
  });
});

/** Streams a body of `total` bytes (declared, or chunked when `declare` is false) and stops once the answer arrives. */
function streamUntilAnswered(path: string, type: string, total: number, declare: boolean) {
  return new Promise<{ status: number; sent: number; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const headers: Record<string, string> = { origin: app.origin, "content-type": type };
    if (declare) headers["content-length"] = String(total);
    const req = http.request(app.url(path), { method: "POST", headers });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "a");
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, sent, ms: Date.now() - started }));
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
    setTimeout(() => reject(new Error("no answer")), 10_000).unref();
  });
}

describe("body size limits", () => {
  it("a 100 MB urlencoded POST /login is a 413 long before it is sent", async () => {
    const r = await streamUntilAnswered("/login", FORM, 100 * 1024 * 1024, true);
    expect(r.status).toBe(413);
    expect(r.sent).toBeLessThan(20 * 1024 * 1024);
    expect(r.ms).toBeLessThan(3000);
  });

  it("a chunked body (no Content-Length) is counted while it streams", async () => {
    const r = await streamUntilAnswered("/login", FORM, 100 * 1024 * 1024, false);
    expect(r.status).toBe(413);
    expect(r.sent).toBeLessThan(20 * 1024 * 1024);
  });

  it("forms and Better Auth get 16 KB, JSON APIs 64 KB", async () => {
    const big = (n: number) => "a".repeat(n);
    expect((await post("/login", form({ email: big(17 * 1024) }), FORM)).status).toBe(413);
    expect((await post("/login", form({ email: big(15 * 1024), password: "x" }), FORM)).status).toBe(400);
    expect(
      (await post("/api/auth/update-user", JSON.stringify({ name: big(5 * 1024 * 1024) }), "application/json", { cookie: account.cookie }))
        .status,
    ).toBe(413);
    expect(
      (await post("/api/auth/update-user", JSON.stringify({ name: big(17 * 1024) }), "application/json", { cookie: account.cookie }))
        .status,
    ).toBe(413);
    expect((await post("/api/events", JSON.stringify({ pad: big(65 * 1024) }), "application/json")).status).toBe(413);
    // Under the edge limit, the route's own (1 KB) limit answers.
    expect((await post("/api/events", JSON.stringify({ pad: big(30 * 1024) }), "application/json")).status).toBe(413);
  });

  it("a review of 10,000 characters gets through the edge in any script; a larger body does not", async () => {
    // The review text may hold 10,000 characters; urlencoded, one CJK character is 9 bytes (a 16 KB form limit
    // turned a review of ~1,800 of them away with a plain-text 413).
    const fields = (text: string) => form({ rating: "8", recommended: "yes", finished: "yes", platform: "PC", text });
    for (const text of ["日本語のレビュー".repeat(1250), "\u{1F3AE}".repeat(5000), "é, ".repeat(3333)]) {
      expect(text.length).toBeLessThanOrEqual(10_000);
      for (const path of ["/review/1", "/review/1.data"]) {
        const res = await post(path, fields(text), FORM);
        // Past the edge: the action answers (a visitor is told to sign in).
        expect(res.status, `${path} ${text.slice(0, 4)}…`).toBe(401);
      }
    }
    expect((await post("/review/1", fields("日".repeat(20_000)), FORM)).status).toBe(413);
    // Other forms keep the 16 KB limit.
    expect((await post("/settings/profile", form({ bio: "日".repeat(2000) }), FORM)).status).toBe(413);
  });

  it("an avatar upload gets the 5 MB image limit (plus its form fields), not the 16 KB of a form, and no more", async () => {
    const boundary = "edgeavatarboundary";
    const upload = (bytes: number) => {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 1), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    };
    const send = (bytes: number) =>
      fetch(app.url("/settings/avatar"), {
        method: "POST",
        headers: {
          origin: app.origin,
          "x-forwarded-for": nextForwardedIp(),
          cookie: account.cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: upload(bytes),
        redirect: "manual",
      });
    // 6 MB: refused at the edge before the route reads it.
    expect((await send(6 * 1024 * 1024)).status).toBe(413);
    // 1 MB of bytes that are no image: past the edge, the route's own check answers (a 4xx, not 413).
    const small = await send(1024 * 1024);
    expect(small.status).toBeGreaterThanOrEqual(200);
    expect(small.status).toBeLessThan(500);
    expect(small.status).not.toBe(413);
    // Streamed without a length, the count stops it too.
    const streamed = await streamUntilAnswered("/settings/avatar", `multipart/form-data; boundary=${boundary}`, 50 * 1024 * 1024, false);
    expect(streamed.status).toBe(413);
    expect(streamed.sent).toBeLessThan(20 * 1024 * 1024);
  });
});

describe("a profile whose data cannot be read", () => {
  it("is the notice 'Failed to load user data' with a refresh home, and its .data twin the error that shows it", async () => {
    const u = await createUser();
    // One table the profile header counts from is out of reach: the header's read fails for real.
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await getDb().execute(sql`alter table user_wishlist rename to user_wishlist_away`);
    try {
      const page = await fetch(app.url(`/user/${u.id}`), { headers: { "x-forwarded-for": nextForwardedIp() } });
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toMatch(/<div role="alert"><h1[^>]*>Failed to load user data<\/h1><\/div>/);
      // Without JavaScript the browser goes home after 2 seconds; with it, the notice does.
      expect(html).toMatch(/<meta http-equiv="refresh" content="2;url=\/"\/?>/);
      expect(html).toContain("<title>Failed to load user data");

      // What a client-side navigation receives: the profile route's result is a (sanitized) error.
      const data = await fetch(app.url(`/user/${u.id}.data?tab=top10`), { headers: { "x-forwarded-for": nextForwardedIp() } });
      expect(data.status).toBe(500);
      const values = JSON.parse((await data.text()).split("\n")[0]!) as unknown[];
      const top = values[0] as Record<string, number>;
      const key = Object.keys(top).find((k) => values[Number(k.slice(1))] === "routes/user")!;
      const result = values[top[key]!] as Record<string, number>;
      const [resultKey] = Object.keys(result);
      expect(values[Number(resultKey!.slice(1))]).toBe("error");
      const error = values[result[resultKey!]!] as unknown[];
      expect(error[0]).toBe("SanitizedError");
      expect(values[error[2] as number]).toBe("Unexpected Server Error");
    } finally {
      await getDb().execute(sql`alter table user_wishlist_away rename to user_wishlist`);
      logged.mockRestore();
    }
  });
});

describe("changes per member are limited (WRITE_RATE_LIMIT)", () => {
  // Without a limit one account could post comments without end, and every change empties the anonymous
  // page cache: one member toggling a like in a loop kept every visitor's page rendering afresh.
  it("past the limit a member's changes are refused (429) for the rest of the minute; refusals, visitors and other members do not count", async () => {
    const saved = getConfig();
    setConfig({ ...saved, writeRateLimit: 3 });
    try {
      const [author, g] = [await createUser(), await createGame()];
      const review = await createRating({ userId: author.id, gameId: g.id, rating: 8, review: "Mine." });
      const spammer = await signedInAccount(app.url(""));
      const say = (cookie: string | undefined, content: string, extra: Record<string, string> = { format: "json" }) =>
        post("/api/comments", form({ intent: "create", reviewId: String(review.id), content, ...extra }), FORM, cookie ? { cookie } : {});

      // Refused posts (a blank comment) change nothing and use none of the allowance.
      for (let i = 0; i < 5; i++) expect((await say(spammer.cookie, " ")).status).toBe(400);
      for (let i = 0; i < 3; i++) expect((await say(spammer.cookie, `comment ${i}`)).status).toBe(200);

      const refused = await say(spammer.cookie, "one too many");
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({ ok: false, error: WRITE_LIMIT_MESSAGE });
      // Any change counts: a like, a page form without JavaScript (a text answer), the .data twin of a page.
      const like = await post(`/api/reviews/${review.id}/like`, form({ format: "json" }), FORM, { cookie: spammer.cookie });
      expect(like.status).toBe(429);
      const plain = await post(
        "/api/comments",
        form({ intent: "create", reviewId: String(review.id), content: "no js", redirectTo: "/" }),
        FORM,
        {
          cookie: spammer.cookie,
          accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        },
      );
      expect(plain.status).toBe(429);
      expect(await plain.text()).toBe(WRITE_LIMIT_MESSAGE);
      const profile = await post("/settings/profile.data", form({ username: "x" }), FORM, { cookie: spammer.cookie });
      expect(profile.status).toBe(429);
      const stored = await db.handle().db.select({ id: comment.id }).from(comment).where(eq(comment.ratingId, review.id));
      expect(stored).toHaveLength(3);

      // Signing out is always possible (it ends the member's own session and changes nothing shared).
      const out = await post("/logout", "", FORM, { cookie: spammer.cookie });
      expect(out.status).toBe(302);
      expect(setCookies(out).some((c) => /session_token=;/.test(c))).toBe(true);

      // Another member and a visitor are not held back by it.
      const other = await signedInAccount(app.url(""));
      expect((await say(other.cookie, "hello")).status).toBe(200);
      expect((await say(undefined, "hello")).status).toBe(401);
    } finally {
      setConfig(saved);
    }
  });
});

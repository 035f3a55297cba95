import { beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "../../app/auth/auth.server";
import { useTestDatabase } from "../setup/database";
import { useRealApp } from "../support/real-app";
import { dataPathFor, pathFor, routeTable } from "../support/route-table";
import { nextForwardedIp, signedInAccount, staysOnSite } from "./support";

/**
 * Walks the route table (app/routes.ts, and Better Auth's endpoints behind /api/auth/*) and sends
 * every route malformed requests: wrong content types, broken JSON and multipart, NUL bytes,
 * oversize bodies, huge numbers, odd parameters, `.data` URLs, PUT/PATCH/DELETE. A route added
 * later is walked too. Every answer must be below 500, arrive promptly, and never redirect off
 * the site, nor say "Unexpected Server Error".
 */

useTestDatabase();
const app = useRealApp();
let cookie = "";

beforeAll(async () => {
  cookie = (await signedInAccount(app.url(""))).cookie;
}, 300_000);

interface Probe {
  label: string;
  method: string;
  path: string;
  type?: string;
  body?: string;
}

const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";
const PROMPT_MS = 5000;

const PARAM_VALUES = [
  "-1",
  "0",
  "99999999999999999999999",
  "1e309",
  "NaN",
  "\u{1F3AE}",
  "../..",
  "a".repeat(1000),
  "%",
  "null",
  "__proto__",
];
const HUGE_QUERY = "?page=1e309&limit=-1&offset=99999999999999999999&id=NaN&gameId=-0&rating=Infinity&sort=%FF%FE&year=99999&q=%F0%9F";

const POST_BODIES: Omit<Probe, "method" | "path">[] = [
  { label: "broken JSON", type: JSON_TYPE, body: "{" },
  { label: "JSON null", type: JSON_TYPE, body: "null" },
  { label: "JSON array", type: JSON_TYPE, body: "[1,2]" },
  { label: "JSON huge numbers", type: JSON_TYPE, body: '{"id":1e999,"gameId":-99999999999999999999,"page":"NaN","rating":1e-400}' },
  { label: "JSON wrong types", type: JSON_TYPE, body: '{"email":[],"password":{},"token":1,"name":null,"username":true,"intent":[]}' },
  { label: "JSON NUL", type: JSON_TYPE, body: '{"q":"a\\u0000b","email":"\\u0000"}' },
  { label: "JSON lone surrogate", type: JSON_TYPE, body: '{"name":"\\ud800"}' },
  { label: "JSON deep", type: JSON_TYPE, body: `{"a":${"[".repeat(500)}${"]".repeat(500)}}` },
  { label: "JSON redirect params", type: JSON_TYPE, body: '{"callbackURL":"/.//evil.example","redirectTo":"//evil.example"}' },
  { label: "text/plain", type: "text/plain", body: "email=a@b.c" },
  { label: "XML", type: "application/xml", body: "<a><b>1</b></a>" },
  { label: "no content type", body: "x=1" },
  { label: "no body" },
  { label: "broken multipart", type: "multipart/form-data; boundary=zz", body: "--zz\r\nContent-Disposition: form-data; name=a\r\n\r\nx" },
  { label: "form NUL", type: FORM_TYPE, body: "email=a%00b&q=%00" },
  { label: "form invalid UTF-8", type: FORM_TYPE, body: "email=%FF%FE&q=%C0%AF" },
  {
    label: "form odd fields",
    type: FORM_TYPE,
    body: new URLSearchParams({
      intent: "\u{1F3AE}",
      email: "x",
      password: "",
      token: "a".repeat(5000),
      gameId: "1e309",
      rating: "NaN",
      level: "-1",
      redirectTo: "/.//evil.example",
      _modal: "1",
    }).toString(),
  },
  { label: "form oversize", type: FORM_TYPE, body: `q=${"a".repeat(20 * 1024)}` },
  { label: "JSON oversize", type: JSON_TYPE, body: JSON.stringify({ q: "a".repeat(70 * 1024) }) },
];

// The `.data` twin of a page gets the bodies React Router's client could plausibly be sent.
const DATA_BODIES = new Set(["broken JSON", "JSON null", "text/plain", "form odd fields"]);
// Signed in: the page and its data, and the bodies that reach the action.
const SIGNED_IN_BODIES = new Set(["JSON wrong types", "form odd fields", "no body"]);
// Better Auth's endpoints parse JSON themselves: the bodies that reach them past the edge, and two the edge refuses.
const AUTH_BODIES = new Set(["JSON huge numbers", "JSON wrong types", "JSON redirect params", "form odd fields", "JSON null", "no body"]);

function pagesProbes(path: string): Probe[] {
  const probes: Probe[] = [
    { label: "GET", method: "GET", path },
    { label: "GET .data", method: "GET", path: dataPathFor(path) },
    { label: "HEAD", method: "HEAD", path },
    { label: "NUL in query", method: "GET", path: `${path}?q=%00` },
    { label: "NUL in path", method: "GET", path: `${path}%00` },
    { label: "huge numbers in query", method: "GET", path: path + HUGE_QUERY },
    { label: "huge numbers in .data query", method: "GET", path: dataPathFor(path) + HUGE_QUERY },
    { label: "long query", method: "GET", path: `${path}?q=${"a".repeat(8000)}` },
    { label: "redirect params", method: "GET", path: `${path}?redirectTo=%2F%09%2Fevil&callbackURL=%2F.%2F%2Fevil&token=%2F%2Fevil` },
    ...["PUT", "PATCH", "DELETE"].map((method) => ({ label: method, method, path })),
  ];
  for (const b of POST_BODIES) {
    probes.push({ ...b, label: `POST ${b.label}`, method: "POST", path });
    if (DATA_BODIES.has(b.label)) probes.push({ ...b, label: `POST .data ${b.label}`, method: "POST", path: dataPathFor(path) });
  }
  return probes;
}

function signedInProbes(path: string): Probe[] {
  return [
    { label: "GET", method: "GET", path },
    { label: "GET .data", method: "GET", path: dataPathFor(path) },
    ...POST_BODIES.filter((b) => SIGNED_IN_BODIES.has(b.label)).map((b) => ({ ...b, label: `POST ${b.label}`, method: "POST", path })),
  ];
}

async function send(p: Probe, withCookie: boolean): Promise<string | null> {
  const headers: Record<string, string> = { origin: app.origin, "x-forwarded-for": nextForwardedIp() };
  if (p.type) headers["content-type"] = p.type;
  if (withCookie) headers.cookie = cookie;
  const started = Date.now();
  let res: Response;
  let body: string;
  try {
    res = await fetch(app.url(p.path), {
      method: p.method,
      headers,
      body: p.body,
      redirect: "manual",
      signal: AbortSignal.timeout(PROMPT_MS * 2),
    });
    body = await res.text();
  } catch (err) {
    return `${p.method} ${p.path.slice(0, 80)} (${p.label}): ${(err as Error).message}`;
  }
  const ms = Date.now() - started;
  const where = `${p.method} ${p.path.slice(0, 80)} (${p.label})`;
  if (res.status >= 500) return `${where} → ${res.status}`;
  // React Router's words for an error nobody handled (a POST to a route without an action was one).
  const unhandled = /Unexpected Server Error|did not provide an `action`/.exec(body);
  if (unhandled) return `${where} → ${res.status} "${unhandled[0]}"`;
  if (ms > PROMPT_MS) return `${where} → took ${ms} ms`;
  if (!staysOnSite(res.headers.get("location"), app.origin)) return `${where} → Location ${res.headers.get("location")}`;
  return null;
}

/** Sends the probes a few at a time (a browser's worth of parallel requests); returns what went wrong. */
async function walk(probes: Probe[], withCookie: boolean): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...probes];
  const worker = async () => {
    for (let p = queue.shift(); p; p = queue.shift()) {
      const failure = await send(p, withCookie);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return failures;
}

const table = await routeTable();
const pages = table.filter((r) => !r.pattern.startsWith("/api/auth/"));

describe("every route answers malformed requests with a 4xx, promptly", () => {
  it("the route table is walked (and has the routes it should)", () => {
    const patterns = table.map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/", "/login", "/game/:identifier", "/api/auth/*", "/api/events", "/*"]));
  });

  it.each(pages.map((r) => [r.pattern]))("%s", { timeout: 120_000 }, async (pattern) => {
    const base = pathFor(pattern);
    const probes = pagesProbes(base);
    if (pattern.includes(":") || pattern.endsWith("*")) {
      for (const v of PARAM_VALUES) {
        probes.push({ label: `param ${v.slice(0, 20)}`, method: "GET", path: pathFor(pattern, v) });
        probes.push({ label: `param ${v.slice(0, 20)} .data`, method: "GET", path: dataPathFor(pathFor(pattern, v)) });
      }
    }
    const failures = await walk(probes, false);
    // Signed in too (loaders and actions often branch on the session); signing out would end the walk's session.
    if (pattern !== "/logout") failures.push(...(await walk(signedInProbes(base), true)));
    expect(failures).toEqual([]);
  });

  it("Better Auth's endpoints (/api/auth/*)", { timeout: 120_000 }, async () => {
    const endpoints = new Set<string>();
    for (const endpoint of Object.values(getAuth().api) as { path?: unknown }[]) {
      if (typeof endpoint.path === "string" && endpoint.path.startsWith("/")) endpoints.add(endpoint.path.replace(/:[A-Za-z]+/g, "fuzz"));
    }
    expect(endpoints.size).toBeGreaterThan(20);
    const probes: Probe[] = [];
    for (const ep of endpoints) {
      const path = `/api/auth${ep}`;
      probes.push(
        { label: "GET", method: "GET", path },
        { label: "GET odd query", method: "GET", path: `${path}?token=%2F%2Fevil&callbackURL=%2F.%2F%2Fevil&id=1e309` },
      );
      for (const b of POST_BODIES) if (AUTH_BODIES.has(b.label)) probes.push({ ...b, label: `POST ${b.label}`, method: "POST", path });
    }
    expect(await walk(probes, false)).toEqual([]);
  });
});

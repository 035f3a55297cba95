import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import type { RequestHandler } from "express";
import { pino } from "pino";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LogoMark } from "../app/components/layout/logo";
import { createApp } from "./app";
import { CACHE_PREFIX, createServiceWorkerScript, OFFLINE_URL, SHELL_FILES } from "./service-worker";
import { listenLocally } from "../tests/support/listen";

const repoRoot = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(repoRoot, "public");

// ---------------------------------------------------------------------------
// A build on disk: build/client with hashed files, a lazily imported chunk
// that only exists as a file, and the real public/ shell files.
// ---------------------------------------------------------------------------

const ENTRY = "/assets/entry.client-AAAA1111.js";
const ROOT_MODULE = "/assets/root-BBBB2222.js";
const ROOT_CSS = "/assets/root-CCCC3333.css";
const SHARED = "/assets/jsx-runtime-DDDD4444.js";
const FAQ_MODULE = "/assets/faq-EEEE5555.js";
const MANIFEST_MODULE = "/assets/manifest-0fc3695d.js";
const LAZY_CHUNK = "/assets/legal-content-FFFF6666.js";
const MISSING = "/assets/gone-GGGG7777.js";

function fakeBuild(version: string, extraRouteModule?: string): ServerBuild {
  const route = (id: string, module: string, extra: Record<string, unknown> = {}) => ({
    id,
    path: id === "root" ? "" : id,
    module,
    imports: [SHARED],
    css: [],
    hasAction: false,
    hasLoader: true,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
    ...extra,
  });
  return {
    publicPath: "/",
    assets: {
      version,
      url: MANIFEST_MODULE,
      entry: { module: ENTRY, imports: [SHARED] },
      routes: {
        root: route("root", ROOT_MODULE, { css: [ROOT_CSS] }),
        "routes/faq": route("faq", FAQ_MODULE, { parentId: "root", imports: [SHARED, MISSING] }),
        ...(extraRouteModule ? { "routes/extra": route("extra", extraRouteModule, { parentId: "root" }) } : {}),
      },
    },
    routes: {},
    entry: { module: {} },
  } as unknown as ServerBuild;
}

function makeClientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-sw-"));
  fs.mkdirSync(path.join(dir, "assets"));
  for (const file of [ENTRY, ROOT_MODULE, ROOT_CSS, SHARED, FAQ_MODULE, MANIFEST_MODULE, LAZY_CHUNK]) {
    fs.writeFileSync(path.join(dir, file), `/* ${file} */`);
  }
  for (const file of SHELL_FILES) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(publicDir, file), path.join(dir, file));
  }
  return dir;
}

const clientDir = makeClientDir();
const build = fakeBuild("0fc3695d");
let server: http.Server;
let base = "";

/** Stands in for React Router: pages and their data requests. Static files and /sw.js fall through. */
const pages: RequestHandler = (req, res, next) => {
  if (req.path === "/sw.js" || req.path.startsWith("/assets/") || path.extname(req.path) === ".png") return next();
  if ((SHELL_FILES as readonly string[]).includes(req.path)) return next();
  if (req.path.endsWith(".data")) return void res.type("text/x-script").send(`data for ${req.path}`);
  if (req.path.startsWith("/api/")) return void res.json({ api: req.path });
  res.setHeader("Cache-Control", "private, no-cache");
  res.type("html").send(`<!doctype html><title>page</title><h1>Page ${req.path}</h1>`);
};

beforeAll(async () => {
  const app = createApp({ build, clientDir, logger: pino({ level: "silent" }), production: true, before: [pages] });
  ({ server, base } = await listenLocally(app));
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  fs.rmSync(clientDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// A minimal service worker host: the generated script runs in a VM context
// with a Cache Storage stand-in and a fetch that reaches the real server above
// (or fails like a browser's when "offline").
// ---------------------------------------------------------------------------

type FakeRequest = { url: string; method: string; mode: string };

class FakeCache {
  readonly entries = new Map<string, Response>();
  constructor(private readonly origin: string) {}
  private urlOf(input: string | FakeRequest): URL {
    return new URL(typeof input === "string" ? input : input.url, this.origin);
  }
  async match(input: string | FakeRequest, opts: { ignoreSearch?: boolean } = {}): Promise<Response | undefined> {
    const wanted = this.urlOf(input);
    for (const [key, response] of this.entries) {
      const url = new URL(key);
      if (url.pathname === wanted.pathname && (opts.ignoreSearch || url.search === wanted.search)) return response.clone();
    }
    return undefined;
  }
  async put(input: string | FakeRequest, response: Response): Promise<void> {
    // Like the real Cache API: store the whole body.
    const body = await response.arrayBuffer();
    this.entries.set(this.urlOf(input).href, new Response(body, { status: response.status, headers: response.headers }));
  }
}

class FakeCacheStorage {
  readonly stores = new Map<string, FakeCache>();
  constructor(private readonly origin: string) {}
  async open(name: string): Promise<FakeCache> {
    let cache = this.stores.get(name);
    if (!cache) this.stores.set(name, (cache = new FakeCache(this.origin)));
    return cache;
  }
  async keys(): Promise<string[]> {
    return [...this.stores.keys()];
  }
  async delete(name: string): Promise<boolean> {
    return this.stores.delete(name);
  }
  async match(input: string | FakeRequest, opts: { cacheName?: string; ignoreSearch?: boolean } = {}): Promise<Response | undefined> {
    for (const [name, cache] of this.stores) {
      if (opts.cacheName && name !== opts.cacheName) continue;
      const hit = await cache.match(input, opts);
      if (hit) return hit;
    }
    return undefined;
  }
}

class WorkerHost {
  readonly caches: FakeCacheStorage;
  readonly fetched: string[] = [];
  online = true;
  claimed = false;
  preloadEnabled = false;
  skippedWaiting = false;
  private readonly listeners = new Map<string, (event: unknown) => void>();

  constructor(source: string, caches?: FakeCacheStorage) {
    this.caches = caches ?? new FakeCacheStorage(base);
    const self = {
      location: new URL(`${base}/sw.js`),
      addEventListener: (type: string, fn: (event: unknown) => void) => this.listeners.set(type, fn),
      skipWaiting: async () => void (this.skippedWaiting = true),
      clients: { claim: async () => void (this.claimed = true) },
      registration: { navigationPreload: { enable: async () => void (this.preloadEnabled = true) } },
    };
    const fetchInWorker = async (input: string | FakeRequest) => {
      const url = new URL(typeof input === "string" ? input : input.url, base);
      this.fetched.push(url.pathname + url.search);
      if (!this.online) throw new TypeError("Failed to fetch");
      // Node's fetch has no HTTP cache: the cache mode and credentials of the worker's request are irrelevant here.
      const response = await fetch(url, { redirect: "manual" });
      Object.defineProperty(response, "type", { value: "basic" });
      return response;
    };
    const context = vm.createContext({ self, caches: this.caches, fetch: fetchInWorker, Request, Response, Headers, URL, console });
    vm.runInContext(source, context, { filename: "sw.js" });
  }

  private async dispatch(type: string, extra: Record<string, unknown> = {}): Promise<Response | undefined> {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | undefined;
    const listener = this.listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({
      ...extra,
      waitUntil: (p: Promise<unknown>) => waits.push(p),
      respondWith: (p: Promise<Response>) => (responded = p),
    });
    const response = await responded;
    await Promise.all(waits);
    return response;
  }

  install = () => this.dispatch("install");
  activate = () => this.dispatch("activate");
  /** A request from a controlled page (a path, or an absolute URL); undefined when the worker leaves it to the network. */
  request = (pathAndQuery: string, mode: "navigate" | "cors" | "same-origin" = "same-origin", method = "GET") =>
    this.dispatch("fetch", {
      request: { url: new URL(pathAndQuery, base).href, method, mode } satisfies FakeRequest,
      preloadResponse: Promise.resolve(undefined),
    });
}

async function getScript(): Promise<string> {
  const res = await fetch(`${base}/sw.js`);
  expect(res.status).toBe(200);
  return res.text();
}

function constant(source: string, name: string): unknown {
  const match = new RegExp(`^const ${name} = ([\\s\\S]*?);$`, "m").exec(source);
  if (!match?.[1]) throw new Error(`${name} not found in sw.js`);
  return JSON.parse(match[1]) as unknown;
}

describe("GET /sw.js", () => {
  it("is served as JavaScript that is revalidated on every update check, allowed at the root scope, under the CSP", async () => {
    const res = await fetch(`${base}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("service-worker-allowed")).toBe("/");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const source = await res.text();
    expect(() => new vm.Script(source, { filename: "sw.js" })).not.toThrow();

    // Same build, same script: the browser's update check (a revalidation, Cache-Control: max-age=0) gets a 304.
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/sw.js`, { headers: { "if-none-match": etag!, "cache-control": "max-age=0" } });
    expect(again.status).toBe(304);
  });

  it("precaches the shell and every hashed file of the current build, with a cache named after the build", async () => {
    const source = await getScript();
    const precache = constant(source, "PRECACHE") as string[];
    expect(precache).toEqual(
      expect.arrayContaining([...SHELL_FILES, ENTRY, ROOT_MODULE, ROOT_CSS, SHARED, FAQ_MODULE, MANIFEST_MODULE, LAZY_CHUNK]),
    );
    expect(precache).toHaveLength(SHELL_FILES.length + 7);
    // In the manifest but not on disk: listing it would fail the whole install.
    expect(precache).not.toContain(MISSING);
    expect(constant(source, "CACHE")).toMatch(new RegExp(`^${CACHE_PREFIX}0fc3695d-[0-9a-f]{12}$`));
    expect(constant(source, "OFFLINE_URL")).toBe(OFFLINE_URL);
  });

  it("gives a new build, or a changed offline page, a new cache name; the same build keeps it", () => {
    const first = createServiceWorkerScript(build, clientDir);
    expect(createServiceWorkerScript(build, clientDir)).toEqual(first);

    fs.writeFileSync(path.join(clientDir, "assets", "extra-HHHH8888.js"), "/* extra */");
    try {
      const next = createServiceWorkerScript(fakeBuild("1a2b3c4d", "/assets/extra-HHHH8888.js"), clientDir);
      expect(next.cacheName).toMatch(/^savepoint-1a2b3c4d-/);
      expect(next.precache).toContain("/assets/extra-HHHH8888.js");
    } finally {
      fs.rmSync(path.join(clientDir, "assets", "extra-HHHH8888.js"));
    }

    const offline = path.join(clientDir, OFFLINE_URL);
    const original = fs.readFileSync(offline);
    fs.writeFileSync(offline, `${original.toString()}<!-- changed -->`);
    try {
      expect(createServiceWorkerScript(build, clientDir).cacheName).not.toBe(first.cacheName);
    } finally {
      fs.writeFileSync(offline, original);
    }
  });

  it("is not served without a production build (development)", async () => {
    const app = createApp({
      build: () => Promise.reject(new Error("no build")) as Promise<ServerBuild>,
      clientDir,
      logger: pino({ level: "silent" }),
      production: false,
    });
    const dev = http.createServer(app);
    await new Promise<void>((r) => dev.listen(0, "127.0.0.1", r));
    try {
      const addr = dev.address();
      const res = await fetch(`http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/sw.js`);
      expect(res.status).not.toBe(200);
    } finally {
      await new Promise<void>((r) => dev.close(() => r()));
    }
  });
});

describe("the service worker", () => {
  it("install precaches everything from the server; activate drops older Savepoint caches only, then claims the pages", async () => {
    const source = await getScript();
    const cacheName = constant(source, "CACHE") as string;
    const caches = new FakeCacheStorage(base);
    await (await caches.open("savepoint-00000000-000000000000")).put("/assets/old-1.js", new Response("old"));
    await (await caches.open("someone-elses-cache")).put("/x", new Response("x"));
    const sw = new WorkerHost(source, caches);

    await sw.install();
    const cache = caches.stores.get(cacheName)!;
    const precache = constant(source, "PRECACHE") as string[];
    expect([...cache.entries.keys()].map((u) => new URL(u).pathname).sort()).toEqual([...precache].sort());
    expect(await (await cache.match(OFFLINE_URL))!.text()).toContain("You're offline");
    expect(await (await cache.match(FAQ_MODULE))!.text()).toBe(`/* ${FAQ_MODULE} */`);
    expect(sw.skippedWaiting).toBe(true);

    await sw.activate();
    expect(await caches.keys()).toEqual(expect.arrayContaining([cacheName, "someone-elses-cache"]));
    expect(await caches.keys()).not.toContain("savepoint-00000000-000000000000");
    expect(sw.preloadEnabled).toBe(true);
    expect(sw.claimed).toBe(true);
  });

  it("takes unchanged hashed files from the previous build's cache instead of downloading them again", async () => {
    const source = await getScript();
    const caches = new FakeCacheStorage(base);
    await (await caches.open("savepoint-previous")).put(FAQ_MODULE, new Response("from the old cache"));
    const sw = new WorkerHost(source, caches);
    await sw.install();
    expect(sw.fetched).not.toContain(FAQ_MODULE);
    expect(sw.fetched).toContain(ENTRY);
    expect(await (await caches.match(FAQ_MODULE, { cacheName: constant(source, "CACHE") as string }))!.text()).toBe("from the old cache");
  });

  it("online: pages come from the network and are never cached; API calls are left alone", async () => {
    const sw = new WorkerHost(await getScript());
    await sw.install();
    await sw.activate();
    const cached = () => [...sw.caches.stores.values()].reduce((n, c) => n + c.entries.size, 0);
    const before = cached();

    const page = await sw.request("/faq", "navigate");
    expect(page?.status).toBe(200);
    expect(await page!.text()).toContain("<h1>Page /faq</h1>");
    const data = await sw.request("/faq.data");
    expect(await data!.text()).toBe("data for /faq.data");
    expect(await sw.request("/api/games/search?q=zelda")).toBeUndefined();
    expect(await sw.request("/api/auth/get-session")).toBeUndefined();
    expect(await sw.request("/faq", "navigate", "POST")).toBeUndefined();
    expect(await sw.request("https://images.igdb.com/igdb/image/upload/t_cover_big/x.jpg", "cors")).toBeUndefined();
    expect(cached()).toBe(before);
  });

  it("serves hashed assets and shell files cache-first, and keeps a hashed file fetched later", async () => {
    const sw = new WorkerHost(await getScript());
    await sw.install();
    await sw.activate();
    sw.online = false;
    const asset = await sw.request(ROOT_MODULE, "cors");
    expect(await asset!.text()).toBe(`/* ${ROOT_MODULE} */`);
    const manifest = await sw.request("/manifest.webmanifest", "cors");
    expect(JSON.parse(await manifest!.text())).toMatchObject({ name: "Savepoint" });

    // A hashed file missing from the precache (e.g. added by a later deploy) is fetched once, then kept.
    sw.online = true;
    fs.writeFileSync(path.join(clientDir, "assets", "late-IIII9999.js"), "late");
    try {
      expect(await (await sw.request("/assets/late-IIII9999.js", "cors"))!.text()).toBe("late");
    } finally {
      fs.rmSync(path.join(clientDir, "assets", "late-IIII9999.js"));
    }
    sw.online = false;
    expect(await (await sw.request("/assets/late-IIII9999.js", "cors"))!.text()).toBe("late");
  });

  it("offline: a navigation gets the offline page; a client-side navigation's data request becomes a document reload", async () => {
    const sw = new WorkerHost(await getScript());
    await sw.install();
    await sw.activate();
    sw.online = false;

    const page = await sw.request("/game/the-witcher-3?tab=reviews", "navigate");
    expect(page?.status).toBe(200);
    const html = await page!.text();
    expect(html).toContain("<h1>You're offline</h1>");
    expect(html).toContain('<button type="button" id="retry">Retry</button>');

    for (const [dataUrl, pageUrl] of [
      ["/faq.data", "/faq"],
      ["/_.data", "/"],
      ["/user/12.data?_routes=routes%2Fuser&tab=top5", "/user/12?tab=top5"],
      ["/lists/_.data", "/lists/"],
    ] as const) {
      const res = await sw.request(dataUrl);
      expect(res?.status, dataUrl).toBe(204);
      expect(res!.headers.get("x-remix-redirect"), dataUrl).toBe(pageUrl);
      expect(res!.headers.get("x-remix-reload-document")).toBe("true");
    }
    // API calls fail as they would without a worker; nothing pretends to answer them.
    expect(await sw.request("/api/games/search.data")).toBeUndefined();
    expect(await sw.request("/api/username-available?username=abc")).toBeUndefined();
  });
});

describe("web manifest and icons", () => {
  /** Width and height from a PNG's IHDR chunk. */
  function pngSize(file: string): { width: number; height: number } {
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }

  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, "manifest.webmanifest"), "utf8")) as {
    name: string;
    short_name: string;
    description: string;
    start_url: string;
    scope: string;
    display: string;
    background_color: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };

  it("names the app, starts at / standalone, in the theme colour #1f2937", () => {
    expect(manifest).toMatchObject({
      name: "Savepoint",
      short_name: "Savepoint",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#1f2937",
      theme_color: "#1f2937",
    });
    expect(manifest.description.length).toBeGreaterThan(10);
  });

  it("lists 192 and 512 PNG icons, a maskable one and the SVG, and every file exists at its size", () => {
    const find = (sizes: string, purpose: string, type = "image/png") =>
      manifest.icons.find((i) => i.sizes === sizes && i.purpose.split(" ").includes(purpose) && i.type === type);
    expect(find("192x192", "any")).toBeDefined();
    expect(find("512x512", "any")).toBeDefined();
    expect(find("512x512", "maskable")).toBeDefined();
    expect(find("any", "any", "image/svg+xml")).toBeDefined();
    for (const icon of manifest.icons) {
      const file = path.join(publicDir, icon.src);
      expect(fs.existsSync(file), icon.src).toBe(true);
      if (icon.type === "image/png") {
        const [width, height] = icon.sizes.split("x").map(Number);
        expect(pngSize(file), icon.src).toEqual({ width, height });
      }
    }
    expect(pngSize(path.join(publicDir, "apple-touch-icon.png"))).toEqual({ width: 180, height: 180 });
  });

  it("the SVG icon is the logo the header shows (scripts/make-icons.ts)", () => {
    const logo = renderToStaticMarkup(createElement(LogoMark, { className: "" }))
      .replace(/ class="[^"]*"| aria-hidden="true"| focusable="false"/g, "")
      .replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ');
    expect(fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8").trim()).toBe(logo);
  });

  it("every precached shell file exists in public/", () => {
    for (const file of SHELL_FILES) expect(fs.existsSync(path.join(publicDir, file)), file).toBe(true);
  });

  it("the manifest is served as application/manifest+json", async () => {
    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(await res.json()).toMatchObject({ name: "Savepoint" });
  });
});

import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../tests/setup/database";
import { createApp } from "./app";
import { listenLocally } from "../tests/support/listen";

const db = useTestDatabase();
let server: http.Server;
let base = "";
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-client-"));

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "console.log('hi')".repeat(200));
  const app = createApp({
    build: () => Promise.reject(new Error("no server build in this test")) as Promise<ServerBuild>,
    clientDir,
    logger: pino({ level: "silent" }),
    production: true,
  });
  ({ server, base } = await listenLocally(app));
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("HTTP layer", () => {
  it("GET /healthz answers 200 with the database kind", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: db.kind });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the security headers", async () => {
    const res = await fetch(`${base}/healthz`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://images.igdb.com");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("serves hashed assets immutable for a year, compressed", async () => {
    const res = await fetch(`${base}/assets/entry-abc123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const missing = await fetch(`${base}/assets/nope.js`);
    expect(missing.status).toBe(404);
  });

  it("serves text assets Brotli-compressed ahead of time to clients that accept br, gzip to the others", async () => {
    const file = fs.readFileSync(path.join(clientDir, "assets", "entry-abc123.js"));
    let res = await fetch(`${base}/assets/entry-abc123.js`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    // Compression runs in the background at start-up: the first answers may still be gzip.
    for (let i = 0; i < 50 && res.headers.get("content-encoding") !== "br"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${base}/assets/entry-abc123.js`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);

    const br = await new Promise<{ encoding?: string; length: number }>((resolve, reject) => {
      http
        .get(`${base}/assets/entry-abc123.js`, { headers: { "accept-encoding": "br" } }, (r) => {
          let length = 0;
          r.on("data", (chunk: Buffer) => (length += chunk.length));
          r.on("end", () => resolve({ encoding: r.headers["content-encoding"], length }));
        })
        .on("error", reject);
    });
    expect(br.encoding).toBe("br");
    expect(br.length).toBeLessThan(file.length / 10);

    const refused = await fetch(`${base}/assets/entry-abc123.js`, { headers: { "accept-encoding": "gzip, br;q=0" } });
    expect(refused.headers.get("content-encoding")).toBe("gzip");
  });

  it("keeps a given request id and replaces a malformed one", async () => {
    const ok = await fetch(`${base}/healthz`, { headers: { "x-request-id": "abc-12345678" } });
    expect(ok.headers.get("x-request-id")).toBe("abc-12345678");
    const bad = await fetch(`${base}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(bad.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("GET /healthz answers 503 when the database does not answer", async () => {
    await db.handle().close();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable" });
  });
});

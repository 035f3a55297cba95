import { Writable } from "node:stream";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { APP_URL, nextIp, useAuthConfig } from "../../tests/support/auth";
import type { Config } from "~/config.server";
import { betterAuthLog } from "./auth-log.server";
import { createAuth } from "./auth.server";

/**
 * What /api/auth/* logs for a caller's mistake: nothing at error level. Anyone can send a bad
 * request; an error line for each would flood the log operators watch for real failures.
 */

const db = useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

type LogLine = { level: number; msg: string; source?: string; err?: { message?: string; stack?: string } };

function capturingAuth() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const auth = createAuth({ config, db: db.handle().db, logger: pino({ level: "info" }, stream) });
  return { auth, lines };
}

describe("Better Auth answers a caller's mistake without an error log line", () => {
  it("a form posted to an endpoint that takes JSON only (415), XML (415), broken JSON (400)", async () => {
    const { auth, lines } = capturingAuth();
    const send = (endpoint: string, type: string, body: string) =>
      auth.handler(
        new Request(`${APP_URL}/api/auth/${endpoint}`, {
          method: "POST",
          headers: { origin: APP_URL, "content-type": type, "x-savepoint-client-ip": nextIp() },
          body,
        }),
      );
    for (const endpoint of ["request-password-reset", "reset-password", "sign-in/social", "is-username-available"])
      expect((await send(endpoint, "application/x-www-form-urlencoded", "email=a%40b.c")).status, endpoint).toBe(415);
    expect((await send("sign-up/email", "application/xml", "<a/>")).status).toBe(415);
    expect((await send("sign-up/email", "application/json", "{")).status).toBe(400);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe("Better Auth's own log lines follow the answer's status", () => {
  const post = (auth: ReturnType<typeof capturingAuth>["auth"], path: string, body: unknown, origin = APP_URL) =>
    auth.handler(
      new Request(`${APP_URL}/api/auth${path}`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", "x-savepoint-client-ip": nextIp() },
        body: JSON.stringify(body),
      }),
    );

  it("a foreign origin, a foreign callbackURL, an unknown provider, a forged OAuth state, a wrong password: warn or info, no stack", async () => {
    const { auth, lines } = capturingAuth();
    const login = { email: "nobody-here@example.test", password: "Wr0ng!pass" };
    expect((await post(auth, "/sign-in/email", login, "https://evil.example")).status).toBe(403);
    expect((await post(auth, "/sign-in/email", { ...login, callbackURL: "https://evil.example/x" })).status).toBe(403);
    expect((await post(auth, "/sign-in/social", { provider: "nope" })).status).toBe(404);
    const state = await auth.handler(
      new Request(`${APP_URL}/api/auth/callback/github?state=forged&code=x`, { headers: { "x-savepoint-client-ip": nextIp() } }),
    );
    expect(state.status).toBe(302);
    expect((await post(auth, "/sign-in/email", login)).status).toBe(401);

    const better = lines.filter((l) => l.source === "better-auth");
    // Better Auth wrote these at error level (and the wrong password at warn) before.
    expect(better.map((l) => l.msg)).toEqual(
      expect.arrayContaining([
        "Invalid origin: https://evil.example",
        "Invalid callbackURL: https://evil.example/x",
        "Failed to parse state",
      ]),
    );
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => l.err !== undefined)).toEqual([]);
    expect(better.find((l) => l.msg === "User not found")?.level).toBe(30);
  });

  it("a real fault stays at error level with the error's stack: a 5xx answer, a thrown error, a line outside any request", async () => {
    const lines: LogLine[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const { logger, during } = betterAuthLog(pino({ level: "info" }, stream));
    const fault = new Error("database unavailable");
    await during(async () => {
      logger.log("error", "INTERNAL_SERVER_ERROR", fault);
      return new Response(null, { status: 500 });
    });
    await expect(
      during(() => {
        logger.log("error", "Failed to create session", fault);
        throw fault;
      }),
    ).rejects.toBe(fault);
    logger.log("error", "Error pruning rate limit rows", fault);
    // The same line during a refused request: one level lower, no error object.
    await during(async () => {
      logger.log("error", "Invalid origin: https://evil.example", fault);
      return new Response(null, { status: 403 });
    });
    expect(lines.map((l) => [l.level, l.msg, l.err?.message ?? null, (l.err?.stack ?? "").includes("auth-errors.test.ts")])).toEqual([
      [50, "INTERNAL_SERVER_ERROR", "database unavailable", true],
      [50, "Failed to create session", "database unavailable", true],
      [50, "Error pruning rate limit rows", "database unavailable", true],
      [40, "Invalid origin: https://evil.example", null, false],
    ]);
  });
});

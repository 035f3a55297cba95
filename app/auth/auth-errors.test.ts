import { Writable } from "node:stream";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { APP_URL, nextIp, useAuthConfig } from "../../tests/support/auth";
import type { Config } from "~/config.server";
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

function capturingAuth() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
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

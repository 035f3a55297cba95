import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "sp-config-"));

describe("config", () => {
  it("has safe defaults for the embedded mode", () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve(dir));
    expect(c.igdb).toBeNull();
    expect(c.igdbApiUrl).toBe("https://api.igdb.com/v4");
    expect(c.twitchTokenUrl).toBe("https://id.twitch.tv/oauth2/token");
  });

  it("server processes: 1 on the embedded database, one per core (at most 8) on PostgreSQL, WEB_CONCURRENCY decides", () => {
    const dir = tmp();
    const pgUrl = "postgres://u@localhost:5432/sp";
    expect(loadConfig({ DATA_DIR: dir }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pgUrl }).webConcurrency).toBe(Math.min(os.availableParallelism(), 8));
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: pgUrl, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: expected 1 with the embedded database \(one process opens it\); several server processes need PostgreSQL \(set DATABASE_URL\) \(got "2"\)/,
    );
    for (const bad of ["0", "65", "1.5", "many"])
      expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: pgUrl, WEB_CONCURRENCY: bad })).toThrow(
        "WEB_CONCURRENCY: expected a number of server processes between 1 and 64",
      );
  });

  it("changes per member and minute: 60 unless WRITE_RATE_LIMIT says otherwise (0 turns the limit off)", () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).writeRateLimit).toBe(60);
    expect(loadConfig({ DATA_DIR: dir, WRITE_RATE_LIMIT: "0" }).writeRateLimit).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, WRITE_RATE_LIMIT: "200" }).writeRateLimit).toBe(200);
    for (const bad of ["-1", "1.5", "10001", "lots"])
      expect(() => loadConfig({ DATA_DIR: dir, WRITE_RATE_LIMIT: bad })).toThrow(
        "WRITE_RATE_LIMIT: expected a number of changes per minute between 0 and 10000 (0 turns the limit off)",
      );
  });

  it("generates BETTER_AUTH_SECRET once and keeps it in DATA_DIR", () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir }).authSecret;
    const b = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toBe(a);
    expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(a);
    expect(loadConfig({ DATA_DIR: dir, BETTER_AUTH_SECRET: "x".repeat(40) }).authSecret).toBe("x".repeat(40));
  });

  it.each([
    ["PORT", "abc", /PORT: expected a port number/],
    ["PORT", "70000", /PORT: expected a port number between 0 and 65535/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: expected a PostgreSQL URL/],
    ["APP_URL", "not a url", /APP_URL: expected an absolute URL/],
    ["SMTP_URL", "http://mail", /SMTP_URL: expected an SMTP URL/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: expected one of fatal, error/],
    ["BETTER_AUTH_SECRET", "short", /BETTER_AUTH_SECRET: expected at least 32 characters/],
  ])("names the variable and what it expects when %s=%s", (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), [name]: value })).toThrow(message);
  });

  it("enables IGDB only with both credentials", () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, IGDB_CLIENT_ID: "id" }).igdb).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dir, IGDB_CLIENT_ID: "id", IGDB_CLIENT_SECRET: "s", IGDB_API_URL: "http://127.0.0.1:9/v4/" }).igdb,
    ).toEqual({
      clientId: "id",
      clientSecret: "s",
      apiUrl: "http://127.0.0.1:9/v4",
      tokenUrl: "https://id.twitch.tv/oauth2/token",
    });
  });
});

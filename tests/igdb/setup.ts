import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { configureIgdbClient, resetIgdbClient, type IgdbClientSettings } from "../../app/modules/catalogue/igdb/igdb.server";
import { loadConfig, setConfig, type Config } from "../../app/config.server";
import { startIgdbStandIn, type IgdbStandIn } from "./stand-in";

/**
 * Fast limits for most tests: the real limiter code with a wider budget (100 per second) and short
 * back-off, so a test does not wait seconds. One test runs the production limits (client.test.ts).
 */
export const FAST_CLIENT: Partial<IgdbClientSettings> = {
  perWindow: 100,
  windowMs: 1000,
  marginMs: 0,
  backoffBaseMs: 20,
  backoffMaxMs: 200,
};

/** A config for tests, with or without IGDB credentials (env from the stand-in). */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-igdb-"));
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    APP_URL: "http://localhost:5199",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
    ...env,
  });
}

/**
 * Starts an IGDB stand-in for the test file and points the app's configuration and IGDB client at
 * it (fresh client state with `settings`). Call after useTestDatabase().
 */
export function useIgdbStandIn(settings: Partial<IgdbClientSettings> = FAST_CLIENT) {
  let standIn: IgdbStandIn | undefined;
  beforeAll(async () => {
    standIn = await startIgdbStandIn();
    setConfig(testConfig(standIn.env()));
    configureIgdbClient(settings);
  });
  afterAll(async () => {
    resetIgdbClient();
    await standIn?.stop().catch(() => undefined);
  });
  return {
    get igdb(): IgdbStandIn {
      if (!standIn) throw new Error("useIgdbStandIn(): the stand-in starts in beforeAll");
      return standIn;
    },
    /** A new client state (empty caches, no held token) with these settings. */
    resetClient(over: Partial<IgdbClientSettings> = {}) {
      configureIgdbClient({ ...settings, ...over });
    },
  };
}

import type http from "node:http";
import path from "node:path";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../server/app";
import fs from "node:fs";
import os from "node:os";
import { loadConfig, setConfig } from "../../app/config.server";
import { listenLocally } from "./listen";

/**
 * The whole app (server/app.ts + every route, compiled by Vite as in development) listening on
 * an ephemeral port, with APP_URL set to that address, for tests that must go through the real
 * HTTP layer. Call after useTestDatabase(). Loading the routes takes ~15 s: keep to a few files.
 *
 *   const app = useRealApp();
 *   const res = await fetch(app.url("/login"), { headers: { origin: app.origin } });
 */
export function useRealApp() {
  let server: http.Server | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  let base = "";

  beforeAll(async () => {
    const vite = await import("vite");
    const root = path.resolve(import.meta.dirname, "..", "..");
    const viteServer = await vite.createServer({
      root,
      configFile: path.join(root, "vite.config.ts"),
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: "custom",
      logLevel: "silent",
    });
    closeVite = () => viteServer.close();
    const build = (await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    const app = createApp({ build, logger: pino({ level: "silent" }), production: true });
    ({ server, base } = await listenLocally(app));
    server.requestTimeout = 30_000;
    // APP_URL is where the server listens, so Origin checks (ours, React Router's, Better Auth's) see one site.
    setConfig(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-http-")),
        APP_URL: base,
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
        LOG_LEVEL: "silent",
      }),
    );
  }, 300_000);

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await closeVite?.();
  });

  return {
    /** The site's origin (APP_URL): send it as Origin so the CSRF checks pass. */
    get origin() {
      return base;
    },
    url: (p: string) => base + p,
    get port() {
      return Number(new URL(base).port);
    },
  };
}

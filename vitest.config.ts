import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests. Kept apart from vite.config.ts so the React
// Router plugin does not run under Vitest.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
    // *.build.test.ts start the production server: they run after the build (vitest.build.config.ts).
    exclude: ["tests/e2e/**", "node_modules/**", "build/**", "**/*.build.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    pool: "forks",
    maxWorkers: 2,
    // A ceiling for a hung test, not a speed check (speed lives in bench/). Machines of this kind differ
    // up to 4× in speed (bench/README.md: a bare http server 15k–70k req/s); the heaviest tests (a
    // 6,000-game bulk load, the relevance floors) took 20–35 s on the slow one under load.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    environment: "node",
  },
});

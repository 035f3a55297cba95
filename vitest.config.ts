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
    testTimeout: 30_000,
    hookTimeout: 120_000,
    environment: "node",
  },
});

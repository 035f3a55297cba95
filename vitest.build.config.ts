import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Tests that start the production server (build/): `npm run test:e2e` runs them after the build.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/**/*.build.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    environment: "node",
  },
});

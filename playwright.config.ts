import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the PRODUCTION build (`npm run test:e2e` builds
 * first). The server runs through tests/e2e/serve.ts on a fresh temporary
 * DATA_DIR, so every run starts from the demo catalogue and nothing else.
 * Chromium is the system one (CHROMIUM_PATH, default /usr/bin/chromium);
 * never `npx playwright install`.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Ceilings for a stuck step, not speed checks: machines of this kind differ up to 4× in speed (bench/README.md).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]] : "list",
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: "node_modules/.bin/tsx tests/e2e/serve.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // First start migrates and seeds the demo catalogue (and rebuilds if build/ is stale).
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { E2E_PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  },
});

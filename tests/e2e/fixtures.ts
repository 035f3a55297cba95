import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

/** The three layouts the design is checked at. */
export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * `consoleErrors`: every console error and uncaught page error seen during the
 * test (CSP violations and hydration mismatches show up here). Opt in by
 * naming the fixture; assert `expect(consoleErrors).toEqual([])`.
 */
/**
 * `presetConsent`: the privacy choice every test's browser starts with, so the consent banner
 * (which appears 1 s after load without a choice) stays out of journeys that are not about it.
 * Both places the app looks are set: the consent cookie (server, no-JS banner) and the local
 * record plus the banner-shown flag (the banner). `test.use({ presetConsent: false })` starts
 * with no choice, as a first visit does.
 */
export type PresetConsent = "none" | "anonymous" | "full" | false;

/**
 * Each test is its own client: the server trusts X-Forwarded-For from loopback (as behind a local
 * proxy), so every request of a test carries an address derived from the test's id. Per-address
 * limits (five sign-ups per 15 minutes) then apply per test, as they would to separate people,
 * instead of one shared 127.0.0.1 running out half-way through the suite.
 */
function clientAddress(testId: string, retry: number): string {
  let hash = 2166136261;
  for (const ch of `${testId}#${retry}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

export const test = base.extend<{ consoleErrors: string[]; presetConsent: PresetConsent }>({
  presetConsent: ["none", { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress(testInfo.testId, testInfo.retry) });
  },
  context: async ({ context, presetConsent, baseURL }, use) => {
    if (presetConsent) {
      await context.addCookies([{ name: "savepoint_consent", value: presetConsent, url: baseURL ?? "http://127.0.0.1" }]);
      await context.addInitScript((level: string) => {
        try {
          if (localStorage.getItem("savepoint-privacy-consent")) return;
          const record = { analyticsOptedIn: level !== "none", trackingLevel: level, timestamp: new Date().toISOString() };
          localStorage.setItem("savepoint-privacy-consent", JSON.stringify(record));
          localStorage.setItem("savepoint-consent-banner-shown", "true");
        } catch {
          // about:blank and other opaque origins have no storage
        }
      }, presetConsent);
    }
    await use(context);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
    });
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
    await use(errors);
  },
});

export { expect };

/** Waits until React has hydrated the document, so clicks run client-side code. */
export async function waitForHydration(page: Page): Promise<void> {
  // React tags every hydrated DOM node with a `__reactFiber$<id>` property.
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
}

/** How far the document is wider than the viewport (> 0: a horizontal scrollbar). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A full-page screenshot into test-results/…/screenshots/{name}.png, attached to the report. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // A full-page screenshot does not scroll, so lazy covers below the fold would stay blank.
  await page.evaluate(() => document.querySelectorAll("img").forEach((img) => (img.loading = "eager")));
  await expect.poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete))).toBe(true);
  const file = path.join(testInfo.project.outputDir, "screenshots", `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

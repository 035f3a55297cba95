import { test as base, expect, type Page } from "@playwright/test";

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
export const test = base.extend<{ consoleErrors: string[] }>({
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

import fs from "node:fs";
import path from "node:path";
import { expect, test, viewports, waitForHydration } from "./fixtures";
import type { Page } from "@playwright/test";

async function screenshot(page: Page, name: string) {
  const file = path.join("test-results", "screenshots", `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

test.describe("what a new user trips over", () => {
  test("the invalid reset-link screen: 'Request Password Reset' fits its button at 1280 px", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await page.goto("/reset-password?token=not-a-real-token");
    const button = page.getByRole("link", { name: "Request Password Reset" });
    await expect(button).toBeVisible();
    const fits = await button.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
    expect(fits).toBe(true);
    await screenshot(page, "reset-link-invalid-desktop");
    // Compared with the stored picture (tests/e2e/ux.spec.ts-snapshots/): the two stacked buttons.
    await expect(button.locator("..")).toHaveScreenshot("reset-link-actions-desktop.png", { maxDiffPixelRatio: 0.01 });
  });

  test("a sign-up field error goes away once the field is edited", async ({ page }) => {
    await page.goto("/signup");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Create Account" }).click();
    const emailError = page.getByText("Please enter a valid email address");
    await expect(emailError).toBeVisible();
    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
    await page.getByLabel("Email").fill("player@example.test");
    await expect(emailError).toHaveCount(0);
    // Errors of fields not touched stay.
    await expect(page.getByText("You must agree to the terms and conditions")).toBeVisible();
  });

  test.describe("client-side navigation", () => {
    // The service worker answers page data (.data) itself once it controls the page, and page.route()
    // does not see a worker's requests; without it the held response below is the page's own.
    test.use({ serviceWorkers: "block" });

    test("'Loading game data...' while the next game loads on a client-side navigation", async ({ page }) => {
      await page.goto("/game/the-witcher-3-wild-hunt");
      await waitForHydration(page);
      // Hold the next game's data a moment so the loading state can be seen.
      await page.route("**/game/*.data*", async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      const card = page.getByTestId("related-card").first();
      await card.scrollIntoViewIfNeeded();
      await card.click();
      await expect(page.getByRole("status").filter({ hasText: "Loading game data..." })).toBeAttached();
      await expect(page.getByText("Loading game data...").last()).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("The Witcher 3: Wild Hunt", { timeout: 10_000 });
    });
  });

  test("a game without ratings shows the empty ratings state", async ({ page }) => {
    // A demo game no journey rates (they rate games with an IGDB id; this one has none).
    await page.goto("/game/lemmings");
    const ratings = page.getByRole("region", { name: "Ratings" });
    await expect(ratings.getByTestId("ratings-empty")).toHaveText("No ratings yet. Rate this game to start its chart.");
    const box = await ratings.boundingBox();
    // Compact: a heading, one line of text and the flat bars, far below the full chart (~400 px).
    expect(box?.height ?? 999).toBeLessThan(240);
    await ratings.screenshot({ path: path.join("test-results", "screenshots", "ratings-empty.png") });
    // Compared with the stored picture: heading, the one line and the flat bars, nothing oversized.
    await expect(ratings).toHaveScreenshot("ratings-empty.png", { maxDiffPixelRatio: 0.01 });
  });

  test("the home page hydrates without a mismatch", async ({ page, consoleErrors }) => {
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(consoleErrors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
  });
});

test.describe("share cards", () => {
  for (const url of ["/", "/search?q=mario", "/faq", "/login", "/game/super-mario-64"]) {
    test(`${url} has og:title, og:description and an og:image that loads`, async ({ page, request }) => {
      await page.goto(url);
      for (const property of ["og:title", "og:description", "og:image"]) {
        await expect(page.locator(`head meta[property="${property}"]`)).toHaveCount(1);
      }
      const image = await page.locator('head meta[property="og:image"]').getAttribute("content");
      expect(image).toMatch(/^https?:\/\//);
      const response = await request.get(image!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^image\//);
    });
  }
});

import fs from "node:fs";
import path from "node:path";
import { expect, test, viewports, waitForHydration } from "./fixtures";

test.describe("home page", () => {
  test("renders the hero, the feature cards and the document metadata", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(/Savepoint$/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1f2937");

    await expect(page.getByRole("heading", { level: 1, name: "Track your games, find the next one." })).toBeVisible();
    await expect(page.getByText("Rate, review, and discover games through the power of social gaming.", { exact: true })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Explore Games" })).toHaveAttribute("href", "/search");
    await expect(main.getByRole("link", { name: "Join Community" })).toBeVisible();

    for (const title of ["Precise Ratings", "Social Discovery", "Personal Stats"]) {
      await expect(main.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
  });

  test("Explore Games leads to /search", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Explore Games" }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test("footer has Contact, FAQ, Terms, Privacy and the games-database credit", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Contact", "/contact"],
      ["FAQ", "/faq"],
      ["Terms", "/terms"],
      ["Privacy", "/privacy"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByRole("link", { name: "IGDB.com" })).toHaveAttribute("href", /igdb\.com/);
    await expect(footer).toContainText("Game data from");
  });

  test("loads without console errors or CSP violations", async ({ page, consoleErrors }) => {
    await page.goto("/", { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(consoleErrors).toEqual([]);
  });

  test("the document carries the security headers", async ({ page }) => {
    const response = await page.goto("/");
    expect(response).not.toBeNull();
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("https://images.igdb.com");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["cache-control"] ?? "").not.toContain("public");
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`screenshot at ${name} width (${viewport.width}px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto("/", { waitUntil: "networkidle" });
      await waitForHydration(page);
      // Nothing may stick out sideways at any width, once what slides in after hydration (the consent
      // banner, toasts) has come to rest: a lasting overflow fails and names the elements that stick out.
      let culprits: string[] = [];
      try {
        await expect
          .poll(
            async () => {
              const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
              culprits =
                overflow > 0
                  ? await page.evaluate(() =>
                      Array.from(document.body.querySelectorAll("*"))
                        .filter((el) => el.getBoundingClientRect().right > window.innerWidth)
                        .slice(-4)
                        .map(
                          (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} (${el.getBoundingClientRect().right})`,
                        ),
                    )
                  : [];
              return overflow;
            },
            { timeout: 3000 },
          )
          .toBeLessThanOrEqual(0);
      } catch (error) {
        throw new Error(`horizontal overflow at ${viewport.width}px: ${culprits.join(" | ")}`, { cause: error });
      }
      const file = path.join("test-results", "screenshots", `home-${name}.png`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`home-${name}`, { path: file, contentType: "image/png" });
    });
  }
});

test.describe("not found", () => {
  test("an unknown path renders Page Not Found with the path and a 404 status", async ({ page }) => {
    const response = await page.goto("/no/such/page-42");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("/no/such/page-42");
    await expect(page).toHaveTitle(/Savepoint$/);
  });

  test("a client-side navigation to an unknown path renders Page Not Found too", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // Every link of the app leads somewhere real: navigate the hydrated router itself to an unknown path.
    await page.evaluate(() =>
      (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(
        "/no-such-members",
      ),
    );
    await expect(page).toHaveURL(/\/no-such-members$/);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("/no-such-members");
    await expect(page.getByRole("main")).not.toContainText("/no-such-members.data");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: viewports.phone });

  test("the hamburger opens the side panel with Sign In and Sign Up; Escape closes it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const trigger = page.getByRole("button", { name: "Open menu" });
    await expect(trigger).toBeVisible();
    await trigger.click();

    const panel = page.getByRole("dialog");
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(panel.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the desktop navigation is hidden on a phone and the hamburger on a desktop", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.setViewportSize(viewports.desktop);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test.describe("keyboard and navigation", () => {
  test("Tab reaches the skip link first and it becomes visible", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#main");
  });

  test("every navigation scrolls to the top", async ({ page }) => {
    // A short window so that even the 404 page scrolls.
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/");
    await waitForHydration(page);

    // Home (long) → bottom → footer link to another page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    // That page scrolled down → the sticky header's logo → home starts at the top, not where we were.
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(scrollable).toBeGreaterThan(100);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("link", { name: "Savepoint home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Track your games, find the next one." })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

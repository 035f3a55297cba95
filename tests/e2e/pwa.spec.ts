import type { Page } from "@playwright/test";
import { expect, test, viewports, waitForHydration } from "./fixtures";

/** Resolves once a service worker controls the page (the first one claims it after activating). */
async function waitForController(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
  });
}

/** A marker on `window`: gone after the document reloads. */
const mark = (page: Page, name: string) => page.evaluate((n) => void ((window as unknown as Record<string, unknown>)[n] = true), name);
const hasMark = (page: Page, name: string) => page.evaluate((n) => (window as unknown as Record<string, unknown>)[n] === true, name);

/** The hashed files this document has loaded so far (scripts, modules, stylesheets, lazy chunks). */
const loadedAssets = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/assets/")),
  );

/** The hashed files a server-rendered page references (module preloads, stylesheets). */
// React Router marks a stylesheet that code loaded later also imports with a trailing '#' (so it is not
// linked twice); the fragment never reaches the server or the worker, which see the path.
const referencedAssets = (html: string) => [...html.matchAll(/(?:href|src)="(\/assets\/[^"#]+)#?"/g)].map((m) => m[1]!);

const offlineHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "You're offline" });

test.describe("PWA", () => {
  test("the web manifest is linked and fetches, with its icons and the Apple touch icon", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1f2937");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");

    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as { icons: { src: string; type: string; purpose: string }[] };
    expect(manifest).toMatchObject({
      name: "Savepoint",
      short_name: "Savepoint",
      start_url: "/",
      display: "standalone",
      theme_color: "#1f2937",
      background_color: "#1f2937",
    });
    expect(manifest.icons.map((i) => i.purpose)).toContain("maskable");
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"], icon.src).toMatch(new RegExp(`^${icon.type.replace("+", "\\+")}`));
    }

    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
    const touch = await request.get("/apple-touch-icon.png");
    expect(touch.status()).toBe(200);
    expect(touch.headers()["content-type"]).toBe("image/png");
  });

  test("/sw.js is served for the root scope, never from a cache, and precaches this build's files", async ({ request }) => {
    const assets = referencedAssets(await (await request.get("/")).text());
    expect(assets.length).toBeGreaterThan(3);

    const res = await request.get("/sw.js");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers()["cache-control"]).toBe("no-cache");
    expect(res.headers()["service-worker-allowed"]).toBe("/");
    const source = await res.text();
    for (const asset of assets) expect(source, asset).toContain(JSON.stringify(asset));
    expect(source).toContain('"/offline.html"');
  });

  test("the service worker controls the page; with the network gone, navigations show the offline page", async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await mark(page, "firstLoad");
    await waitForController(page);
    // The first install claims the page without reloading it: reload only when a controller is replaced.
    expect(await hasMark(page, "firstLoad")).toBe(true);

    // One Savepoint cache, holding the offline page and every file this page loaded.
    const assets = await loadedAssets(page);
    expect(assets.length).toBeGreaterThan(3);
    const cached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith("savepoint-"));
      const cache = await caches.open(names[0]!);
      return { names, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.urls).toEqual(expect.arrayContaining(["/offline.html", "/manifest.webmanifest", ...assets]));
    expect(cached.urls.some((u) => !u.startsWith("/assets/") && !/\.(?:html|js|webmanifest|svg|png)$/.test(u))).toBe(false);

    // Let route discovery for the links on the page finish while online.
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);

    // A client-side navigation (footer link): its data request fails, the worker turns it into a
    // document navigation, which gets the offline page.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
    await expect(offlineHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/privacy$/);
    // Let that document navigation settle before the next one (on a loaded machine a late step of it
    // once replaced the next page: the Retry below then reloaded /privacy).
    await page.waitForLoadState("networkidle");

    // A document navigation to another page (without the worker, goto would throw net::ERR_INTERNET_DISCONNECTED).
    await page.goto("/terms");
    await expect(offlineHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle("You're offline | Savepoint");

    // Retry reloads the page (still offline: the offline page again).
    await mark(page, "beforeRetry");
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Retry" }).click();
    await reloaded;
    expect(await hasMark(page, "beforeRetry")).toBe(false);
    await expect(offlineHeading(page)).toBeVisible();

    // Back online: the real page comes back. The offline page retries by itself on the `online` event;
    // Playwright lifts the emulation for the page and the worker one after the other, so that first
    // retry may still meet an offline worker: then Retry, as a visitor would.
    await context.setOffline(false);
    await expect(async () => {
      if (await offlineHeading(page).isVisible()) {
        await page
          .getByRole("button", { name: "Retry" })
          .click({ timeout: 1_000 })
          .catch(() => undefined);
      }
      await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/terms$/);

    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  });

  for (const [name, viewport] of Object.entries({ phone: viewports.phone, desktop: viewports.desktop })) {
    test(`the offline page fits the ${name} screen`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/offline.html");
      await expect(offlineHeading(page)).toBeVisible();
      await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`offline-${name}.png`) });
    });
  }
});

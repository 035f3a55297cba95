import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, viewports, waitForHydration } from "./fixtures";

/**
 * The privacy consent banner: timing, every button,
 * the local record, the consent cookie, the no-JavaScript form, game page views sent only with
 * consent, and the sync with a signed-in account through the settings dialog.
 */

test.use({ presetConsent: false });
test.describe.configure({ timeout: 60_000 });

const KEYS = { consent: "savepoint-privacy-consent", shown: "savepoint-consent-banner-shown", session: "savepoint-session-id" };

const banner = (page: Page) => page.getByRole("dialog", { name: "Your privacy choices" });

async function localRecord(page: Page) {
  return page.evaluate((keys) => {
    const raw = localStorage.getItem(keys.consent);
    return { record: raw ? (JSON.parse(raw) as Record<string, unknown>) : null, shown: localStorage.getItem(keys.shown) };
  }, KEYS);
}

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "savepoint_consent")?.value;
}

test.describe("consent banner", () => {
  test("appears about 1 s after load on a first visit, with every text and button", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await waitForHydration(page);
    const hydratedAt = await page.evaluate(() => performance.now());
    if (hydratedAt < 800) await expect(banner(page)).toHaveCount(0);
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    const shownAt = await page.evaluate(() => performance.now());
    expect(shownAt).toBeGreaterThanOrEqual(1000);

    const b = banner(page);
    await expect(b).toContainText("Data is kept for 90 days only.");
    for (const name of ["Accept All", "Accept Essential", "Customize", "Decline all"]) {
      await expect(b.getByRole("button", { name, exact: true })).toBeVisible();
    }
    // The banner has been shown: the flag is set, the consent is still missing.
    expect(await localRecord(page)).toEqual({ record: null, shown: "true" });
    expect(consoleErrors).toEqual([]);
  });

  test("Accept All stores analytics on / full, says so, closes after 0.5 s and does not come back", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page).getByText("Privacy preferences saved successfully!")).toBeVisible();
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });
    const { record, shown } = await localRecord(page);
    expect(record).toMatchObject({ analyticsOptedIn: true, trackingLevel: "full" });
    expect(Date.parse(String(record!.timestamp))).toBeGreaterThan(Date.now() - 60_000);
    expect(shown).toBe("true");
    expect(await consentCookie(context)).toBe("full");

    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(1_800);
    await expect(banner(page)).toHaveCount(0);
    // A new tab of the same browser: no banner either.
    const other = await context.newPage();
    await other.goto("/faq");
    await waitForHydration(other);
    await other.waitForTimeout(1_500);
    await expect(banner(other)).toHaveCount(0);
  });

  test("Accept Essential stores on / anonymous", async ({ page, context }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept Essential" }).click();
    await expect(banner(page).getByText("Privacy preferences saved successfully!")).toBeVisible();
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });
    expect((await localRecord(page)).record).toMatchObject({ analyticsOptedIn: true, trackingLevel: "anonymous" });
    expect(await consentCookie(context)).toBe("anonymous");
  });

  test("X declines everything and closes at once, without the saved message", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Decline all" }).click();
    await expect(banner(page)).toHaveCount(0, { timeout: 300 });
    await expect.poll(async () => (await localRecord(page)).record).toMatchObject({ analyticsOptedIn: false, trackingLevel: "none" });
    await expect.poll(() => consentCookie(context)).toBe("none");
  });

  test("Customize offers three levels (Anonymous preselected); Save Preferences stores the chosen one", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    const b = banner(page);
    await b.getByRole("button", { name: "Customize" }).click();
    await expect(b.getByRole("radio", { name: /Anonymous Analytics \(recommended\)/ })).toBeChecked();
    await expect(b.getByRole("radio", { name: /No Tracking/ })).not.toBeChecked();
    await expect(b.getByRole("radio", { name: /Personalized Experience/ })).not.toBeChecked();
    await b.getByRole("radio", { name: /No Tracking/ }).check();
    await b.getByRole("button", { name: "Save Preferences" }).click();
    await expect(b.getByText("Privacy preferences saved successfully!")).toBeVisible();
    await expect(b).toBeHidden({ timeout: 2_000 });
    expect((await localRecord(page)).record).toMatchObject({ analyticsOptedIn: false, trackingLevel: "none" });
    expect(await consentCookie(context)).toBe("none");
  });

  test("keyboard: the banner never takes focus; Customize moves focus to the selected level, arrows change it, Tab reaches Save", async ({
    page,
  }) => {
    await page.goto("/faq");
    await waitForHydration(page);
    // Focus something on the page before the banner appears; it must stay there.
    await page.getByRole("main").getByRole("link", { name: "Contact Us" }).focus();
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toBeFocused();

    const b = banner(page);
    await b.getByRole("button", { name: "Customize" }).focus();
    await page.keyboard.press("Enter");
    const anonymous = b.getByRole("radio", { name: /Anonymous Analytics/ });
    await expect(anonymous).toBeFocused();
    await expect(b.getByRole("button", { name: "Customize" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    const full = b.getByRole("radio", { name: /Personalized Experience/ });
    await expect(full).toBeFocused();
    await expect(full).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(b.getByRole("button", { name: "Save Preferences" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(b.getByText("Privacy preferences saved successfully!")).toBeVisible();
    await expect(b).toBeHidden({ timeout: 2_000 });
    expect((await localRecord(page)).record).toMatchObject({ analyticsOptedIn: true, trackingLevel: "full" });
  });

  test("an open banner closes when the choice is made in another tab", async ({ page, context }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    const other = await context.newPage();
    await other.goto("/faq");
    await waitForHydration(other);
    await banner(other).getByRole("button", { name: "Accept Essential" }).click();
    await expect(banner(other)).toBeHidden({ timeout: 2_000 });
    // The first tab hears of it through the storage event, without a reload.
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });
    await other.close();
  });

  test("an open banner closes when a navigation brings a choice recorded on the server (cookie only)", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(banner(page)).toBeVisible({ timeout: 5_000 });
    // A choice the server knows but this browser's storage does not (made without JavaScript, or
    // arriving with a sign-in): the next client-side navigation revalidates the root loader.
    await context.addCookies([{ name: "savepoint_consent", value: "anonymous", url: baseURL ?? "http://127.0.0.1" }]);
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect.poll(async () => (await localRecord(page)).record).toMatchObject({ analyticsOptedIn: true, trackingLevel: "anonymous" });
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });
  });

  test("a game page view is sent with consent (202) and not without it", async ({ page }) => {
    await page.goto("/search");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept Essential" }).click();
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().method() === "POST");
    await page.getByRole("main").locator('a[href^="/game/"]').first().click();
    const response = await sent;
    expect(response.status()).toBe(202);
    const body = response.request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ type: "game_view", source: "search" });
    expect(body.sessionId).toMatch(/^\d{13}-[a-z0-9]{12}$/);
    expect(body.sessionId).toBe(await page.evaluate((k) => localStorage.getItem(k), KEYS.session));

    // Withdraw (the stored level says none): no more reports.
    await page.evaluate((k) => {
      localStorage.setItem(k, JSON.stringify({ analyticsOptedIn: false, trackingLevel: "none", timestamp: new Date().toISOString() }));
    }, KEYS.consent);
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/events")) requests.push(r.url());
    });
    await page.goBack();
    await page.getByRole("main").locator('a[href^="/game/"]').nth(1).click();
    await expect(page).toHaveURL(/\/game\//);
    await page.waitForTimeout(800);
    expect(requests).toEqual([]);
  });

  test("does not cover the header or overflow sideways at phone, tablet and desktop widths", async ({ page }, testInfo) => {
    for (const [name, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      await page.goto("/");
      await waitForHydration(page);
      await expect(banner(page)).toBeVisible();
      const box = (await banner(page).boundingBox())!;
      const header = (await page.getByRole("banner").boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const file = path.join("test-results", "screenshots", `consent-${name}.png`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file });
      await testInfo.attach(`consent-${name}`, { path: file, contentType: "image/png" });
      await page.evaluate(() => localStorage.clear());
    }
  });
});

test.describe("consent banner without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form records Accept All in the cookie, comes back, and the banner is gone", async ({ page, context }) => {
    await page.goto("/faq");
    const form = page.getByRole("region", { name: "Your privacy choices" });
    await expect(form).toBeVisible();
    await expect(form).toContainText("Data is kept for 90 days only.");
    await form.getByRole("button", { name: "Accept All" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    expect(await consentCookie(context)).toBe("full");
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
  });

  test("Customize (a native disclosure) saves the chosen level; X declines", async ({ page, context }) => {
    await page.goto("/");
    const form = page.getByRole("region", { name: "Your privacy choices" });
    await form.getByText("Customize").click();
    await expect(form.getByRole("radio", { name: /Anonymous Analytics/ })).toBeChecked();
    await form.getByRole("radio", { name: /Personalized Experience/ }).check();
    await form.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await consentCookie(context)).toBe("full");

    await context.clearCookies();
    await page.goto("/");
    await page.getByRole("region", { name: "Your privacy choices" }).getByRole("button", { name: "Decline all" }).click();
    expect(await consentCookie(context)).toBe("none");
    await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Signed in: the local choice goes to the account, the account's choice comes back to the browser.

const PASSWORD = "Sup3r$ecret!";

function verificationLink(email: string): string | null {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith("savepoint-e2e-")) continue;
    const outbox = path.join(os.tmpdir(), name, "data", "outbox");
    let files: string[] = [];
    try {
      files = fs.readdirSync(outbox).filter((f) => f.endsWith(".eml") && f.includes(email));
    } catch {
      continue;
    }
    for (const f of files) {
      const eml = fs
        .readFileSync(path.join(outbox, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const link = eml.match(/https?:\/\/[^\s"<>]*\/auth\/callback\?token=[^\s"<>]+/)?.[0];
      if (link) return new URL(link).pathname + new URL(link).search;
    }
  }
  return null;
}

test.describe("signed in", () => {
  test.describe.configure({ timeout: 90_000 });

  test("local → account on sign-in, account → local on load; the settings dialog changes the level and clears local data", async ({
    page,
  }) => {
    // A visitor accepts everything, then creates an account and verifies it.
    await page.goto("/");
    await waitForHydration(page);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden({ timeout: 2_000 });

    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-9);
    const email = `consent.${stamp}@example.org`;
    await page.goto("/signup");
    await page.getByLabel("Username").fill(`consent_${stamp}`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    const consentSync = page.waitForResponse((r) => r.url().endsWith("/api/consent") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Check Your Email!")).toBeVisible({ timeout: 20_000 });
    let link: string | null = null;
    await expect.poll(() => (link = verificationLink(email))).not.toBeNull();
    await page.goto(link!);
    await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible({ timeout: 15_000 });
    // 'Email Verified Successfully!' redirects home after 2 s.
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await waitForHydration(page);

    // Local → account: the signed-in page sent the local record (no account record yet).
    const synced = await consentSync;
    expect(synced.status()).toBe(200);
    expect(await synced.json()).toMatchObject({ ok: true, consent: { trackingLevel: "full", source: "account" } });

    // The settings dialog shows the account's choice and its date.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Settings" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("consent-date")).toHaveText(/^Consent given on \w+ \d{1,2}, \d{4}\.$/);
    await expect(dialog.getByRole("radio", { name: /Personalized Experience/ })).toBeChecked();

    // Change the level in the dialog.
    await dialog.getByRole("radio", { name: /No Tracking/ }).check();
    await dialog.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByText("Privacy preferences saved successfully!")).toBeVisible();
    await expect(dialog.getByTestId("consent-date")).toHaveText(/^Consent withdrawn on /);
    expect((await localRecord(page)).record).toMatchObject({ analyticsOptedIn: false, trackingLevel: "none" });

    // Clear local data: consent, session and shown entries go; a new session id is made.
    const before = await page.evaluate((k) => localStorage.getItem(k), KEYS.session);
    await dialog.getByRole("button", { name: "Clear local data" }).click();
    await expect(page.getByText("Local data cleared. A new session id was created.")).toBeVisible();
    const after = await page.evaluate((k) => ({ ...k, values: [localStorage.getItem(k.consent), localStorage.getItem(k.shown)] }), KEYS);
    expect(after.values).toEqual([null, null]);
    const fresh = await page.evaluate((k) => localStorage.getItem(k), KEYS.session);
    expect(fresh).toMatch(/^\d{13}-[a-z0-9]{12}$/);
    expect(fresh).not.toBe(before);

    // The dialog keeps keyboard focus inside it, every control has a name, and Escape closes it,
    // giving focus back to the account menu it was opened from.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (const radio of await dialog.getByRole("radio").all()) await expect(radio).toHaveAccessibleName(/\S/);
    for (const button of await dialog.getByRole("button").all()) await expect(button).toHaveAccessibleName(/\S/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: /Account menu/ })).toBeFocused();

    // Account → local: a different local record is replaced by the account's on the next load.
    await page.evaluate((k) => {
      localStorage.setItem(k, JSON.stringify({ analyticsOptedIn: true, trackingLevel: "full", timestamp: new Date().toISOString() }));
    }, KEYS.consent);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(async () => (await localRecord(page)).record).toMatchObject({ analyticsOptedIn: false, trackingLevel: "none" });
    await page.waitForTimeout(1_500);
    await expect(banner(page)).toHaveCount(0);

    // On a phone the side panel has the same Settings entry.
    await page.setViewportSize(viewports.phone);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Settings" }).getByRole("radio", { name: /No Tracking/ })).toBeChecked();
  });
});

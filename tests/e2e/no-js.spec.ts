import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { generatedCoverDataUri } from "../../app/lib/images";
import { expect, test, viewports } from "./fixtures";

/**
 * Without JavaScript the header menus still work (native disclosures, plain links, a plain POST to
 * /logout), at phone and desktop widths; and generated covers are URLs, not inline data.
 */

test.use({ javaScriptEnabled: false });

const PASSWORD = "N0script!pass";

function verificationLink(email: string): string | null {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith("savepoint-e2e-")) continue;
    const outbox = path.join(os.tmpdir(), name, "data", "outbox");
    if (!fs.existsSync(outbox)) continue;
    for (const f of fs.readdirSync(outbox)) {
      if (!f.endsWith(".eml") || !f.includes(email)) continue;
      const eml = fs
        .readFileSync(path.join(outbox, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const token = /\/auth\/callback\?token=([^\s"<>&]+)/.exec(eml)?.[1];
      if (token) return decodeURIComponent(token);
    }
  }
  return null;
}

/** A verified, signed-in account in this browser context (through the HTTP API, no page script). */
async function signInContext(context: BrowserContext, baseURL: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = { username: `nojs_${stamp}`, email: `nojs.${stamp}@example.org` };
  const headers = { origin: baseURL };
  const up = await context.request.post("/api/auth/sign-up/email", {
    headers,
    data: { ...account, name: account.username, password: PASSWORD, confirmPassword: PASSWORD, agreeToTerms: true },
  });
  expect(up.status()).toBe(200);
  let token: string | null = null;
  await expect.poll(() => (token = verificationLink(account.email))).not.toBeNull();
  const verified = await context.request.post("/auth/callback", { headers, form: { token: token! } });
  expect(verified.status()).toBeLessThan(400);
  return account;
}

for (const [label, viewport] of [
  ["phone", viewports.phone],
  ["desktop", viewports.desktop],
] as const) {
  test.describe(`no JavaScript at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });
    const phone = label === "phone";

    test("a visitor's menu offers navigation, search and Sign In", async ({ page }) => {
      await page.goto("/");
      if (phone) {
        await page
          .getByRole("group")
          .filter({ has: page.getByLabel("Open menu") })
          .locator("summary")
          .click();
        const panel = page.getByTestId("mobile-menu-details");
        await expect(panel.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Browse Games" })).toBeVisible();
        await expect(panel.getByRole("searchbox").or(panel.getByRole("combobox")).first()).toBeVisible();
        await panel.getByRole("link", { name: "Sign In" }).click();
      } else {
        await page.getByRole("link", { name: "Sign In" }).first().click();
      }
      await expect(page).toHaveURL(/\/login/);
    });

    test("a signed-in user's menu reaches Profile, Settings and Sign Out", async ({ page, context, baseURL }) => {
      const account = await signInContext(context, baseURL!);
      await page.goto("/");
      const menu = page.getByTestId(phone ? "mobile-menu-details" : "account-menu-details");
      await menu.locator("summary").first().click();
      await expect(menu.getByRole("link", { name: "Profile" })).toBeVisible();
      await menu.getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL(/\/account\/password/);

      await page.goto("/");
      await menu.locator("summary").first().click();
      await menu.getByRole("button", { name: "Sign Out" }).click();
      await expect(page.locator('a[href^="/login"]').first()).toBeAttached();
      const me = await context.request.get("/api/auth/get-session");
      expect(await me.text()).not.toContain(account.email);
    });
  });
}

test("a review posted after the session ended comes back with its text; signed in again, it publishes", async ({
  page,
  context,
  baseURL,
}) => {
  const account = await signInContext(context, baseURL!);
  await page.goto("/review/1074");
  const text = `Written without JavaScript ${Date.now().toString(36)}: every word of this must survive the expired session.`;
  await page.locator('textarea[name="text"]').fill(text);
  await page.locator('input[name="rating"]').fill("8.5");
  await page.locator('input[name="finished"][value="yes"]').check();
  await page.locator('input[name="recommended"][value="yes"]').check();
  const platform = page.locator('select[name="platform"]');
  if ((await platform.inputValue()) === "") await platform.selectOption({ index: 1 });
  const chosen = await platform.inputValue();

  // The session ends while the review is being written (it expired, or a sign-out in another tab).
  await context.clearCookies();
  await page.getByRole("button", { name: "Publish Review" }).click();
  await expect(page.getByText("User not authenticated")).toBeVisible();
  await expect(page.locator('textarea[name="text"]')).toHaveValue(text);
  await expect(page.locator('input[name="rating"]')).toHaveValue("8.5");
  await expect(page.locator('input[name="finished"][value="yes"]')).toBeChecked();
  await expect(platform).toHaveValue(chosen);
  // The way to sign in opens another tab, so this page and its form stay.
  await expect(page.locator('a[href="/login"][target="_blank"]')).toBeVisible();

  // Signed in again (in that other tab: here through the same browser's cookies), Publish goes through.
  const signIn = await context.request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL! },
    data: { email: account.email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await page.getByRole("button", { name: "Publish Review" }).click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(page.getByText(text.slice(0, 40))).toBeVisible();
});

test("the home page links generated covers instead of inlining them, and they are cacheable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).not.toContain("data:image");
  // What the same page weighed with the covers inlined (the measure reported for the change).
  const urls = [...html.matchAll(/\/covers\/generated\/[0-9a-z]+\.svg\?([^"]+)/g)];
  const inlined = urls.reduce((bytes, [url, query]) => {
    const q = new URLSearchParams(query!.replace(/&amp;/g, "&"));
    const uri = generatedCoverDataUri({ title: q.get("t"), year: q.get("y") });
    return bytes + Buffer.byteLength(uri) - Buffer.byteLength(url);
  }, 0);
  console.log(
    `home HTML: ${Buffer.byteLength(html)} bytes with cover URLs (${urls.length}); ~${Buffer.byteLength(html) + inlined} with data URIs`,
  );
  const cover = /\/covers\/generated\/[0-9a-z]+\.svg\?[^"]+/.exec(html)?.[0];
  expect(cover).toBeTruthy();
  const res = await request.get(cover!.replace(/&amp;/g, "&"));
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/svg+xml");
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

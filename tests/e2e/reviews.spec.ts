import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Reviews end to end: a new user signs up (verification link from the e2e outbox), writes a review
 * from the game page, finds it on the game page and the home page, opens its review view, edits it
 * and deletes it.
 */

test.describe.configure({ timeout: 120_000 });

const PASSWORD = "Sup3r$ecret!";

function newestLink(email: string): string | null {
  let best: { file: string; mtime: number } | null = null;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith("savepoint-e2e-")) continue;
    const outbox = path.join(os.tmpdir(), name, "data", "outbox");
    if (!fs.existsSync(outbox)) continue;
    for (const f of fs.readdirSync(outbox)) {
      if (!f.endsWith(".eml") || !f.includes(email)) continue;
      const file = path.join(outbox, f);
      const mtime = fs.statSync(file).mtimeMs;
      if (!best || mtime > best.mtime) best = { file, mtime };
    }
  }
  if (!best) return null;
  const eml = fs
    .readFileSync(best.file, "utf8")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
  const match = eml.match(/https?:\/\/[^\s"<>]*\/auth\/callback\?token=[^\s"<>]+/);
  return match ? new URL(match[0]).pathname + new URL(match[0]).search : null;
}

async function signUpAndVerify(page: Page) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-10);
  const account = { username: `rev_${stamp}`, email: `rev.${stamp}@example.org` };
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  await page.getByLabel("I agree to the").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  let link: string | null = null;
  await expect.poll(() => (link = newestLink(account.email)), { timeout: 15_000 }).not.toBeNull();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Email Verified Successfully!" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  return account;
}

test("a new user writes a review from the game page, sees it there and on the home page, edits and deletes it", async ({ page }) => {
  const account = await signUpAndVerify(page);

  await page.goto("/game/super-mario-64");
  const reviews = page.getByRole("region", { name: "Reviews" });
  await reviews.getByRole("link", { name: "Write Review" }).click();
  await page.waitForURL("**/review/1074");
  await expect(page.getByRole("heading", { name: "Review: Super Mario 64" })).toBeVisible();
  await waitForHydration(page);

  const publish = page.getByRole("button", { name: "Publish Review" });
  await expect(publish).toBeDisabled(); // the finish answer is not chosen yet
  const rating = page.getByRole("spinbutton", { name: "Rating" });
  await rating.fill("12");
  await rating.blur();
  await expect(rating).toHaveValue("10");
  await expect(page.getByText("Perfect score!")).toBeVisible();
  await rating.fill("8.4");
  await rating.blur();
  await expect(rating).toHaveValue("8.5");
  await page.getByRole("group", { name: "Did you finish the game?" }).getByLabel("Yes").check();
  await page.getByRole("group", { name: "Would you recommend this game?" }).getByLabel("Yes").check();
  await expect(page.getByLabel("Platform")).toHaveValue("Nintendo 64");
  await page.getByLabel(/^Review/).fill("Still the best <script>window.__pwned = 1</script>3D platformer.");
  await page.getByLabel(/^Playtime/).fill("40h");
  await expect(page.getByLabel(/^Playtime/)).toHaveValue("40");
  await publish.click();

  await page.waitForURL("**/game/super-mario-64");
  await expect(reviews.getByText("Still the best 3D platformer.")).toBeVisible();
  await expect(reviews.getByRole("link", { name: "Edit Review" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await page.goto("/");
  await expect(page.getByText("Still the best 3D platformer.").first()).toBeVisible();

  await page.goto("/game/super-mario-64");
  await reviews.getByRole("link", { name: `Read review by ${account.username}` }).click();
  await page.waitForURL(/\/review\/\d+\/1074$/);
  await expect(page.getByText("Review by")).toBeVisible();
  await expect(page.getByText("8.5", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Edit Review" }).click();

  await expect(page.getByRole("heading", { name: "Edit Your Review: Super Mario 64" })).toBeVisible();
  await waitForHydration(page);
  const update = page.getByRole("button", { name: "Update Review" });
  await expect(update).toBeDisabled();
  await page.getByLabel("Contains spoilers").check();
  await expect(update).toBeEnabled();
  await update.click();
  await page.waitForURL("**/game/super-mario-64");
  await expect(reviews.getByText("Show spoilers")).toBeVisible();

  await page.goto("/review/1074");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Review" });
  await expect(dialog).toContainText("Are you sure you want to delete your review for Super Mario 64? This action cannot be undone.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await page.waitForURL("**/game/super-mario-64");
  await expect(reviews.getByRole("link", { name: "Write Review" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor is sent to sign in and back to the review page", async ({ page }) => {
    await page.goto("/review/1074");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Freview%2F1074$/);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { DemoGame } from "./demo-catalogue";
import { expect, waitForHydration } from "./fixtures";

/**
 * Accounts for journeys: sign-up through the auth modal with the verification link from the e2e
 * outbox (the e2e server has no SMTP, so mails are .eml files in <tmp>/savepoint-e2e-*\/data/outbox,
 * see serve.ts), sign-in and sign-out, plain accounts made through the sign-up API, and what a
 * member posts from the page (ratings, the wishlist, comments).
 */

export const PASSWORD = "Sup3r$ecret!";

export interface Account {
  username: string;
  email: string;
}

/** A fresh username (≤ 21 characters) and address. */
export function uniqueAccount(prefix: string): Account {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-10);
  return { username: `${prefix}_${stamp}`, email: `${prefix}.${stamp}@example.org` };
}

/** Newest mail to `email` in any e2e outbox whose text matches `subject`, quoted-printable undone. */
export function readMail(email: string, subject: RegExp): string | null {
  const candidates: { file: string; mtime: number }[] = [];
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith("savepoint-e2e-")) continue;
    const outbox = path.join(os.tmpdir(), name, "data", "outbox");
    let files: string[];
    try {
      files = fs.readdirSync(outbox);
    } catch {
      continue;
    }
    for (const f of files) {
      if (!f.endsWith(".eml") || !f.includes(email)) continue;
      const file = path.join(outbox, f);
      try {
        candidates.push({ file, mtime: fs.statSync(file).mtimeMs });
      } catch {
        // removed meanwhile (another run ended)
      }
    }
  }
  for (const { file } of candidates.sort((a, b) => b.mtime - a.mtime)) {
    let eml: string;
    try {
      eml = fs
        .readFileSync(file, "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
    } catch {
      continue;
    }
    if (subject.test(eml)) return eml;
  }
  return null;
}

/** The path and query of the first link to `pathname` in the newest matching mail (waits for it). */
export async function linkFromMail(email: string, subject: RegExp, pathname: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const eml = readMail(email, subject);
        link = eml?.match(new RegExp(`https?://[^\\s"<>]*${pathname}\\?token=[^\\s"<>]+`))?.[0] ?? null;
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  return new URL(link!).pathname + new URL(link!).search;
}

export const header = (page: Page) => page.getByRole("banner");
export const accountMenu = (page: Page) => header(page).getByRole("button", { name: /Account menu/ });

/** Opens the sign-in dialog from the header's Sign In link. */
export async function openSignIn(page: Page): Promise<Locator> {
  await header(page).getByRole("link", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function signOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
}

export async function signInThroughModal(page: Page, email: string, password = PASSWORD) {
  const dialog = await openSignIn(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page)).toBeVisible();
}

/** From the open sign-in dialog: 'Sign up', the form, and 'Check Your Email!' dismissed. */
export async function signUpInModal(page: Page, account: Account) {
  const login = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(login).toBeVisible();
  await login.getByRole("button", { name: "Sign up" }).click();
  const signup = page.getByRole("dialog", { name: "Create your account" });
  await expect(signup).toBeVisible();
  await signup.getByLabel("Username").fill(account.username);
  await expect(signup.getByText("Username is available")).toBeVisible({ timeout: 15_000 });
  await signup.getByLabel("Email").fill(account.email);
  await signup.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await signup.getByLabel("Confirm Password").fill(PASSWORD);
  await signup.getByLabel("I agree to the").check();
  await signup.getByRole("button", { name: "Create Account" }).click();

  const sent = page.getByRole("dialog", { name: "Check Your Email!" });
  await expect(sent).toBeVisible({ timeout: 15_000 });
  await expect(sent).toContainText(account.email);
  await sent.getByRole("button", { name: "Got it!" }).click();
  await expect(sent).toBeHidden();
}

/** Opens the verification link from the outbox in this tab (it signs the user in and goes home). */
export async function verifyFromOutbox(page: Page, account: Account) {
  const link = await linkFromMail(account.email, /Subject: Confirm your Savepoint account/, "/auth/callback");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Email Verified Successfully!" })).toBeVisible({ timeout: 30_000 });
}

/** Sign-up through the modal from the home page, then the verification link; ends signed in on /. */
export async function signUpAndVerify(page: Page, account: Account) {
  await page.goto("/");
  await waitForHydration(page);
  await openSignIn(page);
  await signUpInModal(page, account);
  await verifyFromOutbox(page, account);
  await page.waitForURL((url) => url.pathname === "/", { timeout: 30_000 });
  await expect(accountMenu(page)).toBeVisible();
  await expect(accountMenu(page)).toContainText(account.username);
}

/** A new verified account, signed in on `page`, with its user id. */
export async function newMember(page: Page, prefix: string): Promise<Account & { id: number }> {
  const account = uniqueAccount(prefix);
  await signUpAndVerify(page, account);
  return { ...account, id: await userId(page) };
}

/** The signed-in user's id (from the session endpoint). */
export async function userId(page: Page): Promise<number> {
  const session = await page.evaluate(async () => (await fetch("/api/auth/get-session")).json());
  return Number((session as { user: { id: string } }).user.id);
}

/**
 * Verifies an account made through the sign-up API with the link from its mail, in a request context of
 * its own (verifying signs in: the caller's cookies stay as they were).
 */
export async function verifyThroughApi(baseURL: string, email: string): Promise<void> {
  const link = await linkFromMail(email, /Subject: Confirm your Savepoint account/, "/auth/callback");
  const token = new URL(link, baseURL).searchParams.get("token")!;
  const own = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await own.post("/auth/callback", { headers: { origin: baseURL }, form: { token }, maxRedirects: 0 });
    expect(res.status(), `verification of ${email}`).toBeLessThan(400);
  } finally {
    await own.dispose();
  }
}

/**
 * Members made through the sign-up API, each from its own client address (sign-ups are limited per
 * address), and verified through the link in their mail (an unverified account is not listed anywhere
 * yet: docs/decisions/025).
 */
export async function createAccountsThroughApi(request: APIRequestContext, baseURL: string, accounts: Account[]): Promise<void> {
  for (const [i, account] of accounts.entries()) {
    const res = await request.post("/api/auth/sign-up/email", {
      headers: { origin: baseURL, "x-forwarded-for": `10.250.${Math.floor(Math.random() * 250)}.${(i % 250) + 1}` },
      data: {
        email: account.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agreeToTerms: true,
        name: account.username,
        username: account.username,
      },
    });
    expect(res.ok(), `sign-up of ${account.username}: ${res.status()} ${await res.text()}`).toBe(true);
    await verifyThroughApi(baseURL, account.email);
  }
}

/** A JSON or form POST from inside the page (same origin, the page's session). */
export async function postFromPage(page: Page, url: string, body: Record<string, string>): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ url, body }) => {
      const res = await fetch(url, { method: "POST", body: new URLSearchParams(body), redirect: "manual" });
      return { status: res.status, text: await res.text() };
    },
    { url, body },
  );
}

/**
 * Rates a demo game (a review too when `text` is given) through the review form's plain post, on the
 * game's first platform; the answer is the 303 back to the game page, not followed.
 */
export async function rateGame(
  page: Page,
  game: DemoGame,
  rating: string,
  text = "",
  { finished = "yes" }: { finished?: "yes" | "no" } = {},
): Promise<void> {
  const res = await postFromPage(page, `/review/${game.igdb_id}`, {
    rating,
    recommended: "yes",
    finished,
    platform: game.platforms?.[0] ?? "PC (Microsoft Windows)",
    text,
  });
  expect(res.status, res.text).toBe(0);
}

/** Puts a demo game on the signed-in member's wishlist (the lists API). */
export async function addToWishlist(page: Page, game: DemoGame): Promise<void> {
  const res = await postFromPage(page, "/api/lists", { intent: "add_to_wishlist", igdbId: String(game.igdb_id), format: "json" });
  expect(res.status, res.text).toBe(200);
}

/** Comments on `author`'s review of a demo game (the review's id from its page's comment form). */
export async function commentOnReview(page: Page, author: { id: number }, game: DemoGame, content: string): Promise<void> {
  await page.goto(`/review/${author.id}/${game.igdb_id}`);
  const reviewId = await page.locator('form input[name="reviewId"]').first().inputValue();
  const res = await postFromPage(page, "/api/comments", { intent: "create", reviewId, content, format: "json" });
  expect(res.status, res.text).toBe(200);
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Accounts through the auth modal: sign up,
 * verify from the outbox (the e2e server has no SMTP, so mails are .eml files
 * in <tmp>/savepoint-e2e-*\/data/outbox, see serve.ts), sign in, sign out,
 * and a password reset.
 */

test.describe.configure({ timeout: 90_000 });

const PASSWORD = "Sup3r$ecret!";

function uniqueAccount(prefix: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-10);
  return { username: `${prefix}_${stamp}`, email: `${prefix}.${stamp}@example.org` };
}

/** Newest mail to `email` in any e2e outbox, quoted-printable undone. */
function readMail(email: string, subject: RegExp): string | null {
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
      if (f.endsWith(".eml") && f.includes(email)) {
        const file = path.join(outbox, f);
        candidates.push({ file, mtime: fs.statSync(file).mtimeMs });
      }
    }
  }
  for (const { file } of candidates.sort((a, b) => b.mtime - a.mtime)) {
    const eml = fs
      .readFileSync(file, "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    if (subject.test(eml)) return eml;
  }
  return null;
}

async function linkFromMail(email: string, subject: RegExp, pathname: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(() => {
      const eml = readMail(email, subject);
      link = eml?.match(new RegExp(`https?://[^\\s"<>]*${pathname}\\?token=[^\\s"<>]+`))?.[0] ?? null;
      return link;
    })
    .not.toBeNull();
  return new URL(link!).pathname + new URL(link!).search;
}

const header = (page: Page) => page.getByRole("banner");
const accountMenu = (page: Page) => header(page).getByRole("button", { name: /Account menu/ });

async function openSignIn(page: Page): Promise<Locator> {
  await header(page).getByRole("link", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
}

async function signInThroughModal(page: Page, email: string, password: string) {
  const dialog = await openSignIn(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page)).toBeVisible();
}

/** Sign-up through the modal, then the verification link from the outbox (which signs the user in). */
async function signUpAndVerify(page: Page, account: { username: string; email: string }) {
  await page.goto("/");
  await waitForHydration(page);
  const login = await openSignIn(page);
  await login.getByRole("button", { name: "Sign up" }).click();
  const signup = page.getByRole("dialog", { name: "Create your account" });
  await expect(signup).toBeVisible();
  await signup.getByLabel("Username").fill(account.username);
  await expect(signup.getByText("Username is available")).toBeVisible();
  await signup.getByLabel("Email").fill(account.email);
  await signup.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await signup.getByLabel("Confirm Password").fill(PASSWORD);
  await signup.getByLabel("I agree to the").check();
  await signup.getByRole("button", { name: "Create Account" }).click();

  const sent = page.getByRole("dialog", { name: "Check Your Email!" });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(account.email);
  await sent.getByRole("button", { name: "Got it!" }).click();
  await expect(sent).toBeHidden();

  const link = await linkFromMail(account.email, /Subject: Confirm your Savepoint account/, "/auth/callback");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Email Verified Successfully!" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  await expect(accountMenu(page)).toBeVisible();
  await expect(accountMenu(page)).toContainText(account.username);
}

test("sign up through the modal, verify from the outbox, sign in and sign out", async ({ page, consoleErrors }) => {
  const account = uniqueAccount("modal");
  await page.goto("/");
  await waitForHydration(page);

  // Sign In opens the modal; focus starts in the form.
  const login = await openSignIn(page);
  await expect(login.getByLabel("Email")).toBeFocused();

  // Empty submit: the field messages, linked to their inputs.
  await login.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(login.getByText("Please enter a valid email address")).toBeVisible();
  await expect(login.getByText("Password is required")).toBeVisible();
  await expect(login.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(login.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address");

  // Switching mode clears the errors.
  await login.getByRole("button", { name: "Sign up" }).click();
  const signup = page.getByRole("dialog", { name: "Create your account" });
  await expect(signup).toBeVisible();
  await expect(signup.getByText("Please enter a valid email address")).toHaveCount(0);

  // Validation runs in the server action and answers with the spec's messages.
  await signup.getByLabel("Username").fill("a!");
  await signup.getByLabel("Password", { exact: true }).fill("abc");
  await expect(signup.getByText("Password strength: Very Weak")).toBeVisible();
  await signup.getByRole("button", { name: "Create Account" }).click();
  await expect(signup.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(signup.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(signup.getByText("You must agree to the terms and conditions")).toBeVisible();
  await expect(signup.getByLabel("I agree to the")).toHaveAccessibleDescription("You must agree to the terms and conditions");

  // The Terms reader: table of contents, last-updated line, {email}; Escape closes only the reader.
  await signup.getByRole("link", { name: "Terms of Service" }).click();
  const terms = page.getByRole("dialog", { name: "Terms of Service" });
  await expect(terms).toBeVisible();
  await expect(terms).toContainText("last updated January 15, 2024");
  await expect(terms).toContainText("{email}");
  await expect(terms.getByRole("navigation").getByRole("link", { name: "Creating an account" })).toHaveAttribute(
    "href",
    "#terms-creating-an-account",
  );
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(terms).toBeHidden();
  await expect(signup).toBeVisible();
  // The Privacy reader closes on a click on the backdrop.
  await signup.getByRole("link", { name: "Privacy Policy" }).click();
  const privacy = page.getByRole("dialog", { name: "Privacy Policy" });
  await expect(privacy).toContainText("90 days");
  // Retry the click: one that lands while the reader is still animating in is ignored by Radix.
  await expect(async () => {
    await page.mouse.click(4, 4);
    await expect(privacy).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(signup).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(signup).toBeHidden();
  // Focus returns to the opener.
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeFocused();

  await signUpAndVerify(page, account);
  await signOut(page);

  // A wrong password: the server's message in the red banner.
  const again = await openSignIn(page);
  await again.getByLabel("Email").fill(account.email);
  await again.getByLabel("Password", { exact: true }).fill("Wrong-passw0rd");
  await again.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(again.getByRole("alert")).toHaveText("Invalid email or password");
  await page.keyboard.press("Escape");

  await signInThroughModal(page, account.email, PASSWORD);
  await signOut(page);

  // Only the expected failures logged (400 validation, 401 wrong password) — no page errors.
  expect(consoleErrors.filter((e) => e.startsWith("pageerror"))).toEqual([]);
});

test("a pending write_review runs once after signing in through the modal", async ({ page }) => {
  const account = uniqueAccount("pending");
  await signUpAndVerify(page, account);
  await signOut(page);
  await page.evaluate(() =>
    sessionStorage.setItem("savepoint:pending-action", JSON.stringify({ type: "write_review", gameId: 4242, createdAt: Date.now() })),
  );
  await signInThroughModal(page, account.email, PASSWORD);
  await page.waitForURL((url) => url.pathname === "/review/4242");
  expect(await page.evaluate(() => sessionStorage.getItem("savepoint:pending-action"))).toBeNull();
});

test("reset a password through the modal and sign in with the new one", async ({ page }) => {
  const account = uniqueAccount("reset");
  await signUpAndVerify(page, account);
  await signOut(page);

  const login = await openSignIn(page);
  await login.getByRole("button", { name: "Forgot password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset your password" });
  await expect(reset).toBeVisible();
  await reset.getByLabel("Email").fill(account.email);
  await reset.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(reset.getByText("Password reset email sent! Check your inbox for instructions.")).toBeVisible();
  await page.keyboard.press("Escape");

  const link = await linkFromMail(account.email, /Subject: .*[Rr]eset/, "/reset-password");
  await page.goto(link);
  await waitForHydration(page);
  const newPassword = "N3w-Passphrase!";
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Updated!" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  await waitForHydration(page);

  // The old password no longer works; the new one does.
  const dialog = await openSignIn(page);
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
  await dialog.getByLabel("Password", { exact: true }).fill(newPassword);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(accountMenu(page)).toBeVisible();
  await signOut(page);
});

import {
  accountMenu,
  header,
  linkFromMail,
  openSignIn,
  PASSWORD,
  signInThroughModal,
  signOut,
  signUpAndVerify,
  uniqueAccount,
} from "./accounts";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Accounts through the auth modal: sign up,
 * verify from the outbox (the e2e server has no SMTP, so mails are .eml files
 * in <tmp>/savepoint-e2e-*\/data/outbox, see serve.ts), sign in, sign out,
 * and a password reset.
 */

test.describe.configure({ timeout: 90_000 });

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

  // The live check names the rule a badly formatted name breaks; it does not call it taken.
  await signup.getByLabel("Username").fill("john-doe");
  await expect(signup.getByText("Username can only contain letters, numbers, and underscores")).toBeVisible({ timeout: 15_000 });
  await expect(signup.getByText("This username is already taken")).toHaveCount(0);

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

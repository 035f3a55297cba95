import type { RouterContextProvider } from "react-router";
import { callAuth, tooManyRequestsMessage, waitMessage, type AuthCallResult } from "~/auth/auth-request.server";
import { getAuth } from "~/auth/auth.server";
import { fail, ok, type Failure, type Result } from "~/lib/result";
import { DELETE_CONFIRMATION, MESSAGES } from "./accounts.messages";
import { USERNAME_TAKEN_MESSAGE, usernameField } from "./accounts.schema";
import { optionalUser, type SessionUser } from "~/auth/session.server";
import { deleteSessionByToken } from "~/auth/session.queries.server";
import { PENDING_SIGN_UP, signedUpHere } from "~/auth/pending-sign-up.server";
import { autocommit } from "~/db/transaction.server";
import { tidyAfterAvatarChange } from "~/modules/uploads/avatar-files.server";
import { findAvatarUrl } from "~/modules/uploads/uploads.queries.server";
import { databaseRoundTrip, deleteUserCascade, findUserRecord, isUsernameTaken } from "./accounts.queries.server";

/**
 * Account operations behind the pages (and later the modal). Each goes
 * through Better Auth's HTTP pipeline (callAuth) so rules and rate limits are
 * the same as for /api/auth/*. Expected failures come back as values with the
 * spec's texts; `setCookies` must be passed on to the browser.
 */

export { DELETE_CONFIRMATION, MESSAGES };

type Ctx = Pick<RouterContextProvider, "get"> | undefined;

/** What a successful auth call hands the route: the Set-Cookie headers to pass on (a session, or its end). */
type WithCookies<T = object> = T & { setCookies: string[] };

function failure(r: AuthCallResult, fallback: string): Failure {
  if (r.status === 429) {
    return fail(429, r.code === "TOO_MANY_FAILED_SIGN_INS" && r.message ? r.message : tooManyRequestsMessage(r.retryAfter));
  }
  if (r.field && r.message && r.field !== "form") return fail(400, r.message, { [r.field]: r.message });
  return fail(r.status >= 500 ? 500 : r.status, r.status >= 500 ? fallback : (r.message ?? fallback));
}

export async function signIn(
  request: Request,
  context: Ctx,
  form: { email: string; password: string; rememberMe: boolean },
): Promise<Result<WithCookies<{ userId: number }>>> {
  const r = await callAuth<{ user: { id: string } }>(request, context, "/sign-in/email", { body: form });
  if (r.ok && r.data) return ok({ userId: Number(r.data.user.id), setCookies: r.setCookies });
  if (r.status === 401) return fail(401, MESSAGES.invalidCredentials);
  if (r.status === 403 && r.code === "EMAIL_NOT_VERIFIED") return fail(403, MESSAGES.emailNotVerified);
  return failure(r, MESSAGES.loginFailed);
}

export async function signUp(
  request: Request,
  context: Ctx,
  form: { username: string; email: string; password: string; confirmPassword: string; agreeToTerms: true },
): Promise<Result<WithCookies<{ email: string }>>> {
  // The confirmation and the terms go along: the auth hook checks them for every sign-up.
  const { username, email, password, confirmPassword, agreeToTerms } = form;
  const r = await callAuth(request, context, "/sign-up/email", {
    body: { name: username, username, email, password, confirmPassword, agreeToTerms },
  });
  if (r.ok) return ok({ email: form.email, setCookies: r.setCookies });
  if (r.status === 422 && !r.field) {
    // Two sign-ups for one name at the same moment: both passed the check, the unique index let one
    // in. The other hears what it would have heard a moment later; any other refusal of the insert
    // gets the form's own words, not Better Auth's.
    let taken = false;
    try {
      taken = await isUsernameTaken(username);
    } catch {
      // The lookup failing is no reason to say more than the general sentence.
    }
    return taken ? fail(400, USERNAME_TAKEN_MESSAGE, { username: USERNAME_TAKEN_MESSAGE }) : fail(422, MESSAGES.signupFailed);
  }
  return failure(r, MESSAGES.signupFailed);
}

export async function resendVerification(request: Request, context: Ctx, email: string): Promise<Result<{ message: string }>> {
  const r = await callAuth(request, context, "/send-verification-email", { body: { email } });
  if (r.ok) return ok({ message: MESSAGES.resent });
  if (r.status === 429) return failure(r, MESSAGES.resendFailed);
  return fail(r.status, MESSAGES.resendFailed);
}

/** Always the same answer whether or not the address has an account, so it reveals nothing. */
export async function requestPasswordReset(request: Request, context: Ctx, email: string): Promise<Result<{ message: string }>> {
  const r = await callAuth(request, context, "/request-password-reset", { body: { email } });
  if (r.ok) return ok({ message: MESSAGES.resetSent });
  // The spec's failure sentence, then how long to wait.
  if (r.status === 429) return fail(429, `${MESSAGES.resetFailedSentence} ${waitMessage(r.retryAfter)}`);
  return fail(r.status, MESSAGES.resetFailed);
}

export type ResetLinkState = { valid: true } | { valid: false; error: string };

/** The reset page's link check: an unknown, used or expired token fails before the form is shown. */
export async function checkResetToken(token: string | null): Promise<ResetLinkState> {
  if (!token) return { valid: false, error: MESSAGES.resetLinkMissing };
  if (token.length > 200) return { valid: false, error: MESSAGES.resetLinkDefault };
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!row) return { valid: false, error: MESSAGES.resetLinkMissing };
  if (new Date(row.expiresAt).getTime() < Date.now()) return { valid: false, error: MESSAGES.resetLinkExpired };
  return { valid: true };
}

/**
 * Sets the password from a mailed link. For an account that never verified its address (a
 * repeated sign-up restarted it without a password) the link is the proof: the address becomes
 * verified and the user is signed in (`setCookies`); otherwise `setCookies` is empty.
 */
export async function resetPassword(request: Request, context: Ctx, token: string, newPassword: string): Promise<Result<WithCookies>> {
  const finishing = token.length <= 200 ? await unverifiedHolderOf(token) : null;
  const r = await callAuth(request, context, "/reset-password", { body: { token, newPassword } });
  if (r.ok) {
    if (finishing === null) return ok({ setCookies: [] });
    // Signed in as someone else: the password is set, but this browser stays who it was (a link mailed
    // to the sender's own address must not switch a member's browser into the sender's account).
    const viewer = await optionalUser(request);
    if (viewer !== null && viewer.email.toLowerCase() !== finishing.toLowerCase()) return ok({ setCookies: [] });
    const signedIn = await callAuth(request, context, "/sign-in/email", { body: { email: finishing, password: newPassword } });
    return ok({ setCookies: signedIn.ok ? signedIn.setCookies : [] });
  }
  if (r.status === 400 && (r.code === "INVALID_TOKEN" || r.code === "USER_NOT_FOUND")) {
    return fail(400, MESSAGES.resetSessionExpired);
  }
  return failure(r, MESSAGES.passwordUpdateFailed);
}

/** The address of the account a reset token belongs to, when that account is not verified yet. */
async function unverifiedHolderOf(token: string): Promise<string | null> {
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!row) return null;
  const holder = await ctx.internalAdapter.findUserById(row.value);
  return holder && !holder.emailVerified ? holder.email : null;
}

/**
 * Settings → Change password: needs the current password; every other session of the user ends
 * (the auth hook forces it) and this browser gets a fresh session cookie (`setCookies`).
 */
export async function changePassword(
  request: Request,
  context: Ctx,
  form: { currentPassword: string; newPassword: string },
): Promise<Result<WithCookies<{ message: string }>>> {
  const r = await callAuth(request, context, "/change-password", {
    body: { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true },
  });
  if (r.ok) return ok({ message: MESSAGES.passwordChanged, setCookies: r.setCookies });
  if (r.code === "INVALID_PASSWORD") {
    const error = MESSAGES.currentPasswordWrong;
    return fail(400, error, { currentPassword: error });
  }
  if (r.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return fail(400, MESSAGES.noPasswordYet);
  if (r.status === 401) return fail(401, MESSAGES.resetSessionExpired);
  return failure(r, MESSAGES.passwordUpdateFailed);
}

/** /auth/callback: verifies the e-mail and signs the user in (Set-Cookie in the result). */
export async function verifyEmail(
  request: Request,
  context: Ctx,
  token: string | null,
): Promise<Result<WithCookies<{ keptSession?: true; signInNeeded?: true }>>> {
  if (!token) return fail(400, MESSAGES.verificationNoToken);
  // Signed in, and the link is another account's: its address is verified, but this browser keeps its
  // session. Switching it into the link's account would let anyone who mails a link (their own
  // account's) make a signed-in member act as them without noticing (login CSRF).
  const viewer = await optionalUser(request);
  const address = verificationTokenEmail(token);
  const otherAccount = viewer !== null && address !== viewer.email.toLowerCase();
  // Signed out, the link signs its account in only in the browser that signed up for it: elsewhere the
  // clicker may be the mailbox's owner and the password a stranger's (pending-sign-up.server.ts).
  const auth = await getAuth().$context;
  const elsewhere =
    viewer === null && !signedUpHere(request.headers.get("cookie"), auth.createAuthCookie(PENDING_SIGN_UP).name, auth.secret, address);
  let r: AuthCallResult;
  try {
    r = await callAuth(otherAccount || elsewhere ? withoutCookies(request) : request, context, "/verify-email", {
      method: "GET",
      query: { token },
    });
  } catch {
    return fail(500, MESSAGES.verificationUnexpected);
  }
  if (r.ok && otherAccount) {
    await endSessionsSetBy(r.setCookies);
    return ok({ setCookies: [], keptSession: true as const });
  }
  if (r.ok && elsewhere) {
    // A link used before opens no session either way: it is "already verified", as in the sign-up's browser.
    if (!(await endSessionsSetBy(r.setCookies))) return ok({ setCookies: [] });
    return ok({ setCookies: [], signInNeeded: true as const });
  }
  if (r.ok) return ok({ setCookies: r.setCookies });
  if (r.code === "TOKEN_EXPIRED") return fail(400, MESSAGES.verificationExpired);
  if (r.status === 429) return failure(r, MESSAGES.verificationFailed);
  return fail(r.status >= 500 ? 500 : 400, MESSAGES.verificationFailed);
}

/**
 * The address a verification token was issued for, lower-cased (Better Auth's token is a signed JWT
 * whose payload holds it; the signature is Better Auth's to check), or null for anything else.
 */
export function verificationTokenEmail(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const email = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown }).email;
    return typeof email === "string" ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

function withoutCookies(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return new Request(request.url, { method: "GET", headers });
}

/** Deletes the sessions a Better Auth answer opened (its session Set-Cookie lines), unused; true when there was one. */
async function endSessionsSetBy(setCookies: string[]): Promise<boolean> {
  const name = (await getAuth().$context).authCookies.sessionToken.name;
  let ended = false;
  for (const line of setCookies) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq) !== name) continue;
    const token = decodeURIComponent(pair.slice(eq + 1)).split(".")[0];
    if (token) {
      await deleteSessionByToken(token);
      ended = true;
    }
  }
  return ended;
}

/** Ends the session on the server and returns the cookie-clearing headers. */
export async function signOut(request: Request, context: Ctx): Promise<WithCookies> {
  const r = await callAuth(request, context, "/sign-out", { body: {} });
  return { setCookies: r.setCookies };
}

/** Deletes the signed-in user's account (cascade) after the typed confirmation, and ends the session. */
export async function deleteAccount(request: Request, context: Ctx, userId: number, confirmation: unknown): Promise<Result<WithCookies>> {
  if (confirmation !== DELETE_CONFIRMATION) {
    const error = `Type ${DELETE_CONFIRMATION} to confirm.`;
    return fail(400, error, { confirmation: error });
  }
  const avatarUrl = await findAvatarUrl(autocommit(), userId);
  const deleted = await deleteUserCascade(userId);
  if (!deleted) return fail(404, "No user found");
  // The avatar goes with the profile, at once — after the row, so a failed deletion keeps the picture
  // (a crash in between leaves the files to the daily sweep: the row they belong to is gone).
  await tidyAfterAvatarChange(userId, avatarUrl);
  const out = await signOut(request, context);
  return ok({ setCookies: out.setCookies });
}

/**
 * The live availability answer: free, held by someone (`taken`), or not a username at all
 * (`invalid`, with the rule's own message: too short, too long, characters outside [A-Za-z0-9_]).
 * An error during the lookup counts as not available.
 */
export type UsernameAvailability = { available: true } | { available: false; reason: "invalid" | "taken"; message: string };

export async function isUsernameAvailable(username: string): Promise<UsernameAvailability> {
  const parsed = usernameField.safeParse(username);
  if (!parsed.success) {
    return { available: false, reason: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid username" };
  }
  const taken = { available: false, reason: "taken", message: USERNAME_TAKEN_MESSAGE } as const;
  try {
    return (await isUsernameTaken(parsed.data)) ? taken : { available: true };
  } catch {
    return taken;
  }
}

/** What /debug-auth shows (development only). */
export async function debugAuthState(user: SessionUser | null) {
  let dbCheck: string;
  try {
    dbCheck = `ok (${await databaseRoundTrip()} ms)`;
  } catch (err) {
    dbCheck = `failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  const record = user ? await findUserRecord(user.id) : null;
  return {
    state: user ? "signed in" : "signed out",
    authUser: user,
    dbUser: record ? { ...record, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() } : null,
    dbCheck,
  };
}

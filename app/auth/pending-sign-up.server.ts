import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieValues } from "~/lib/cookies";

/**
 * Which browser signed up for an address. A verification link signs its account in only there: anyone
 * can sign up with someone else's address and a password of their own, and the owner of the mailbox,
 * clicking the link somewhere else, would be signed in to an account whose password the stranger knows
 * (the stranger signs in whenever they like and reads or changes what the owner does there). Elsewhere
 * the link verifies the address and the page asks for the password, which only whoever chose it knows
 * (the owner who did not can use 'Forgot password?', which ends every other session).
 *
 * The cookie holds an HMAC of the address (never the address), set by every accepted sign-up whatever
 * the address's state (so the answer still tells nothing about it), kept as long as a link is valid.
 */

/** Better Auth's cookie name for it (createAuthCookie adds the prefix, and __Secure- on https). */
export const PENDING_SIGN_UP = "pending_sign_up";

export function pendingSignUpValue(secret: string, email: string): string {
  return createHmac("sha256", secret).update(`pending-sign-up:${email.trim().toLowerCase()}`).digest("base64url");
}

/** Whether the Cookie header holds the mark of a sign-up for `email` made in this browser. */
export function signedUpHere(cookieHeader: string | null, cookieName: string, secret: string, email: string | null): boolean {
  if (!email) return false;
  const expected = Buffer.from(pendingSignUpValue(secret, email));
  return cookieValues(cookieHeader, cookieName).some((value) => {
    const given = Buffer.from(value);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

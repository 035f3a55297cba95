import { createHash } from "node:crypto";
import { isbot } from "isbot";
import {
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE,
  CONSENT_MESSAGES,
  consentCookieValue,
  consentForIntent,
  consentFromCookieHeader,
  isTrackingAllowed,
  type ConsentChoice,
  type ServerConsentRef,
  type TrackingLevel,
} from "~/lib/consent";
import { ACCOUNT_GONE, can, FORBIDDEN, type Actor } from "~/access/access.server";
import type { SessionUser } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import { fail, ok, type Result } from "~/lib/result";
import type { ConsentForm, PageViewEvent } from "./privacy.schema";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { findPreferences, insertPageView, preferenceStats, saveConsentRecord, type PreferenceStats } from "./privacy.queries.server";

/**
 * Privacy consent and the analytics it allows, and the user's privacy preferences.
 *
 * Where a choice lives: in the browser's local storage (the banner), in the consent cookie (the
 * server's record for anyone, and the only one for signed-out visitors) and, for a signed-in user,
 * in user_preferences with an audit entry per choice. Tracking is decided here, from the cookie
 * for a signed-out visitor and from user_preferences for a signed-in user; a request never says
 * by itself that it may be tracked.
 */

/** The consent as the server knows it, and where from (the cookie keeps no date). */
export type ServerConsent = ServerConsentRef;

/** Two-letter country code from the operator's proxy header (COUNTRY_HEADER); never looked up. */
export function countryFromRequest(request: Request): string | null {
  const header = getConfig().countryHeader;
  if (!header) return null;
  const value = request.headers.get(header)?.trim().toUpperCase() ?? "";
  // XX: unknown (Cloudflare); T1 (Tor) and other non-letters fail the pattern.
  return /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : null;
}

/**
 * The choice the server has recorded for this request: the account's preferences for a signed-in
 * user, else the consent cookie. Null when neither exists. What the banner and settings show.
 */
export async function recordedConsent(
  request: Request,
  user: Pick<SessionUser, "id" | "storedConsent"> | null,
): Promise<ServerConsent | null> {
  if (user !== null) {
    // Read with the session when it came through the common path (one statement less per page).
    const row = user.storedConsent !== undefined ? user.storedConsent : await findPreferences(user.id);
    if (row)
      return {
        analyticsOptedIn: row.analyticsOptedIn,
        trackingLevel: row.trackingLevel,
        timestamp: row.consentDate.toISOString(),
        source: "account",
      };
  }
  const cookie = consentFromCookieHeader(request.headers.get("cookie"));
  return cookie ? { ...cookie, timestamp: null, source: "cookie" } : null;
}

/** The consent tracking obeys: user_preferences for a signed-in user, the cookie otherwise; default off. */
export async function trackingConsent(request: Request, userId: number | null): Promise<ConsentChoice | null> {
  if (userId !== null) return findPreferences(userId);
  return consentFromCookieHeader(request.headers.get("cookie"));
}

/** Set-Cookie for the consent cookie; null forgets it. HttpOnly: the page gets the choice from the root loader. */
export function consentCookie(consent: ConsentChoice | null): string {
  const secure = getConfig().appUrl.startsWith("https://") ? "; Secure" : "";
  return consent
    ? `${CONSENT_COOKIE}=${consentCookieValue(consent)}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`
    : `${CONSENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

export const CONSENT_RATE_LIMIT = { windowSeconds: 60, max: 20 } as const;

/**
 * Records a banner or settings choice. For a signed-in user: user_preferences upsert plus an audit
 * entry, in one transaction. The caller sets the consent cookie from the returned choice.
 * 'clear' changes nothing stored: it only forgets the cookie (returns null).
 */
export async function saveConsent(
  request: Request,
  userId: number | null,
  form: ConsentForm,
  now = new Date(),
): Promise<Result<ServerConsent | null>> {
  if (form.intent === "clear") return ok(null);
  const choice = consentForIntent(form.intent, form.intent === "save" ? form.level : undefined);
  if (userId === null) return ok({ ...choice, timestamp: now.toISOString(), source: "cookie" });
  try {
    if (!(await hitRateLimit(`consent:${userId}`, CONSENT_RATE_LIMIT, now.getTime())).ok) {
      return fail(429, "Too many requests. Please try again in a minute.");
    }
    const consentDate = await saveConsentRecord(userId, choice, countryFromRequest(request), now);
    if (consentDate === null) return fail(401, ACCOUNT_GONE);
    return ok({ ...choice, timestamp: consentDate.toISOString(), source: "account" });
  } catch (err) {
    console.error("[privacy] consent not saved:", err instanceof Error ? err.message : err);
    return fail(500, CONSENT_MESSAGES.saveFailed);
  }
}

export const PAGE_VIEW_RATE_LIMIT = { windowSeconds: 60, max: 60 } as const;

export type PageViewOutcome = "stored" | "not-allowed" | "rate-limited" | "unknown-game";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Stores a game page view when — and only when — the stored consent allows tracking. The session
 * id is kept only as its SHA-256; the user id only at the 'full' level. Never throws for an
 * expected case; the outcome says what happened.
 */
export async function recordPageView(
  request: Request,
  userId: number | null,
  event: PageViewEvent,
  clientIp: string | undefined,
): Promise<PageViewOutcome> {
  if (isbot(request.headers.get("user-agent") ?? "")) return "not-allowed";
  const consent = await trackingConsent(request, userId);
  if (!consent || !isTrackingAllowed(consent)) return "not-allowed";
  const level = consent.trackingLevel as Exclude<TrackingLevel, "none">;
  const bucket = `page-view:${sha256(clientIp ?? "unknown").slice(0, 32)}`;
  if (!(await hitRateLimit(bucket, PAGE_VIEW_RATE_LIMIT)).ok) return "rate-limited";
  const stored = await insertPageView({
    gameId: event.gameId,
    userId: level === "full" ? userId : null,
    trackingLevel: level,
    navigationSource: event.source,
    sessionHash: sha256(event.sessionId),
    country: countryFromRequest(request),
  });
  return stored ? "stored" : "unknown-game";
}

/** Privacy statistics for operators (is_admin); zeros when they cannot be read. */
export async function privacyStatistics(actor: Actor): Promise<Result<PreferenceStats>> {
  if (!can(actor, "admin.view")) return fail(403, FORBIDDEN);
  try {
    return ok(await preferenceStats());
  } catch (err) {
    console.error("[privacy] statistics not read:", err instanceof Error ? err.message : err);
    return ok({ total: 0, optedIn: 0, optedOut: 0, anonymousOnly: 0 });
  }
}

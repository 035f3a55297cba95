/**
 * Privacy consent rules shared by the server and the browser.
 * No storage access here: see app/components/privacy/consent-storage.ts for the browser
 * side and app/modules/privacy/ for the server side.
 */

import { cookieValues } from "./cookies";

export const TRACKING_LEVELS = ["none", "anonymous", "full"] as const;
export type TrackingLevel = (typeof TRACKING_LEVELS)[number];

/** The consent as stored locally: analyticsOptedIn, trackingLevel, timestamp. */
export interface ConsentRecord {
  analyticsOptedIn: boolean;
  trackingLevel: TrackingLevel;
  /** ISO 8601 time of the choice. */
  timestamp: string;
}

export type ConsentChoice = Pick<ConsentRecord, "analyticsOptedIn" | "trackingLevel">;

/** A choice as an account stores it (user_preferences): when it was made, as a date. */
export type StoredConsent = ConsentChoice & { consentDate: Date };

/** The banner's actions, as sent by the banner and the no-JavaScript form. */
export const CONSENT_INTENTS = ["accept_all", "accept_essential", "decline", "save"] as const;
export type ConsentIntent = (typeof CONSENT_INTENTS)[number];

export const BANNER_DELAY_MS = 1000;
export const BANNER_CLOSE_DELAY_MS = 500;
export const RETENTION_DAYS = 90;
export const CUSTOMIZE_DEFAULT_LEVEL: TrackingLevel = "anonymous";

/** No record at all: off, level anonymous. */
export const DEFAULT_CONSENT: ConsentChoice = { analyticsOptedIn: false, trackingLevel: "anonymous" };

export const CONSENT_MESSAGES = {
  saved: "Privacy preferences saved successfully!",
  saveFailed: "Failed to save consent",
  invalid: "Choose one of the privacy options.",
} as const;

/** The level's label in the banner and the settings dialog. */
export const LEVEL_LABELS: Record<TrackingLevel, string> = {
  none: "No Tracking",
  anonymous: "Anonymous Analytics",
  full: "Personalized Experience",
};

export const LEVEL_DESCRIPTIONS: Record<TrackingLevel, string> = {
  none: "Nothing about your visits is recorded. The site works the same.",
  anonymous:
    "Which game pages are viewed, how you got there, your country and a scrambled random session id, never linked to your account.",
  full: "The same, linked to your account when you are signed in, so Savepoint can tailor suggestions to you.",
};

export function isTrackingLevel(value: unknown): value is TrackingLevel {
  return typeof value === "string" && (TRACKING_LEVELS as readonly string[]).includes(value);
}

/**
 * What each action stores: Accept All → on/full, Accept Essential → on/anonymous, X → off/none;
 * Save Preferences → the chosen level, on unless it is none.
 */
export function consentForIntent(intent: ConsentIntent, level: TrackingLevel = CUSTOMIZE_DEFAULT_LEVEL): ConsentChoice {
  switch (intent) {
    case "accept_all":
      return { analyticsOptedIn: true, trackingLevel: "full" };
    case "accept_essential":
      return { analyticsOptedIn: true, trackingLevel: "anonymous" };
    case "decline":
      return { analyticsOptedIn: false, trackingLevel: "none" };
    case "save":
      return { analyticsOptedIn: level !== "none", trackingLevel: level };
  }
}

/** Tracking happens only when analytics is opted in and the level is not none. */
export function isTrackingAllowed(consent: ConsentChoice | null | undefined): boolean {
  return !!consent && consent.analyticsOptedIn && consent.trackingLevel !== "none";
}

/** A stored local record, or null when it is missing or malformed. */
export function parseConsentRecord(raw: unknown): ConsentRecord | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.analyticsOptedIn !== "boolean" || !isTrackingLevel(r.trackingLevel) || typeof r.timestamp !== "string") return null;
  if (Number.isNaN(Date.parse(r.timestamp))) return null;
  return { analyticsOptedIn: r.analyticsOptedIn, trackingLevel: r.trackingLevel, timestamp: r.timestamp };
}

// ---------------------------------------------------------------------------------------------
// The consent cookie: the server's record of a visitor's choice (signed-out visitors are tracked
// only on its say-so; it also keeps the server-rendered banner away). Its value is only the level,
// so pages stay shareable in the HTML cache (server/html-cache.ts keys on it).

export const CONSENT_COOKIE = "savepoint_consent";
export const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function consentCookieValue(consent: ConsentChoice): TrackingLevel {
  return consent.analyticsOptedIn ? consent.trackingLevel : "none";
}

/** The choice recorded in a Cookie header, or null. */
export function consentFromCookieHeader(header: string | null | undefined): ConsentChoice | null {
  const [value] = cookieValues(header, CONSENT_COOKIE);
  if (value === undefined || !isTrackingLevel(value)) return null;
  return { analyticsOptedIn: value !== "none", trackingLevel: value };
}

// ---------------------------------------------------------------------------------------------
// Navigation source of a game page view: a fixed vocabulary, never a URL.

export const NAVIGATION_SOURCES = ["direct", "external", "home", "search", "game", "profile", "users", "review", "other"] as const;
export type NavigationSource = (typeof NAVIGATION_SOURCES)[number];

/** Where the visitor came from: the previous page of this tab (in-app path), else the referrer. */
export function navigationSource(previousPath: string | null, referrer: string, origin: string): NavigationSource {
  let path = previousPath;
  if (path === null) {
    if (!referrer) return "direct";
    try {
      const url = new URL(referrer);
      if (url.origin !== origin) return "external";
      path = url.pathname;
    } catch {
      return "direct";
    }
  }
  if (path === "/") return "home";
  if (path === "/search" || path === "/search-results") return "search";
  if (path.startsWith("/game/")) return "game";
  if (path.startsWith("/user/") || path === "/profile") return "profile";
  if (path === "/users") return "users";
  if (path === "/review" || path.startsWith("/review/")) return "review";
  return "other";
}

// ---------------------------------------------------------------------------------------------
// Keeping the browser's record and the server's in step: for a signed-in user the database record,
// when there is one, is copied locally; otherwise the local record is saved to the database. For a signed-out visitor the server's record is the consent cookie.

export interface ServerConsentRef extends ConsentChoice {
  timestamp: string | null;
  source: "account" | "cookie";
}

export interface ConsentSyncPlan {
  /** Write this to local storage (and mark the banner shown). */
  writeLocal: { choice: ConsentChoice; timestamp: string | null } | null;
  /** Send this to the server (account preferences and/or consent cookie). */
  sendToServer: ConsentChoice | null;
}

export function planConsentSync(local: ConsentChoice | null, server: ServerConsentRef | null, signedIn: boolean): ConsentSyncPlan {
  const serverChoice: ConsentChoice | null = server
    ? { analyticsOptedIn: server.analyticsOptedIn && server.trackingLevel !== "none", trackingLevel: consentCookieValue(server) }
    : null;
  // Database to local when the account has a record.
  if (signedIn && server?.source === "account")
    return { writeLocal: { choice: serverChoice!, timestamp: server.timestamp }, sendToServer: null };
  if (local) {
    const normal: ConsentChoice = { analyticsOptedIn: isTrackingAllowed(local), trackingLevel: consentCookieValue(local) };
    // Local to the account; for a visitor, to the cookie when it is missing or differs.
    const send = signedIn || !serverChoice || serverChoice.trackingLevel !== normal.trackingLevel;
    return { writeLocal: null, sendToServer: send ? normal : null };
  }
  // Only the cookie knows (a choice made without JavaScript): copy it here, and to the account.
  if (serverChoice) return { writeLocal: { choice: serverChoice, timestamp: null }, sendToServer: signedIn ? serverChoice : null };
  return { writeLocal: null, sendToServer: null };
}

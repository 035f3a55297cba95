import {
  CONSENT_MESSAGES,
  consentForIntent,
  isTrackingLevel,
  parseConsentRecord,
  type ConsentChoice,
  type ConsentIntent,
  type ConsentRecord,
  type TrackingLevel,
} from "~/lib/consent";

/**
 * The browser side of consent (local browser storage): the consent record
 * { analyticsOptedIn, trackingLevel, timestamp }, the session id (timestamp plus random string;
 * only its SHA-256 is ever stored on the server) and the flag that the banner was shown.
 * Every function is safe to call during server rendering or with storage blocked (no-ops).
 */

export const STORAGE_KEYS = {
  consent: "savepoint-privacy-consent",
  sessionId: "savepoint-session-id",
  bannerShown: "savepoint-consent-banner-shown",
} as const;

/** Fired on window after a choice is saved or local data is cleared, so open views can follow. */
export const CONSENT_CHANGED_EVENT = "savepoint:consent-changed";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function notify() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
}

export function readLocalConsent(): ConsentRecord | null {
  const raw = storage()?.getItem(STORAGE_KEYS.consent);
  if (!raw) return null;
  try {
    return parseConsentRecord(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeLocalConsent(choice: ConsentChoice, timestamp: string = new Date().toISOString()): ConsentRecord {
  const record: ConsentRecord = { analyticsOptedIn: choice.analyticsOptedIn, trackingLevel: choice.trackingLevel, timestamp };
  try {
    storage()?.setItem(STORAGE_KEYS.consent, JSON.stringify(record));
  } catch {
    // storage full or blocked: the cookie and the account still hold the choice
  }
  return record;
}

export function isBannerShown(): boolean {
  return storage()?.getItem(STORAGE_KEYS.bannerShown) === "true";
}

export function markBannerShown(): void {
  try {
    storage()?.setItem(STORAGE_KEYS.bannerShown, "true");
  } catch {
    // ignore
  }
}

/** A session id: the current time in milliseconds, a dash and 12 random base-36 characters. */
export function newSessionId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => (b % 36).toString(36)).join("");
  return `${Date.now()}-${random}`;
}

/** This browser's session id, created on first use. */
export function getSessionId(): string {
  const store = storage();
  const existing = store?.getItem(STORAGE_KEYS.sessionId);
  if (existing && /^\d{10,16}-[a-z0-9]{8,32}$/.test(existing)) return existing;
  const id = newSessionId();
  try {
    store?.setItem(STORAGE_KEYS.sessionId, id);
  } catch {
    // ignore
  }
  return id;
}

/** 'Clear local data': removes the consent, session and shown entries and creates a new session id. */
export function clearLocalData(): string {
  const store = storage();
  for (const key of Object.values(STORAGE_KEYS)) {
    try {
      store?.removeItem(key);
    } catch {
      // ignore
    }
  }
  const id = getSessionId();
  notify();
  return id;
}

export type ServerConsentAnswer =
  | { ok: true; consent: { analyticsOptedIn: boolean; trackingLevel: TrackingLevel; timestamp: string | null } | null }
  | { ok: false; error: string };

/** POST /api/consent (JSON answer). Never throws. */
export async function postConsent(fields: Record<string, string>): Promise<ServerConsentAnswer> {
  try {
    const res = await fetch("/api/consent", {
      method: "POST",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const body = (await res.json().catch(() => null)) as { ok?: boolean; error?: string; consent?: unknown } | null;
    if (!res.ok || !body?.ok) return { ok: false, error: body?.error ?? CONSENT_MESSAGES.saveFailed };
    const c = body.consent as { analyticsOptedIn?: unknown; trackingLevel?: unknown; timestamp?: unknown } | null;
    if (c && typeof c.analyticsOptedIn === "boolean" && isTrackingLevel(c.trackingLevel)) {
      return {
        ok: true,
        consent: {
          analyticsOptedIn: c.analyticsOptedIn,
          trackingLevel: c.trackingLevel,
          timestamp: typeof c.timestamp === "string" ? c.timestamp : null,
        },
      };
    }
    return { ok: true, consent: null };
  } catch {
    return { ok: false, error: CONSENT_MESSAGES.saveFailed };
  }
}

export type SaveResult = { success: true; record: ConsentRecord; consentDate: string | null } | { success: false; error: string };

/**
 * Records a choice: locally first (the banner's own record), then on the server (consent cookie;
 * for a signed-in user the account's preferences and the audit log). A server failure gives
 * success false with the message or 'Failed to save consent'.
 */
export async function saveConsentChoice(intent: ConsentIntent, level?: TrackingLevel): Promise<SaveResult> {
  const choice = consentForIntent(intent, level);
  const record = writeLocalConsent(choice);
  markBannerShown();
  notify();
  const fields: Record<string, string> = { intent };
  if (intent === "save") fields.level = choice.trackingLevel;
  const r = await postConsent(fields);
  if (!r.ok) return { success: false, error: r.error || CONSENT_MESSAGES.saveFailed };
  return { success: true, record, consentDate: r.consent?.timestamp ?? null };
}

/** Sends a local record to the server (local → account/cookie sync). */
export function syncLocalToServer(record: ConsentChoice): Promise<ServerConsentAnswer> {
  return postConsent({ intent: "save", level: record.analyticsOptedIn ? record.trackingLevel : "none" });
}

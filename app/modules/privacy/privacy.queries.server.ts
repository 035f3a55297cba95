import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { holdAccount } from "~/modules/accounts/account-hold.queries.server";
import { pageView, privacyAuditLog, rateLimit, userPreferences } from "~/db/schema";
import type { ConsentChoice, NavigationSource, StoredConsent, TrackingLevel } from "~/lib/consent";

export type PreferencesRow = StoredConsent & { consentIpCountry: string | null };

/** The user's stored consent (unique index on user_id), or null when they never chose. */
export async function findPreferences(userId: number): Promise<PreferencesRow | null> {
  const [row] = await getDb()
    .select({
      analyticsOptedIn: userPreferences.analyticsOptedIn,
      trackingLevel: userPreferences.trackingLevel,
      consentDate: userPreferences.consentDate,
      consentIpCountry: userPreferences.consentIpCountry,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row ? { ...row, trackingLevel: row.trackingLevel as TrackingLevel } : null;
}

/**
 * Upserts the user's preferences and appends the audit entry (consent_given or
 * consent_withdrawn) in one transaction: both are written or neither. Null (nothing written) when
 * the account no longer exists (deleted while the request ran).
 */
export async function saveConsentRecord(userId: number, consent: ConsentChoice, country: string | null, now: Date): Promise<Date | null> {
  const given = consent.analyticsOptedIn && consent.trackingLevel !== "none";
  return getDb().transaction(async (tx) => {
    if (!(await holdAccount(tx, userId))) return null;
    const [row] = await tx
      .insert(userPreferences)
      .values({
        userId,
        analyticsOptedIn: given,
        trackingLevel: consent.trackingLevel,
        consentDate: now,
        consentIpCountry: country,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: { analyticsOptedIn: given, trackingLevel: consent.trackingLevel, consentDate: now, consentIpCountry: country, updatedAt: now },
      })
      .returning({ consentDate: userPreferences.consentDate });
    await tx.insert(privacyAuditLog).values({
      userId,
      action: given ? "consent_given" : "consent_withdrawn",
      details: { tracking_level: consent.trackingLevel },
      ipCountry: country,
      createdAt: now,
    });
    return row!.consentDate;
  });
}

export interface PageViewRow {
  gameId: number;
  userId: number | null;
  trackingLevel: Exclude<TrackingLevel, "none">;
  navigationSource: NavigationSource;
  sessionHash: string;
  country: string | null;
}

/** Stores one page view. Returns false when the game does not exist. */
export async function insertPageView(row: PageViewRow): Promise<boolean> {
  try {
    await getDb().insert(pageView).values(row);
    return true;
  } catch (err) {
    if (hasPgCode(err, "23503")) return false;
    throw err;
  }
}

function hasPgCode(err: unknown, code: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Rate-limit keys this module writes (cleared by the retention job once idle). */
export const RATE_LIMIT_PREFIXES = ["page-view:", "consent:"] as const;

const PURGE_BATCH = 5000;

/** Deletes the table's rows created before `cutoff`, PURGE_BATCH at a time; returns how many went. */
async function deleteInBatches(table: typeof pageView | typeof privacyAuditLog, cutoff: Date): Promise<number> {
  const db = getDb();
  let deleted = 0;
  for (;;) {
    const old = db.select({ id: table.id }).from(table).where(lt(table.createdAt, cutoff)).limit(PURGE_BATCH);
    const gone = await db.delete(table).where(inArray(table.id, old)).returning({ id: table.id });
    deleted += gone.length;
    if (gone.length < PURGE_BATCH) return deleted;
  }
}

/**
 * Deletes page views and audit entries created before `cutoff`, in batches (created_at indexes)
 * so no single statement holds the embedded database for long. Also drops this module's idle
 * rate-limit counters. Returns how many rows went.
 */
export async function purgeBefore(cutoff: Date): Promise<{ pageViews: number; auditEntries: number }> {
  const db = getDb();
  const pageViews = await deleteInBatches(pageView, cutoff);
  const auditEntries = await deleteInBatches(privacyAuditLog, cutoff);
  const idleBefore = Date.now() - 24 * 60 * 60 * 1000;
  await db.delete(rateLimit).where(
    and(
      lt(rateLimit.lastRequest, idleBefore),
      sql`(${sql.join(
        RATE_LIMIT_PREFIXES.map((p) => sql`${rateLimit.key} like ${`${p}%`}`),
        sql` or `,
      )})`,
    ),
  );
  return { pageViews, auditEntries };
}

export interface PreferenceStats {
  total: number;
  optedIn: number;
  optedOut: number;
  anonymousOnly: number;
}

/** One aggregate over user_preferences (one row per user who chose). */
export async function preferenceStats(): Promise<PreferenceStats> {
  const [row] = await getDb()
    .select({
      total: sql<number>`count(*)`,
      optedIn: sql<number>`count(*) filter (where ${userPreferences.analyticsOptedIn})`,
      optedOut: sql<number>`count(*) filter (where not ${userPreferences.analyticsOptedIn})`,
      anonymousOnly: sql<number>`count(*) filter (where ${userPreferences.analyticsOptedIn} and ${userPreferences.trackingLevel} = 'anonymous')`,
    })
    .from(userPreferences);
  return {
    total: Number(row?.total ?? 0),
    optedIn: Number(row?.optedIn ?? 0),
    optedOut: Number(row?.optedOut ?? 0),
    anonymousOnly: Number(row?.anonymousOnly ?? 0),
  };
}

import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

/**
 * Failed sign-ins per account (on top of Better Auth's per-IP limits): after
 * MAX_FAILURES wrong passwords for one e-mail within WINDOW, sign-in for that
 * e-mail answers 429 until the window has passed since the last failure. The
 * counter lives in rate_limit (shared by every process), keyed by a hash so
 * the table holds no e-mail addresses.
 */

export const MAX_FAILURES = 5;
export const WINDOW_SECONDS = 15 * 60;

const keyFor = (email: string) => `sign-in-failures:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;

/** Seconds until sign-in is allowed again, or null when it is allowed now. */
export async function lockedFor(db: Database, email: string, now = Date.now()): Promise<number | null> {
  const [row] = await db
    .select({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, keyFor(email)));
  if (!row || row.count < MAX_FAILURES) return null;
  const remaining = Math.ceil((row.lastRequest + WINDOW_SECONDS * 1000 - now) / 1000);
  return remaining > 0 ? remaining : null;
}

export async function recordFailure(db: Database, email: string, now = Date.now()): Promise<void> {
  const windowStart = now - WINDOW_SECONDS * 1000;
  await db
    .insert(rateLimit)
    .values({ key: keyFor(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: now,
      },
    });
}

export async function clearFailures(db: Database, email: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, keyFor(email)));
}

import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

/** Failure counters in rate_limit (shared by every process): one row per key. */

export async function readCounters(db: Database, keys: string[]): Promise<{ key: string; count: number; lastRequest: number }[]> {
  if (keys.length === 0) return [];
  return db
    .select({ key: rateLimit.key, count: rateLimit.count, lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(inArray(rateLimit.key, keys));
}

/** Adds one to the counter, starting again at 1 when its last failure is older than windowStart. */
export async function bumpCounter(db: Database, key: string, now: number, windowStart: number): Promise<void> {
  await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: now,
      },
    });
}

export async function deleteCounters(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimit).where(keys.length === 1 ? eq(rateLimit.key, keys[0]!) : inArray(rateLimit.key, keys));
}

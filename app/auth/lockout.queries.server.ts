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

/** The counter one higher, or 1 again when its last failure is older than windowStart (an upsert's SET). */
const counted = (now: number, windowStart: number) => ({
  count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
  lastRequest: now,
});

/** Adds one to the counter, starting again at 1 when its last failure is older than windowStart. */
export async function bumpCounter(db: Database, key: string, now: number, windowStart: number): Promise<void> {
  await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({ target: rateLimit.key, set: counted(now, windowStart) });
}

/**
 * Adds one to the counter unless it stands at `max` or more within the window (then nothing changes):
 * one statement, so concurrent attempts cannot all read "below max" before any of them counts.
 * True when counted.
 */
export async function bumpCounterBelow(db: Database, key: string, now: number, windowStart: number, max: number): Promise<boolean> {
  const rows = await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: counted(now, windowStart),
      setWhere: sql`${rateLimit.lastRequest} < ${windowStart} or ${rateLimit.count} < ${max}`,
    })
    .returning({ count: rateLimit.count });
  return rows.length > 0;
}

/** Takes back one count (never below zero). */
export async function dropCounters(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(inArray(rateLimit.key, keys));
}

export async function deleteCounters(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateLimit).where(keys.length === 1 ? eq(rateLimit.key, keys[0]!) : inArray(rateLimit.key, keys));
}

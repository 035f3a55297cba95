import { eq, inArray, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

/**
 * Counts one request against `key` in a fixed window of `windowMs`, in one atomic upsert: a window
 * that has run out starts again at `now` with a count of 1. Returns the count and the window's start.
 */
export async function countRequest(key: string, windowMs: number, now: number): Promise<{ count: number; windowStart: number }> {
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}::bigint`;
  const [row] = await getDb()
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  return { count: Number(row?.count ?? 1), windowStart: Number(row?.windowStart ?? now) };
}

/** Takes one request back from `key`'s count (it turned out to change nothing); never below 0. */
export async function uncountRequest(key: string): Promise<void> {
  await getDb()
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, key));
}

/**
 * Deletes up to `batch` counters whose last request is older than `idleBefore` (the last_request index
 * finds them without reading the others); returns how many went.
 */
export async function deleteIdleCounters(idleBefore: number, batch: number): Promise<number> {
  const db = getDb();
  const idle = db.select({ id: rateLimit.id }).from(rateLimit).where(lt(rateLimit.lastRequest, idleBefore)).limit(batch);
  const gone = await db.delete(rateLimit).where(inArray(rateLimit.id, idle)).returning({ id: rateLimit.id });
  return gone.length;
}

import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { rateLimit } from "~/db/schema";

/**
 * Per-client request limits for our own endpoints, kept in the rate_limit table that Better Auth's
 * limits (app/auth/auth.server.ts) and the sign-in lockout (app/auth/lockout.server.ts) use, so every
 * process shares the counters. Fixed windows: the first request of a window stores its start in
 * last_request, later ones count up; one atomic upsert per request. Keys carry a prefix naming the
 * endpoint ('igdb-search:<ip>'), apart from Better Auth's keys.
 */

export interface RateRule {
  windowSeconds: number;
  max: number;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfter: number };

export async function hitRateLimit(key: string, rule: RateRule, now = Date.now()): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
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
  const count = Number(row?.count ?? 1);
  if (count <= rule.max) return { ok: true, remaining: rule.max - count };
  const windowStart = Number(row?.windowStart ?? now);
  return { ok: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

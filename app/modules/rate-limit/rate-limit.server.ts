import { countRequest } from "./rate-limit.queries.server";

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
  const { count, windowStart } = await countRequest(key, windowMs, now);
  if (count <= rule.max) return { ok: true, remaining: rule.max - count };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

import { countRequest, uncountRequest } from "./rate-limit.queries.server";

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

/** What a member who made too many changes in a minute is told (429). */
export const WRITE_LIMIT_MESSAGE = "Too many changes in a short time. Please wait a minute and try again.";

const writesKey = (userId: number) => `writes:${userId}`;

/**
 * One change (a POST) of a signed-in member against their allowance of `perMinute` (WRITE_RATE_LIMIT):
 * every like, comment, follow, review, list or profile change of any route counts, in one window per
 * member shared by every process. Comments cannot be posted without end, and the anonymous page cache,
 * which every change empties, cannot be kept empty by one account.
 */
export function takeWriteAllowance(userId: number, perMinute: number, now = Date.now()): Promise<RateDecision> {
  return hitRateLimit(writesKey(userId), { windowSeconds: 60, max: perMinute }, now);
}

/** A change that was refused (4xx) wrote nothing: it gives its allowance back. */
export function returnWriteAllowance(userId: number): Promise<void> {
  return uncountRequest(writesKey(userId));
}

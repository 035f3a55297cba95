import { startPeriodicJob, type PeriodicJob } from "~/lib/periodic-job.server";
import { countRequest, deleteIdleCounters, uncountRequest } from "./rate-limit.queries.server";

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

/**
 * A counter idle this long is over in every window that uses the table: ours are a minute, Better
 * Auth's and the sign-in lockout's (app/auth/lockout.server.ts) at most 15 minutes. An hour leaves a
 * wide margin, so deleting one never forgets a count still in force.
 */
export const IDLE_COUNTER_MS = 60 * 60 * 1000;
export const SWEEP_BATCH = 1000;
/** Batches one sweep deletes at most: bounded work per run; what is left goes at the next run. */
export const SWEEP_MAX_BATCHES = 20;
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes idle counters (members' `writes:<id>`, sign-in failures, per-address limits, Better Auth's),
 * SWEEP_BATCH at a time, at most SWEEP_MAX_BATCHES. Without it a row stayed for every member and address
 * ever seen (Better Auth prunes only when one of its own windows rolls over).
 */
export async function sweepIdleCounters(now = Date.now()): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < SWEEP_MAX_BATCHES; i++) {
    const gone = await deleteIdleCounters(now - IDLE_COUNTER_MS, SWEEP_BATCH);
    deleted += gone;
    if (gone < SWEEP_BATCH) break;
  }
  return deleted;
}

interface SweepLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Runs the sweep every `intervalMs` in the background (startPeriodicJob); the first run after one
 * interval: a fresh process has nothing idle to find sooner.
 */
export function startCounterSweep(log: SweepLogger, intervalMs = SWEEP_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob({
    intervalMs,
    run: async () => {
      const deleted = await sweepIdleCounters();
      if (deleted > 0) log.info({ deleted }, "idle rate-limit counters deleted");
    },
    onError: (error) => log.warn({ error }, "rate-limit sweep failed; retrying at the next run"),
  });
}

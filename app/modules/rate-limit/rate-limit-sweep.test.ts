import { inArray, like, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "../../../tests/setup/database";
import { rateLimit } from "~/db/schema";
import { reserveAttempt } from "~/auth/lockout.server";
import {
  IDLE_COUNTER_MS,
  startCounterSweep,
  sweepIdleCounters,
  SWEEP_BATCH,
  SWEEP_MAX_BATCHES,
  takeWriteAllowance,
} from "./rate-limit.server";

/** Idle counters in rate_limit (members' writes, sign-in failures, per-address limits) are deleted off the request path. */

const db = useTestDatabase();
const MINUTE = 60_000;

const keysLike = async (prefix: string) =>
  (
    await db
      .handle()
      .db.select({ key: rateLimit.key })
      .from(rateLimit)
      .where(like(rateLimit.key, `${prefix}%`))
  )
    .map((r) => r.key)
    .sort();

describe("sweepIdleCounters", () => {
  it("deletes members' writes:<id> and sign-in failure counters idle for an hour, and keeps the ones still in force", async () => {
    const now = Date.now();
    const long = now - IDLE_COUNTER_MS - MINUTE;
    await takeWriteAllowance(900_001, 60, long);
    await takeWriteAllowance(900_002, 60, now - 30_000);
    await reserveAttempt(db.handle().db, "sweep-old@example.test", "10.9.9.9", long);
    await reserveAttempt(db.handle().db, "sweep-new@example.test", "10.9.9.9", now - 14 * MINUTE);
    await db
      .handle()
      .db.insert(rateLimit)
      .values([
        { key: "sweep-test:idle", count: 3, lastRequest: long },
        { key: "sweep-test:recent", count: 3, lastRequest: now - 20 * MINUTE },
      ]);
    const failuresBefore = (await keysLike("sign-in-failures:")).length;

    expect(await sweepIdleCounters(now)).toBeGreaterThanOrEqual(4);
    expect(await keysLike("writes:90000")).toEqual(["writes:900002"]);
    expect(await keysLike("sweep-test:")).toEqual(["sweep-test:recent"]);
    // The old address's two counters (account and client) went; the recent one's two stay.
    expect((await keysLike("sign-in-failures:")).length).toBe(failuresBefore - 2);
  });

  it("does bounded work per run: at most SWEEP_MAX_BATCHES batches, the rest at the next run", async () => {
    const now = Date.now();
    const total = SWEEP_BATCH * SWEEP_MAX_BATCHES + 7;
    await db.handle().db.execute(sql`
      insert into rate_limit (key, count, last_request)
      select 'sweep-bulk:' || n, 1, ${now - 2 * IDLE_COUNTER_MS}::bigint from generate_series(1, ${total}) as n`);
    expect(await sweepIdleCounters(now)).toBe(SWEEP_BATCH * SWEEP_MAX_BATCHES);
    expect((await keysLike("sweep-bulk:")).length).toBe(7);
    expect(await sweepIdleCounters(now)).toBe(7);
    expect(await keysLike("sweep-bulk:")).toEqual([]);
  });

  it("finds idle counters through the last_request index", async () => {
    const plan = await db.handle().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain delete from rate_limit where id in (select id from rate_limit where last_request < 1000 limit 1000)`,
      );
      return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/rate_limit_last_request_idx/);
  });

  it("runs on a timer, not per request", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      await db
        .handle()
        .db.insert(rateLimit)
        .values({ key: "sweep-timer:idle", count: 1, lastRequest: Date.now() - 2 * IDLE_COUNTER_MS });
      const info = vi.fn();
      const job = startCounterSweep({ info, warn: vi.fn() }, 1000);
      expect(await keysLike("sweep-timer:")).toEqual(["sweep-timer:idle"]);
      vi.advanceTimersByTime(1000);
      await vi.waitFor(async () => expect(await keysLike("sweep-timer:")).toEqual([]));
      await job.stop();
      expect(info).toHaveBeenCalledWith(expect.objectContaining({ deleted: expect.any(Number) }), "idle rate-limit counters deleted");
    } finally {
      vi.useRealTimers();
      await db
        .handle()
        .db.delete(rateLimit)
        .where(inArray(rateLimit.key, ["sweep-timer:idle"]));
    }
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { user } from "~/db/schema";
import { startRetentionJob } from "~/modules/privacy/retention.server";
import { isUsernameTaken, staleUnverifiedIds } from "./accounts.queries.server";
import { expireUnverifiedAccounts, UNVERIFIED_ACCOUNT_DAYS } from "./unverified-expiry.server";

/** A sign-up never verified does not hold its username for ever (decision 010, "Unverified sign-ups expire"). */

const db = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);

describe("sign-ups left unverified", () => {
  it(`are deleted after ${UNVERIFIED_ACCOUNT_DAYS} days, freeing the username; newer ones and verified accounts stay`, async () => {
    const now = new Date();
    const stale = await createUser({
      username: "stale_pending",
      emailVerified: false,
      createdAt: daysAgo(now, UNVERIFIED_ACCOUNT_DAYS + 1),
    });
    const fresh = await createUser({
      username: "fresh_pending",
      emailVerified: false,
      createdAt: daysAgo(now, UNVERIFIED_ACCOUNT_DAYS - 1),
    });
    const old = await createUser({ username: "old_member", emailVerified: true, createdAt: daysAgo(now, 400) });
    expect(await isUsernameTaken("stale_pending")).toBe(true);

    expect(await expireUnverifiedAccounts(now)).toBe(1);

    const left = await db
      .handle()
      .db.select({ id: user.id })
      .from(user)
      .where(inArray(user.id, [stale.id, fresh.id, old.id]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([fresh.id, old.id].sort((a, b) => a - b));
    expect(await isUsernameTaken("stale_pending")).toBe(false);
    // Nothing left to do: a second run deletes nothing.
    expect(await expireUnverifiedAccounts(now)).toBe(0);
  });

  it("more than one batch in a run", async () => {
    const now = new Date();
    const ids: number[] = [];
    for (let i = 0; i < 205; i++)
      ids.push((await createUser({ username: `bulk_pending_${i}`, emailVerified: false, createdAt: daysAgo(now, 30) })).id);
    expect(await expireUnverifiedAccounts(now)).toBeGreaterThanOrEqual(205);
    expect(await db.handle().db.select({ id: user.id }).from(user).where(inArray(user.id, ids))).toEqual([]);
  });

  it("the daily retention job runs it and says how many went", async () => {
    const pending = await createUser({ username: "job_pending", emailVerified: false, createdAt: daysAgo(new Date(), 60) });
    const lines: string[] = [];
    const log = { info: (_: object, m: string) => lines.push(m), error: (_: object, m: string) => lines.push(`error: ${m}`) };
    const job = startRetentionJob(log, 60_000);
    await job.lastRun;
    await job.stop();
    expect(await db.handle().db.select().from(user).where(eq(user.id, pending.id))).toEqual([]);
    expect(lines).toContain(`deleted sign-ups left unverified for ${UNVERIFIED_ACCOUNT_DAYS} days`);
    expect(lines.filter((l) => l.startsWith("error"))).toEqual([]);
  });

  it("finds them through the partial index of unverified accounts, not a scan of every account", async () => {
    const d = db.handle().db;
    const plan = await d.transaction(async (tx) => {
      // Without statistics (the embedded database runs no autovacuum) the planner may scan a small table.
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      return tx.execute<Record<string, unknown>>(sql`explain (format json) ${staleUnverifiedIds(d, new Date(), 200).getSQL()}`);
    });
    const cell = Object.values(plan.rows[0] ?? {})[0];
    expect(JSON.stringify(typeof cell === "string" ? JSON.parse(cell) : cell)).toContain("user_unverified_created_idx");
  });
});

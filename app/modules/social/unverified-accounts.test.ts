import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createGame, createRating, createUser, sessionUserOf } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { user, userFollow } from "~/db/schema";
import { getProfileHeader, loadProfileDialog } from "~/modules/profile/profile.service.server";
import { clearDiscoverCache, getDiscoverPage, searchUsers } from "./discover.service.server";
import { parseDiscoverParams } from "./discover.shared";
import { FOLLOW_MESSAGES as M } from "./follow.messages";
import { setFollow } from "./follow.service.server";

/**
 * An account whose e-mail address is not verified (docs/decisions/025) is not a member yet: not in
 * Discover, its counts or the member search, no profile for others, cannot be followed.
 */

const db = useTestDatabase();
const params = (qs: string) => parseDiscoverParams(new URLSearchParams(qs));
beforeEach(() => clearDiscoverCache());

async function pair(tag: string) {
  const verified = await createUser({ name: `Quokka ${tag} Shown` });
  const pending = await createUser({ name: `Quokka ${tag} Pending`, emailVerified: false });
  return { verified, pending };
}

describe("unverified accounts", () => {
  it("are not listed in Discover (any sort), its total, the top reviewers or the community counts", async () => {
    const me = await createUser();
    const { verified, pending } = await pair("disc");
    const g = await createGame();
    await createRating({ userId: pending.id, gameId: g.id });
    await db.handle().db.update(user).set({ ratingCount: 1000, followerCount: 1000 }).where(eq(user.id, pending.id));
    for (const sort of ["relevant", "followers", "reviews", "recent"]) {
      const page = await getDiscoverPage(sessionUserOf(me), params(`q=quokka disc&sort=${sort}`));
      expect(
        page.users.map((u) => u.id),
        sort,
      ).toEqual([verified.id]);
      expect(page.total, sort).toBe(1);
      const all = await getDiscoverPage(sessionUserOf(me), params(`sort=${sort}`));
      expect(
        all.users.map((u) => u.id),
        sort,
      ).not.toContain(pending.id);
    }
    const home = await getDiscoverPage(sessionUserOf(me), params(""));
    expect(home.topReviewers.map((u) => u.id)).not.toContain(pending.id);
    const truth = (await db.handle().db.execute<{ users: number }>(sql`select count(*)::int as users from "user" where email_verified`))
      .rows[0]!;
    expect(home.stats.totalUsers).toBe(truth.users);
  });

  it("are not found by the member search (the header's Users tab)", async () => {
    const me = await createUser();
    const { verified, pending } = await pair("srch");
    const found = await searchUsers(sessionUserOf(me), "quokka srch", 8);
    expect(found.map((u) => u.id)).toEqual([verified.id]);
    expect(found.map((u) => u.id)).not.toContain(pending.id);
  });

  it("have no profile for anyone (as if there were none), while a verified one has", async () => {
    const { verified, pending } = await pair("prof");
    expect(await getProfileHeader(String(pending.id))).toMatchObject({ ok: false, status: 404 });
    expect(await getProfileHeader(String(verified.id))).toMatchObject({ ok: true, data: { id: verified.id } });
  });

  it("cannot be followed, and nothing is written; once verified they can", async () => {
    const me = await createUser();
    const { pending } = await pair("follow");
    expect(await setFollow(sessionUserOf(me), pending.id, "follow")).toEqual({ ok: false, status: 404, error: M.userNotFound });
    const rows = await db
      .handle()
      .db.select()
      .from(userFollow)
      .where(and(eq(userFollow.followerId, me.id), eq(userFollow.followingId, pending.id)));
    expect(rows).toEqual([]);
    const [counts] = await db.handle().db.select({ n: user.followerCount }).from(user).where(eq(user.id, pending.id));
    expect(counts?.n).toBe(0);
    await db.handle().db.update(user).set({ emailVerified: true }).where(eq(user.id, pending.id));
    expect(await setFollow(sessionUserOf(me), pending.id, "follow")).toMatchObject({ ok: true });
  });

  it("do not show in a following list that holds them from before", async () => {
    const me = await createUser();
    const { verified, pending } = await pair("dialog");
    await db
      .handle()
      .db.insert(userFollow)
      .values([
        { followerId: me.id, followingId: verified.id },
        { followerId: me.id, followingId: pending.id },
      ]);
    const dialog = await loadProfileDialog(me.id, new URLSearchParams("dialog=following"));
    expect(dialog && "people" in dialog ? dialog.people.map((p) => p.id) : null).toEqual([verified.id]);
  });

  it("Discover's sorts and counts can use the partial indexes (no scan of the user table needed)", async () => {
    const plans = await db.handle().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (q: ReturnType<typeof sql>) =>
        (await tx.execute<{ "QUERY PLAN": string }>(q)).rows.map((r) => r["QUERY PLAN"]).join("\n");
      return {
        followers: await plan(
          sql`explain select id from "user" where "user"."email_verified" order by follower_count desc, id desc limit 20`,
        ),
        recent: await plan(sql`explain select id from "user" where "user"."email_verified" order by created_at desc, id desc limit 20`),
        top: await plan(
          sql`explain select id from "user" where "user"."email_verified" and rating_count > 0 order by rating_count desc, id limit 4`,
        ),
        stats: await plan(
          sql`explain select count(*), count(*) filter (where rating_count > 0), sum(rating_count) from "user" where "user"."email_verified"`,
        ),
      };
    });
    expect(plans.followers).toMatch(/user_follower_count_idx/);
    expect(plans.recent).toMatch(/user_created_idx/);
    expect(plans.top).toMatch(/user_rating_count_idx/);
    expect(plans.stats).toMatch(/user_rating_count_idx/);
    for (const p of Object.values(plans)) expect(p).not.toMatch(/Seq Scan/);
  });
});

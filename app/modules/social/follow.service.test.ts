import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rating, user, userFollow } from "~/db/schema";
import { deleteUserCascade } from "~/modules/accounts/accounts.queries.server";
import { getDb } from "~/db/client.server";
import { useTestDatabase } from "../../../tests/setup/database";
import { createGame, createRating, createUser, sessionUserOf } from "../../../tests/factories";
import { APP_URL, pageRequest, useAuthConfig, verifiedAccount } from "../../../tests/support/auth";
import type { Config } from "~/config.server";
import { action as followAction } from "~/routes/api.users.$id.follow";
import { FOLLOW_MESSAGES as M, setFollow } from "./follow.service.server";
import { getFollowedFeed } from "./feed.service.server";
import { toggleReviewLike } from "./social.service.server";
import { listFollowedReviews } from "./feed.queries.server";

const db = useTestDatabase();

async function counts(id: number) {
  const [row] = await db
    .handle()
    .db.select({ followers: user.followerCount, following: user.followingCount })
    .from(user)
    .where(eq(user.id, id));
  return row;
}
async function rows(where: { follower?: number; following?: number }) {
  const conds = [];
  if (where.follower !== undefined) conds.push(eq(userFollow.followerId, where.follower));
  if (where.following !== undefined) conds.push(eq(userFollow.followingId, where.following));
  const [r] = await db
    .handle()
    .db.select({ n: sql<number>`count(*)` })
    .from(userFollow)
    .where(and(...conds));
  return Number(r?.n ?? 0);
}

describe("follow / unfollow", () => {
  it("follows: one row, follower_count and following_count up by one", async () => {
    const [a, b] = [await createUser(), await createUser()];
    expect(await setFollow(sessionUserOf(a), b.id, "follow")).toEqual({ ok: true, data: { userId: b.id, following: true } });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 1 });
    expect(await counts(b.id)).toEqual({ followers: 1, following: 0 });
    expect(await rows({ follower: a.id, following: b.id })).toBe(1);
  });

  it("following an already-followed user is a no-op success (counts unchanged)", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await setFollow(sessionUserOf(a), b.id, "follow");
    expect(await setFollow(sessionUserOf(a), b.id, "follow")).toMatchObject({ ok: true, data: { following: true } });
    expect(await counts(b.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 1 });
  });

  it("unfollows: the row goes and both counts come down; unfollowing again changes nothing and never goes negative", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await setFollow(sessionUserOf(a), b.id, "follow");
    expect(await setFollow(sessionUserOf(a), b.id, "unfollow")).toEqual({ ok: true, data: { userId: b.id, following: false } });
    expect(await setFollow(sessionUserOf(a), b.id, "unfollow")).toMatchObject({ ok: true, data: { following: false } });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(b.id)).toEqual({ followers: 0, following: 0 });
    expect(await rows({ follower: a.id })).toBe(0);
  });

  it("refuses to follow oneself (service message, and the database check)", async () => {
    const a = await createUser();
    expect(await setFollow(sessionUserOf(a), a.id, "follow")).toEqual({ ok: false, status: 400, error: M.self });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
    await expect(db.handle().db.insert(userFollow).values({ followerId: a.id, followingId: a.id })).rejects.toThrow();
  });

  it("visitors get the spec's messages with 401", async () => {
    const b = await createUser();
    expect(await setFollow(null, b.id, "follow")).toEqual({ ok: false, status: 401, error: "You must be logged in to follow users" });
    expect(await setFollow(null, b.id, "unfollow")).toEqual({ ok: false, status: 401, error: "You must be logged in to unfollow users" });
  });

  it("an unknown user is a 404 and nothing is written", async () => {
    const a = await createUser();
    expect(await setFollow(sessionUserOf(a), 2_000_000_000, "follow")).toEqual({ ok: false, status: 404, error: M.userNotFound });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
  });

  it("30 different users following and unfollowing one user at once: follower_count equals the rows", async () => {
    const target = await createUser();
    const fans = await Promise.all(Array.from({ length: 30 }, () => createUser()));
    // Everyone follows at once, then half unfollow while the others follow again (a no-op).
    const first = await Promise.all(fans.map((f) => setFollow(sessionUserOf(f), target.id, "follow")));
    expect(first.every((r) => r.ok)).toBe(true);
    const second = await Promise.all(fans.map((f, i) => setFollow(sessionUserOf(f), target.id, i % 2 ? "unfollow" : "follow")));
    expect(second.every((r) => r.ok)).toBe(true);
    const stored = await counts(target.id);
    expect(stored?.followers).toBe(await rows({ following: target.id }));
    expect(stored?.followers).toBe(15);
    // Mutual follows in both directions at once cannot deadlock.
    const [x, y] = [await createUser(), await createUser()];
    const both = await Promise.all([setFollow(sessionUserOf(x), y.id, "follow"), setFollow(sessionUserOf(y), x.id, "follow")]);
    expect(both.every((r) => r.ok)).toBe(true);
    expect(await counts(x.id)).toEqual({ followers: 1, following: 1 });
  });

  it("deleting an account keeps every other user's counts exact", async () => {
    const [gone, fan, idol, bystander] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await setFollow(sessionUserOf(fan), gone.id, "follow");
    await setFollow(sessionUserOf(gone), idol.id, "follow");
    await setFollow(sessionUserOf(fan), idol.id, "follow");
    await setFollow(sessionUserOf(bystander), fan.id, "follow");
    expect(await deleteUserCascade(gone.id)).toBe(true);
    expect(await counts(fan.id)).toEqual({ followers: 1, following: 1 });
    expect(await counts(idol.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(bystander.id)).toEqual({ followers: 0, following: 1 });
    for (const u of [fan, idol, bystander]) {
      const c = await counts(u.id);
      expect(c?.followers).toBe(await rows({ following: u.id }));
      expect(c?.following).toBe(await rows({ follower: u.id }));
    }
  });
});

describe("a follow the database refuses", () => {
  it("is 'Failed to follow user. Please try again.' (or unfollow), as a 500 Result, and changes nothing", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await setFollow(sessionUserOf(a), b.id, "follow");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The follow table is out of reach for a moment (a real database error, not a stand-in).
    await db.handle().db.execute(sql`alter table user_follow rename to user_follow_away`);
    try {
      expect(await setFollow(sessionUserOf(b), a.id, "follow")).toEqual({
        ok: false,
        status: 500,
        error: "Failed to follow user. Please try again.",
      });
      expect(await setFollow(sessionUserOf(a), b.id, "unfollow")).toEqual({
        ok: false,
        status: 500,
        error: "Failed to unfollow user. Please try again.",
      });
    } finally {
      await db.handle().db.execute(sql`alter table user_follow_away rename to user_follow`);
      errors.mockRestore();
    }
    expect(await counts(a.id)).toEqual({ followers: 0, following: 1 });
    expect(await counts(b.id)).toEqual({ followers: 1, following: 0 });
  });
});

describe("POST /api/users/:id/follow", () => {
  const call = (id: string, form: Record<string, string>, origin = APP_URL) => {
    const request = pageRequest(`/api/users/${id}/follow`, { form });
    if (origin !== APP_URL) request.headers.set("origin", origin);
    return followAction({ request, params: { id }, context: {} } as never) as Promise<unknown>;
  };
  const answer = async (p: Promise<unknown>) => {
    const r = (await p.catch((e: unknown) => e)) as { data?: unknown; init?: { status?: number; headers?: HeadersInit } } | Response;
    if (r instanceof Response) return { status: r.status, location: r.headers.get("location"), body: null };
    return { status: r.init?.status ?? 200, location: new Headers(r.init?.headers).get("location"), body: r.data };
  };

  it("bad input is a 4xx with a clear message: non-numeric ids, huge ids, unknown intents", async () => {
    for (const id of ["abc", "1.5", "-3", "0", "99999999999", "1e3"]) {
      expect(await answer(call(id, { intent: "follow", format: "json" }))).toMatchObject({ status: 400, body: { error: M.invalidUser } });
    }
    expect(await answer(call("5", { intent: "befriend", format: "json" }))).toMatchObject({
      status: 400,
      body: { error: M.invalidIntent },
    });
  });

  it("a visitor: 401 with the message for the fetcher; a plain form goes to /login and comes back (303)", async () => {
    const b = await createUser();
    expect(await answer(call(String(b.id), { intent: "follow", format: "json" }))).toMatchObject({
      status: 401,
      body: { error: "You must be logged in to follow users" },
    });
    expect(await answer(call(String(b.id), { intent: "unfollow", format: "json" }))).toMatchObject({
      status: 401,
      body: { error: "You must be logged in to unfollow users" },
    });
    const plain = await answer(call(String(b.id), { intent: "follow", redirectTo: "/users?q=ab" }));
    expect(plain.status).toBe(303);
    expect(plain.location).toBe(`/login?redirectTo=${encodeURIComponent("/users?q=ab")}`);
  });

  it("an unexpected failure is a JSON answer with 'An unexpected error occurred', not an error page", async () => {
    const config: Config = useAuthConfig();
    const me = await verifiedAccount(config, "Fan");
    const b = await createUser();
    const request = pageRequest(`/api/users/${b.id}/follow`, { form: { intent: "follow", format: "json" }, cookie: me.cookie });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = vi.spyOn(getDb(), "transaction").mockRejectedValueOnce(new TypeError("a bug, not a refusal"));
    try {
      expect(await answer(followAction({ request, params: { id: String(b.id) }, context: {} } as never))).toMatchObject({
        status: 500,
        body: { ok: false, error: "An unexpected error occurred" },
      });
    } finally {
      broken.mockRestore();
      errors.mockRestore();
    }
    // The same call once nothing is broken: the signed-in member follows.
    const again = pageRequest(`/api/users/${b.id}/follow`, { form: { intent: "follow", format: "json" }, cookie: me.cookie });
    expect(await answer(followAction({ request: again, params: { id: String(b.id) }, context: {} } as never))).toMatchObject({
      status: 200,
      body: { ok: true, following: true },
    });
  });

  it("a foreign origin is refused", async () => {
    expect(await answer(call("5", { intent: "follow", format: "json" }, "https://evil.example"))).toMatchObject({ status: 403 });
  });
});

describe("From people you follow", () => {
  it("shows the newest written reviews of followed users only, newest first, at most 10", async () => {
    const [me, idol, stranger] = [await createUser(), await createUser(), await createUser()];
    const games = await Promise.all(Array.from({ length: 12 }, () => createGame()));
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 12; i++) {
      await createRating({ userId: idol.id, gameId: games[i]!.id, review: `review ${i}`, postDateTime: new Date(base + i * 60_000) });
    }
    await createRating({ userId: stranger.id, gameId: games[0]!.id, review: "not followed", postDateTime: new Date(base + 99 * 60_000) });
    await createRating({ userId: idol.id, gameId: (await createGame()).id, review: null, postDateTime: new Date(base + 98 * 60_000) });

    expect(await getFollowedFeed(null)).toBeNull();
    expect(await getFollowedFeed(sessionUserOf(me))).toEqual({ reviews: [], followsNobody: true, likedReviewIds: [], error: null });

    // Following someone with no written review: an empty feed, but not "follows nobody".
    const quiet = await createUser();
    await setFollow(sessionUserOf(me), quiet.id, "follow");
    expect(await getFollowedFeed(sessionUserOf(me))).toEqual({ reviews: [], followsNobody: false, likedReviewIds: [], error: null });
    await setFollow(sessionUserOf(me), quiet.id, "unfollow");

    await setFollow(sessionUserOf(me), idol.id, "follow");
    // The viewer's like of one of them comes with the cards.
    const newest = await getDb()
      .select({ id: rating.id })
      .from(rating)
      .where(and(eq(rating.userId, idol.id), eq(rating.gameId, games[11]!.id)));
    await toggleReviewLike(sessionUserOf(me), newest[0]!.id);
    // A feed with reviews is one statement: no count of whom the viewer follows, no separate like read.
    const select = vi.spyOn(getDb(), "select");
    const execute = vi.spyOn(getDb(), "execute");
    const feed = await getFollowedFeed(sessionUserOf(me));
    expect(select).toHaveBeenCalledTimes(1);
    expect(execute).not.toHaveBeenCalled();
    select.mockRestore();
    execute.mockRestore();
    expect(feed?.likedReviewIds).toEqual([newest[0]!.id]);
    expect(feed?.followsNobody).toBe(false);
    expect(feed?.reviews.map((r) => r.text)).toEqual(Array.from({ length: 10 }, (_, i) => `review ${11 - i}`));
    expect(feed?.reviews.every((r) => r.userId === idol.id)).toBe(true);

    await setFollow(sessionUserOf(me), idol.id, "unfollow");
    expect(await listFollowedReviews(me.id, 10)).toEqual([]);
  });

  it("is read through the follow key and the written-reviews (user_id, post_date_time) index", async () => {
    if (db.kind !== "postgres") {
      // The embedded database plans the same SQL; EXPLAIN is checked once on PostgreSQL.
      const plan = await db.handle().db.execute<{ "QUERY PLAN": string }>(sql`
        explain select r.id from user_follow f cross join lateral (
          select id, post_date_time as at from rating where user_id = f.following_id and review is not null
          order by post_date_time desc limit 10) r where f.follower_id = 1 order by r.at desc limit 10`);
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toMatch(/rating_user_review_recent_idx/);
      return;
    }
    await db.handle().db.execute(sql`set enable_seqscan = off`);
    const plan = await db.handle().db.execute<{ "QUERY PLAN": string }>(sql`
      explain select r.id from user_follow f cross join lateral (
        select id, post_date_time as at from rating where user_id = f.following_id and review is not null
        order by post_date_time desc limit 10) r where f.follower_id = 1 order by r.at desc limit 10`);
    await db.handle().db.execute(sql`reset enable_seqscan`);
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/rating_user_review_recent_idx/);
  });
});

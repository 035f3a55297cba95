import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createGame, createRating, createUser, sessionUserOf } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { getDb } from "~/db/client.server";
import { comment, contentLike, gameProgress, user, userCollection, userFollow, userWishlist } from "~/db/schema";
import { ACTIVITY_PRIORITY, compareActivity, decodeCursor, encodeCursor } from "./activity";
import {
  decodeDialogCursor,
  DIALOG_PAGE_SIZE,
  getProfileHeader,
  loadActivityTab,
  loadProfileDialog,
  type ActivityItem,
  type ProfileDialog,
} from "./profile.service.server";

useTestDatabase();

let igdb = 700_000;
const game = () => createGame({ igdbId: ++igdb });
const at = (ms: number) => new Date(ms);
/** A time on a 2-second boundary, so a test says exactly which window each item is in. */
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

describe("profile header", () => {
  it("refuses a non-numeric or out-of-range id with 'Invalid user ID'", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "99999999999", "12abc", ""]) {
      const r = await getProfileHeader(id);
      expect(r, id).toEqual({ ok: false, status: 400, error: "Invalid user ID" });
    }
  });

  it("reports a missing user as not found (the page sends them to /users)", async () => {
    expect(await getProfileHeader("2000000000")).toMatchObject({ ok: false, status: 404 });
  });

  it("shows name, bio, join month and year, location, website, platforms and the stats strip", async () => {
    const u = await createUser({
      name: "Ada",
      bio: "I play.",
      location: "Lisbon",
      website: "https://ada.example/",
      platform: "PC, PS5 ,,Switch",
      createdAt: new Date("2024-03-15T10:00:00Z"),
      followerCount: 3,
      followingCount: 2,
    });
    const [g1, g2, g3] = [await game(), await game(), await game()];
    await createRating({ userId: u.id, gameId: g1.id, postDateTime: new Date("2026-02-01T00:00:00Z") });
    await createRating({ userId: u.id, gameId: g2.id, postDateTime: new Date("2025-12-31T23:00:00Z") });
    await getDb()
      .insert(gameProgress)
      .values([
        { userId: u.id, gameId: g1.id, started: true, startedDate: new Date() },
        { userId: u.id, gameId: g2.id, started: true, completed: true, startedDate: new Date(), completedDate: new Date() },
      ]);
    await getDb().insert(userWishlist).values({ userId: u.id, igdbId: g3.igdbId!, gameId: g3.id });
    // The user and the stats strip's counts in one statement.
    const select = vi.spyOn(getDb(), "select");
    const r = await getProfileHeader(String(u.id), new Date("2026-06-01T00:00:00Z"));
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      name: "Ada",
      bio: "I play.",
      location: "Lisbon",
      website: "https://ada.example/",
      platforms: ["PC", "PS5", "Switch"],
      joined: "March 2024",
      stats: { games: 2, reviewsThisYear: 1, lists: 1, following: 2, followers: 3 },
    });
  });

  it("never shows a stored non-http website as a link", async () => {
    const u = await createUser({ website: "javascript:alert(1)" });
    const r = await getProfileHeader(String(u.id));
    expect(r.ok && r.data.website).toBeNull();
  });
});

describe("stat dialogs", () => {
  it("follow dialog: followers and following, or their empty lists", async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    expect(await loadProfileDialog(a.id, new URLSearchParams("dialog=followers"))).toEqual({
      name: "followers",
      people: [],
      after: null,
      nextCursor: null,
      error: null,
    });
    await getDb()
      .insert(userFollow)
      .values([
        { followerId: b.id, followingId: a.id },
        { followerId: a.id, followingId: c.id },
      ]);
    const followers = await loadProfileDialog(a.id, new URLSearchParams("dialog=followers"));
    const following = await loadProfileDialog(a.id, new URLSearchParams("dialog=following"));
    expect(followers?.name === "followers" && followers.people.map((p) => p.id)).toEqual([b.id]);
    expect(following?.name === "following" && following.people.map((p) => p.id)).toEqual([c.id]);
    expect(await loadProfileDialog(a.id, new URLSearchParams("dialog=nope"))).toBeNull();
  });

  it("follow dialog: says per person whether the viewer follows them, read for the whole list in one query", async () => {
    const [owner, viewer, followed, notFollowed] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await getDb()
      .insert(userFollow)
      .values([
        { followerId: followed.id, followingId: owner.id },
        { followerId: notFollowed.id, followingId: owner.id },
        { followerId: viewer.id, followingId: owner.id },
        { followerId: viewer.id, followingId: followed.id },
      ]);
    const select = vi.spyOn(getDb(), "select");
    const d = await loadProfileDialog(owner.id, new URLSearchParams("dialog=followers"), sessionUserOf(viewer));
    // The list, then the viewer's follow rows among all of its people: two queries however long the list.
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();
    const states = d?.name === "followers" ? Object.fromEntries(d.people.map((p) => [p.id, p.viewerFollows])) : null;
    expect(states).toEqual({ [followed.id]: true, [notFollowed.id]: false, [viewer.id]: false });
    // A visitor follows nobody, and nothing is read for it.
    const visitorSelect = vi.spyOn(getDb(), "select");
    const v = await loadProfileDialog(owner.id, new URLSearchParams("dialog=followers"), null);
    expect(visitorSelect).toHaveBeenCalledTimes(1);
    visitorSelect.mockRestore();
    expect(v?.name === "followers" && v.people.every((p) => !p.viewerFollows)).toBe(true);
  });

  it("games dialog: All Games, Started (not finished), Finished", async () => {
    const u = await createUser();
    const [g1, g2] = [await game(), await game()];
    await getDb()
      .insert(gameProgress)
      .values([
        { userId: u.id, gameId: g1.id, started: true },
        { userId: u.id, gameId: g2.id, started: true, completed: true },
      ]);
    const ids = async (q: string) => {
      const d = await loadProfileDialog(u.id, new URLSearchParams(q));
      return d?.name === "games" ? d.games.map((g) => g.gameId).sort() : null;
    };
    expect(await ids("dialog=games")).toEqual([g1.id, g2.id].sort());
    expect(await ids("dialog=games&games=started")).toEqual([g1.id]);
    expect(await ids("dialog=games&games=finished")).toEqual([g2.id]);
  });

  it("reviews dialog: Recent, Oldest, Highest, Lowest", async () => {
    const u = await createUser();
    const [g1, g2, g3] = [await game(), await game(), await game()];
    await createRating({ userId: u.id, gameId: g1.id, rating: 5, postDateTime: at(T0) });
    await createRating({ userId: u.id, gameId: g2.id, rating: 9, postDateTime: at(T0 + 1000) });
    await createRating({ userId: u.id, gameId: g3.id, rating: 2, postDateTime: at(T0 + 2000) });
    const order = async (sort: string) => {
      const d = await loadProfileDialog(u.id, new URLSearchParams(`dialog=reviews&sort=${sort}`));
      return d?.name === "reviews" ? d.reviews.map((r) => r.rating) : null;
    };
    expect(await order("recent")).toEqual([2, 9, 5]);
    expect(await order("oldest")).toEqual([5, 9, 2]);
    expect(await order("highest")).toEqual([9, 5, 2]);
    expect(await order("lowest")).toEqual([2, 5, 9]);
    const empty = await createUser();
    expect(await loadProfileDialog(empty.id, new URLSearchParams("dialog=reviews"))).toMatchObject({ reviews: [], error: null });
  });
});

describe("stat dialogs: paging", () => {
  let bulk = 0;
  /** `n` users in one statement. */
  const manyUsers = async (n: number) =>
    getDb()
      .insert(user)
      .values(
        Array.from({ length: n }, () => {
          const k = `${process.pid}p${++bulk}`;
          return { email: `paged${k}@example.test`, name: `Paged ${k}`, username: `pg${k}`.slice(0, 21), emailVerified: true };
        }),
      )
      .returning({ id: user.id });
  /** Times that share milliseconds and even whole microseconds, so a page boundary falls inside a tie. */
  const tieTime = (i: number) => sql`${new Date(T0).toISOString()}::timestamptz + ${Math.floor(i / 3)} * interval '1 microsecond'`;

  /** Every page of a dialog, following nextCursor; the ids in the order shown and the page sizes. */
  async function walk(userId: number, query: string, idOf: (d: ProfileDialog) => number[]) {
    const ids: number[] = [];
    const sizes: number[] = [];
    let after: string | null = null;
    for (let pages = 0; ; pages++) {
      if (pages > 20) throw new Error("paging does not end");
      const d: ProfileDialog | null = await loadProfileDialog(userId, new URLSearchParams(after ? `${query}&after=${after}` : query));
      expect(d?.error).toBeNull();
      expect(d?.after ?? null).toBe(after);
      ids.push(...idOf(d!));
      sizes.push(idOf(d!).length);
      after = d!.nextCursor;
      if (!after) break;
    }
    return { ids, sizes };
  }
  const peopleIds = (d: ProfileDialog) => (d.name === "followers" || d.name === "following" ? d.people.map((p) => p.id) : []);

  it("follow dialogs page by 50 past the old cap of 100: every person once, newest follow first", async () => {
    const owner = await createUser();
    const fans = await manyUsers(2 * DIALOG_PAGE_SIZE + 5);
    // Follows inserted in a shuffled order; groups of three share the very same microsecond.
    const order = fans.map((f, i) => ({ f, i })).sort((a, b) => ((a.i * 37) % 101) - ((b.i * 37) % 101));
    for (const { f, i } of order)
      await getDb()
        .insert(userFollow)
        .values({ followerId: f.id, followingId: owner.id, createdAt: tieTime(i) });
    const truth = (
      await getDb().execute<{ id: number }>(
        sql`select follower_id as id from ${userFollow} where following_id = ${owner.id} order by created_at desc, follower_id desc`,
      )
    ).rows.map((r) => Number(r.id));
    const { ids, sizes } = await walk(owner.id, "dialog=followers", peopleIds);
    expect(sizes).toEqual([50, 50, 5]);
    expect(new Set(ids).size).toBe(fans.length);
    expect(ids).toEqual(truth);

    // The other way: one user following many, all at the same instant.
    for (const f of fans.slice(0, 51))
      await getDb()
        .insert(userFollow)
        .values({ followerId: owner.id, followingId: f.id, createdAt: new Date(T0) });
    const following = await walk(owner.id, "dialog=following", peopleIds);
    expect(following.sizes).toEqual([50, 1]);
    expect(following.ids).toEqual(
      fans
        .slice(0, 51)
        .map((f) => f.id)
        .sort((a, b) => b - a),
    );
  });

  it("games dialog pages every filter without losing or repeating a game", async () => {
    const u = await createUser();
    const games = await Promise.all(Array.from({ length: DIALOG_PAGE_SIZE + 12 }, () => game()));
    for (const [i, g] of games.entries())
      await getDb()
        .insert(gameProgress)
        .values({ userId: u.id, gameId: g.id, started: true, completed: i % 2 === 0, updatedAt: tieTime(i) });
    const gameIds = (d: ProfileDialog) => (d.name === "games" ? d.games.map((g) => g.gameId) : []);
    const all = await walk(u.id, "dialog=games", gameIds);
    expect(all.sizes).toEqual([50, 12]);
    expect([...all.ids].sort()).toEqual(games.map((g) => g.id).sort());
    const finished = await walk(u.id, "dialog=games&games=finished", gameIds);
    expect([...finished.ids].sort()).toEqual(
      games
        .filter((_, i) => i % 2 === 0)
        .map((g) => g.id)
        .sort(),
    );
    const started = await walk(u.id, "dialog=games&games=started", gameIds);
    expect([...started.ids].sort()).toEqual(
      games
        .filter((_, i) => i % 2 === 1)
        .map((g) => g.id)
        .sort(),
    );
  });

  it("reviews dialog pages every sort in its order, equal ratings and dates included", async () => {
    const u = await createUser();
    const games = await Promise.all(Array.from({ length: DIALOG_PAGE_SIZE + 20 }, () => game()));
    const made: { id: number; rating: number; at: number }[] = [];
    for (const [i, g] of games.entries()) {
      const r = await createRating({
        userId: u.id,
        gameId: g.id,
        rating: 1 + (i % 4) * 2.5,
        postDateTime: at(T0 + Math.floor(i / 7) * 1000),
      });
      made.push({ id: r.id, rating: Number(r.rating), at: r.postDateTime.getTime() });
    }
    const by = (...keys: ((r: (typeof made)[number]) => number)[]) =>
      [...made].sort((a, b) => {
        for (const k of keys) if (k(a) !== k(b)) return k(a) - k(b);
        return 0;
      });
    const expected = {
      recent: by(
        (r) => -r.at,
        (r) => -r.id,
      ),
      oldest: by(
        (r) => r.at,
        (r) => r.id,
      ),
      highest: by(
        (r) => -r.rating,
        (r) => -r.at,
        (r) => -r.id,
      ),
      lowest: by(
        (r) => r.rating,
        (r) => r.at,
        (r) => r.id,
      ),
    };
    const reviewIds = (d: ProfileDialog) => (d.name === "reviews" ? d.reviews.map((r) => r.id) : []);
    for (const sort of ["recent", "oldest", "highest", "lowest"] as const) {
      const { ids, sizes } = await walk(u.id, `dialog=reviews&sort=${sort}`, reviewIds);
      expect(sizes, sort).toEqual([50, 20]);
      expect(ids, sort).toEqual(expected[sort].map((r) => r.id));
    }
  });

  it("a cursor it did not make (or another sort's) opens the first page, never an error", async () => {
    const u = await createUser();
    const g = await game();
    await createRating({ userId: u.id, gameId: g.id, postDateTime: at(T0) });
    for (const raw of [
      "garbage",
      "1_",
      "99999999999999999999_1",
      "253402300800000000_1",
      "-99999999999999999_1",
      "1768046400000000_0",
      "1768046400000000_99999999999",
      "'; drop table rating; --",
      "41_1768046400000000_5",
    ]) {
      for (const q of ["dialog=reviews&sort=highest", "dialog=reviews", "dialog=followers", "dialog=games"]) {
        const d = await loadProfileDialog(u.id, new URLSearchParams({ after: raw, ...Object.fromEntries(new URLSearchParams(q)) }));
        expect(d?.error, `${q} ${raw}`).toBeNull();
        expect(d?.after, `${q} ${raw}`).toBeNull();
      }
    }
    // A Recent cursor is not a Highest one, and the other way round.
    expect(decodeDialogCursor("1768046400000000_5", true)).toBeNull();
    expect(decodeDialogCursor("15_1768046400000000_5", false)).toBeNull();
    expect(decodeDialogCursor("15_1768046400000000_5", true)).toEqual({ rating: 7.5, at: 1768046400000000n, id: 5 });
    // The earliest and latest times a cursor may carry are read by the database as written.
    for (const raw of ["-62135596800000000_1", "253370764799999999_1"]) {
      expect(decodeDialogCursor(raw, false), raw).not.toBeNull();
      const d = await loadProfileDialog(u.id, new URLSearchParams(`dialog=reviews&sort=oldest&after=${raw}`));
      expect(d?.error, raw).toBeNull();
    }
  });

  it("reads each dialog page along an index, never sorting all of a user's rows", async () => {
    const plans: Record<string, RegExp> = {
      [`select follower_id from user_follow where following_id = 1 and (created_at, follower_id) < (now(), 5)
        order by created_at desc, follower_id desc limit 51`]: /user_follow_following_created_idx/,
      [`select following_id from user_follow where follower_id = 1 and (created_at, following_id) < (now(), 5)
        order by created_at desc, following_id desc limit 51`]: /user_follow_follower_created_idx/,
      [`select id from rating where user_id = 1 and (rating, post_date_time, id) < (7.5, now(), 5)
        order by rating desc, post_date_time desc, id desc limit 51`]: /rating_user_rating_idx/,
      [`select id from rating where user_id = 1 and (rating, post_date_time, id) > (7.5, now(), 5)
        order by rating, post_date_time, id limit 51`]: /rating_user_rating_idx/,
      [`select id from rating where user_id = 1 and (post_date_time, id) < (now(), 5)
        order by post_date_time desc, id desc limit 51`]: /rating_user_recent_idx/,
      [`select id from game_progress where user_id = 1 and (updated_at, id) < (now(), 5)
        order by updated_at desc, id desc limit 51`]: /game_progress_user_updated_idx/,
    };
    // The test tables are tiny: without these the planner would rather read them whole, or sort the one
    // row it expects rather than walk an index in order. With a full sort priced out, a plan that still
    // sorts has no index order to read: what this test is for. One transaction, so one connection.
    await getDb().transaction(async (tx) => {
      for (const setting of ["enable_seqscan", "enable_bitmapscan", "enable_sort"]) await tx.execute(sql.raw(`set local ${setting} = off`));
      for (const [query, index] of Object.entries(plans)) {
        const plan = (await tx.execute<{ "QUERY PLAN": string }>(sql.raw(`explain ${query}`))).rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan, query).toMatch(index);
        // At most a sort of the rows that share one time (incremental), never of all of them.
        expect(plan, query).not.toMatch(/^\s*(->\s*)?Sort\s+\(/m);
      }
    });
  });
});

const keyOf = (i: ActivityItem) => `${i.type}:${i.id}`;

async function allPages(userId: number): Promise<{ items: ActivityItem[]; pages: number }> {
  const items: ActivityItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await loadActivityTab(userId, cursor);
    expect(page.error).toBeNull();
    items.push(...page.items);
    cursor = page.nextCursor;
    if (++pages > 50) throw new Error("paging does not end");
  } while (cursor);
  return { items, pages };
}

describe("activity", () => {
  it("is empty for a user with nothing", async () => {
    const u = await createUser();
    expect(await loadActivityTab(u.id)).toEqual({ items: [], nextCursor: null, error: null });
  });

  it("has every item type, newest first, with comments and likes naming the review's author", async () => {
    const [u, author] = [await createUser(), await createUser({ username: "the_author" })];
    const [g1, g2, g3, g4, g5] = [await game(), await game(), await game(), await game(), await game()];
    const step = 10_000;
    await getDb()
      .insert(userWishlist)
      .values({ userId: u.id, igdbId: g1.igdbId!, gameId: g1.id, addedAt: at(T0) });
    await getDb()
      .insert(userCollection)
      .values({ userId: u.id, igdbId: g2.igdbId!, gameId: g2.id, addedAt: at(T0 + step) });
    await getDb()
      .insert(gameProgress)
      .values({
        userId: u.id,
        gameId: g3.id,
        started: true,
        completed: true,
        startedDate: at(T0 + 2 * step),
        completedDate: at(T0 + 3 * step),
      });
    await createRating({ userId: u.id, gameId: g4.id, rating: 8, postDateTime: at(T0 + 4 * step) });
    await createRating({ userId: u.id, gameId: g5.id, rating: 6, review: "Great", postDateTime: at(T0 + 5 * step) });
    const theirs = await createRating({ userId: author.id, gameId: g1.id, review: "Theirs", postDateTime: at(T0) });
    await getDb()
      .insert(comment)
      .values({ userId: u.id, ratingId: theirs.id, content: "Nice", createdAt: at(T0 + 6 * step) });
    await getDb()
      .insert(contentLike)
      .values({ userId: u.id, ratingId: theirs.id, createdAt: at(T0 + 7 * step) });

    // Every source in one statement (one round trip), not one per source.
    const execute = vi.spyOn(getDb(), "execute");
    const page = await loadActivityTab(u.id);
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    expect(page.items.map((i) => i.type)).toEqual([
      "review_like",
      "comment",
      "review",
      "rating",
      "completed",
      "started",
      "collection",
      "wishlist",
    ]);
    expect(page.nextCursor).toBeNull();
    const like = page.items[0]!;
    expect(like.reviewAuthor).toEqual({ id: author.id, username: "the_author" });
    expect(like.href).toBe(`/review/${author.id}/${g1.igdbId}`);
    expect(page.items.find((i) => i.type === "rating")).toMatchObject({ rating: 8, href: `/review/${u.id}/${g4.igdbId}` });
    expect(page.items.find((i) => i.type === "wishlist")?.href).toBe(`/game/${g1.slug}`);
  });

  it("orders items within the same 2 seconds by type priority, higher first", async () => {
    const u = await createUser();
    const [g1, g2, g3] = [await game(), await game(), await game()];
    // The wishlist entry is the newest, but a review and a finish 1.5 s and 1 s earlier (same window) come first.
    await createRating({ userId: u.id, gameId: g1.id, review: "Text", postDateTime: at(T0 + 100) });
    await getDb()
      .insert(gameProgress)
      .values({ userId: u.id, gameId: g2.id, started: true, completed: true, startedDate: at(T0 - 60_000), completedDate: at(T0 + 600) });
    await getDb()
      .insert(userWishlist)
      .values({ userId: u.id, igdbId: g3.igdbId!, gameId: g3.id, addedAt: at(T0 + 1600) });
    const page = await loadActivityTab(u.id);
    expect(page.items.map((i) => i.type)).toEqual(["review", "completed", "wishlist", "started"]);
    // Outside the window, the date decides: a wishlist entry 2 s later is shown first.
    await getDb().delete(userWishlist);
    await getDb()
      .insert(userWishlist)
      .values({ userId: u.id, igdbId: g3.igdbId!, gameId: g3.id, addedAt: at(T0 + 2000) });
    expect((await loadActivityTab(u.id)).items.map((i) => i.type)).toEqual(["wishlist", "review", "completed", "started"]);
  });

  it("takes 20 per source, merges, and cuts to 25, with more to load", async () => {
    const u = await createUser();
    const games = await Promise.all(Array.from({ length: 40 }, () => game()));
    // 30 reviews (older) and 10 wishlist entries (newest).
    for (let i = 0; i < 30; i++) await createRating({ userId: u.id, gameId: games[i]!.id, postDateTime: at(T0 + i * 10_000) });
    await getDb()
      .insert(userWishlist)
      .values(games.slice(30).map((g, i) => ({ userId: u.id, igdbId: g.igdbId!, gameId: g.id, addedAt: at(T0 + 1_000_000 + i * 10_000) })));
    const page = await loadActivityTab(u.id);
    expect(page.items).toHaveLength(25);
    expect(page.items.slice(0, 10).every((i) => i.type === "wishlist")).toBe(true);
    expect(page.nextCursor).not.toBeNull();
    const { items, pages } = await allPages(u.id);
    expect(pages).toBe(2);
    expect(items).toHaveLength(40);
  });

  it("pages with a keyset cursor: nothing lost or repeated, ties included, the same order as one sort", async () => {
    const [u, author] = [await createUser(), await createUser()];
    const games = await Promise.all(Array.from({ length: 45 }, () => game()));
    const theirs = await createRating({ userId: author.id, gameId: games[44]!.id, review: "x", postDateTime: at(T0) });
    // Many items on identical times and inside shared 2-second windows, across every source.
    const time = (i: number) => at(T0 + Math.floor(i / 3) * 700);
    for (let i = 0; i < 30; i++)
      await createRating({ userId: u.id, gameId: games[i]!.id, review: i % 2 ? "words" : null, postDateTime: time(i) });
    await getDb()
      .insert(userWishlist)
      .values(games.slice(30, 37).map((g, i) => ({ userId: u.id, igdbId: g.igdbId!, gameId: g.id, addedAt: time(i * 2) })));
    await getDb()
      .insert(userCollection)
      .values(games.slice(37, 44).map((g, i) => ({ userId: u.id, igdbId: g.igdbId!, gameId: g.id, addedAt: time(i * 2 + 1) })));
    await getDb()
      .insert(gameProgress)
      .values(
        games.slice(0, 22).map((g, i) => ({
          userId: u.id,
          gameId: g.id,
          started: true,
          completed: i % 2 === 0,
          startedDate: time(i),
          completedDate: i % 2 === 0 ? time(i + 1) : null,
        })),
      );
    for (let i = 0; i < 23; i++)
      await getDb()
        .insert(comment)
        .values({ userId: u.id, ratingId: theirs.id, content: `c${i}`, createdAt: time(i) });
    await getDb()
      .insert(contentLike)
      .values({ userId: u.id, ratingId: theirs.id, createdAt: time(4) });

    const expectedCount = 30 + 7 + 7 + 22 + 11 + 23 + 1;
    const { items, pages } = await allPages(u.id);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expectedCount / 25));
    expect(new Set(items.map(keyOf)).size).toBe(items.length);
    expect(items).toHaveLength(expectedCount);
    const sorted = [...items].sort(compareActivity);
    expect(items.map(keyOf)).toEqual(sorted.map(keyOf));
  });

  it("ignores a cursor it did not make (first page) and round-trips its own", async () => {
    expect(decodeCursor("garbage")).toBeNull();
    expect(decodeCursor("1_9_1")).toBeNull();
    expect(decodeCursor("1_1_99999999999")).toBeNull();
    const key = { date: T0, priority: ACTIVITY_PRIORITY.review, id: 42 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    const u = await createUser();
    const g = await game();
    await createRating({ userId: u.id, gameId: g.id, postDateTime: at(T0) });
    expect((await loadActivityTab(u.id, "'; drop table rating; --")).items).toHaveLength(1);
  });

  it("ignores a cursor dated past year 9999 (the database cannot read it) instead of failing the feed", async () => {
    const u = await createUser();
    const g = await game();
    await createRating({ userId: u.id, gameId: g.id, postDateTime: at(T0) });
    await getDb()
      .insert(userWishlist)
      .values({ userId: u.id, igdbId: g.igdbId!, gameId: g.id, addedAt: at(T0) });
    for (const raw of ["999999999999999_8_1", "253402300800000_5_1", `${Date.UTC(9999, 11, 31, 23, 59, 59, 999)}_1_1`]) {
      expect(decodeCursor(raw), raw).toBeNull();
      const page = await loadActivityTab(u.id, raw);
      expect(page.error, raw).toBeNull();
      expect(
        page.items.map((i) => i.type),
        raw,
      ).toEqual(["rating", "wishlist"]);
    }
    const latest = `${Date.UTC(9999, 11, 31, 23, 59, 57, 999)}_1_1`;
    expect(decodeCursor(latest)).not.toBeNull();
    expect((await loadActivityTab(u.id, latest)).error).toBeNull();
  });
});

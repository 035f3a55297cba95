import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { user } from "~/db/schema";
import { useTestDatabase } from "../../../tests/setup/database";
import { createGame, createRating, createUser, sessionUserOf } from "../../../tests/factories";
import { clearDiscoverCache, getDiscoverPage, searchUsers } from "./discover.service.server";
import { parseDiscoverParams } from "./discover.shared";
import { setFollow } from "./follow.service.server";

const db = useTestDatabase();

// Tags below are a prefix and Date.now() in digits: a base-36 timestamp spelt letter pairs ("mwzz…") that the
// two-character search test counts on no other user holding ('zz'), and failed for half an hour at a time.
const params = (qs: string) => parseDiscoverParams(new URLSearchParams(qs));

beforeEach(() => clearDiscoverCache());

describe("Discover Users", () => {
  it("starts with 'No users yet' when nobody else is there", async () => {
    const [me] = [await createUser()];
    // Only valid while the file's database holds just this user.
    const page = await getDiscoverPage(sessionUserOf(me), params(""));
    expect(page.users).toEqual([]);
    expect(page.communityEmpty).toBe(true);
  });

  it("searches username, name and bio, case- and accent-insensitively, and never lists the viewer", async () => {
    const me = await createUser({ bio: "zelda fan" });
    const byUsername = await createUser({ username: "zeldamain" });
    const byName = await createUser({ name: "Zélda Hunter" });
    const byBio = await createUser({ bio: "I LOVE ZELDA games" });
    await createUser({ bio: "mario only" });
    const page = await getDiscoverPage(sessionUserOf(me), params("q=ZELDA"));
    expect(page.users.map((u) => u.id).sort()).toEqual([byUsername.id, byName.id, byBio.id].sort());
    expect(page.total).toBe(3);
    // Username matches rank first under Most Relevant.
    expect(page.users[0]!.id).toBe(byUsername.id);
    expect(page.topReviewers).toEqual([]);
    // Wildcards are literal.
    expect((await getDiscoverPage(sessionUserOf(me), params("q=%25%25"))).total).toBe(0);
    expect((await searchUsers(sessionUserOf(me), "zelda", 8)).map((u) => u.id)).toContain(byName.id);
    expect(await searchUsers(sessionUserOf(me), "z", 8)).toEqual([]);
  });

  it("sorts by followers, reviews and join date, and shows the top 3 reviewers without search text", async () => {
    const me = await createUser();
    const [a, b, c, d] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const g = await Promise.all(Array.from({ length: 4 }, () => createGame()));
    for (let i = 0; i < 4; i++) await createRating({ userId: d.id, gameId: g[i]!.id });
    for (let i = 0; i < 3; i++) await createRating({ userId: c.id, gameId: g[i]!.id, rating: 8 });
    for (let i = 0; i < 2; i++) await createRating({ userId: b.id, gameId: g[i]!.id });
    await createRating({ userId: a.id, gameId: g[0]!.id });
    await setFollow(sessionUserOf(b), a.id, "follow");
    await setFollow(sessionUserOf(c), a.id, "follow");
    await setFollow(sessionUserOf(d), b.id, "follow");

    const followers = await getDiscoverPage(sessionUserOf(me), params("sort=followers"));
    expect(followers.users.slice(0, 2).map((u) => u.id)).toEqual([a.id, b.id]);
    const reviews = await getDiscoverPage(sessionUserOf(me), params("sort=reviews"));
    expect(reviews.users.slice(0, 4).map((u) => u.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(reviews.users.find((u) => u.id === c.id)).toMatchObject({ reviewCount: 3, averageRating: 8 });
    await db.handle().db.execute(sql`update ${user} set created_at = now() + interval '1 minute' where id = ${b.id}`);
    const recent = await getDiscoverPage(sessionUserOf(me), params("sort=recent"));
    expect(recent.users[0]!.id).toBe(b.id);
    expect(recent.topReviewers.map((u) => u.id)).toEqual([d.id, c.id, b.id]);
    expect(recent.stats.activeReviewers).toBeGreaterThanOrEqual(4);
    expect(recent.stats.youFollow).toBe(0);
    expect(recent.users.every((u) => u.id !== me.id)).toBe(true);
  });

  it("pages by 20 with the page in the URL, and filters by reviews, join date and platform", async () => {
    const me = await createUser();
    const tag = `pg${Date.now()}`;
    const many = [];
    for (let i = 0; i < 23; i++) many.push(await createUser({ bio: `${tag} player`, platform: i % 2 ? "PC, PS5" : "Nintendo Switch" }));
    const first = await getDiscoverPage(sessionUserOf(me), params(`q=${tag}`));
    const second = await getDiscoverPage(sessionUserOf(me), params(`q=${tag}&page=2`));
    expect(first.total).toBe(23);
    expect(first.totalPages).toBe(2);
    expect(first.users).toHaveLength(20);
    expect(second.users).toHaveLength(3);
    const seen = new Set([...first.users, ...second.users].map((u) => u.id));
    expect(seen.size).toBe(23);

    expect((await getDiscoverPage(sessionUserOf(me), params(`q=${tag}&platform=PS5`))).total).toBe(11);
    expect((await getDiscoverPage(sessionUserOf(me), params(`q=${tag}&platform=Nintendo+Switch`))).total).toBe(12);
    await createRating({ userId: many[0]!.id, gameId: (await createGame()).id });
    expect((await getDiscoverPage(sessionUserOf(me), params(`q=${tag}&reviews=1`))).users.map((u) => u.id)).toEqual([many[0]!.id]);
    await db.handle().db.execute(sql`update ${user} set created_at = now() - interval '40 days' where id = ${many[1]!.id}`);
    expect((await getDiscoverPage(sessionUserOf(me), params(`q=${tag}&joined=30`))).total).toBe(22);
    const none = await getDiscoverPage(sessionUserOf(me), params(`q=${tag}nothing`));
    expect(none.users).toEqual([]);
    expect(none.communityEmpty).toBe(false);
  });

  it("marks whom the viewer follows; visitors see everyone", async () => {
    const me = await createUser();
    const idol = await createUser({ bio: "followme-unique" });
    await setFollow(sessionUserOf(me), idol.id, "follow");
    const page = await getDiscoverPage(sessionUserOf(me), params("q=followme-unique"));
    expect(page.users).toMatchObject([{ id: idol.id, isFollowing: true, followerCount: 1 }]);
    expect(page.stats.youFollow).toBe(1);
    const visitor = await getDiscoverPage(null, params("q=followme-unique"));
    expect(visitor.users).toMatchObject([{ id: idol.id, isFollowing: false }]);
    expect(visitor.viewerId).toBeNull();
  });

  it("reads odd parameters as the defaults, never an error", () => {
    expect(params("sort=drop&page=-1&joined=9&platform=Amiga&q=" + "x".repeat(300))).toMatchObject({
      sort: "relevant",
      page: 1,
      joined: null,
      platform: null,
      hasReviews: false,
    });
    expect(params("q=x".repeat(1)).q).toBe("x");
    expect(params("page=abc").page).toBe(1);
  });

  it("ranks exact username, username prefix, username anywhere, name, then bio; ties by followers", async () => {
    const me = await createUser();
    const tag = `q${Date.now()}`; // a letter and digits: valid in a username
    const bio1 = await createUser({ bio: `Über ${tag.toUpperCase()} fan` });
    const bio2 = await createUser({ bio: `${tag} again` });
    const named = await createUser({ name: `Ànna ${tag.toUpperCase()}` });
    const anywhere = await createUser({ username: `x_${tag}` });
    const prefix = await createUser({ username: `${tag}_2` });
    const exact = await createUser({ username: tag });
    await setFollow(sessionUserOf(me), bio2.id, "follow"); // bio2 outranks bio1 on followers
    const expected = [exact.id, prefix.id, anywhere.id, named.id, bio2.id, bio1.id];
    expect((await searchUsers(sessionUserOf(me), tag.toUpperCase(), 8)).map((u) => u.id)).toEqual(expected);
    expect((await getDiscoverPage(sessionUserOf(me), params(`q=${tag}`))).users.map((u) => u.id)).toEqual(expected);
  });

  it("matches accents and case both ways, and follows edits of name and bio", async () => {
    const me = await createUser();
    const chloe = await createUser({ name: "CHLOÉ Brontë" });
    const francois = await createUser({ bio: "I am françois, naïve" });
    expect((await searchUsers(sessionUserOf(me), "chloe bronte", 8)).map((u) => u.id)).toEqual([chloe.id]);
    expect((await searchUsers(sessionUserOf(me), "Chloé BRONTË", 8)).map((u) => u.id)).toEqual([chloe.id]);
    expect((await searchUsers(sessionUserOf(me), "FRANÇOIS, NAÏVE", 8)).map((u) => u.id)).toEqual([francois.id]);
    expect((await searchUsers(sessionUserOf(me), "francois, naive", 8)).map((u) => u.id)).toEqual([francois.id]);
    // The stored search columns are generated: an edit is searchable at once, the old text no longer.
    await db.handle().db.execute(sql`update ${user} set name = 'Zoë Quartz', bio = null where id = ${chloe.id}`);
    expect(await searchUsers(sessionUserOf(me), "chloe", 8)).toEqual([]);
    expect((await searchUsers(sessionUserOf(me), "zoe quartz", 8)).map((u) => u.id)).toEqual([chloe.id]);
  });

  it("two-character searches find the pair anywhere (bigram index), and a pair that normalises longer still matches", async () => {
    const me = await createUser();
    const mid = await createUser({ bio: "puzzle solver" });
    const start = await createUser({ name: "Zzyzx Road" });
    const accented = await createUser({ name: "ŽŽ Top" });
    const ligature = await createUser({ name: "Cæxar" });
    const found = async (q: string) => (await searchUsers(sessionUserOf(me), q, 8)).map((u) => u.id).sort();
    expect(await found("ZZ")).toEqual([mid.id, start.id, accented.id].sort());
    expect(await found("žž")).toEqual([mid.id, start.id, accented.id].sort());
    // "æx" is "aex" once accents go: three characters, the trigram path.
    expect(await found("æx")).toEqual([ligature.id]);
    expect(await found("%z")).toEqual([]);
    const truth = await db.handle().db.execute<{ n: number }>(sql`select count(*)::int as n from "user" where search_text like '%zz%'`);
    expect((await getDiscoverPage(sessionUserOf(me), params("q=zz"))).total).toBe(truth.rows[0]!.n);

    await db.handle().db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await db.handle().db.execute<{ "QUERY PLAN": string }>(sql`
        explain select id from "user" where search_text like '%zz%'
          and (length(f_unaccent(lower('zz'))) <> 2 or f_bigrams(search_text) @> array[f_unaccent(lower('zz'))])`);
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/user_search_bigram_idx/);
    } finally {
      await db.handle().db.execute(sql`reset enable_seqscan`);
    }
  });

  it("top reviewers and the side panel's figures come from the users' rating counts, without scanning ratings", async () => {
    const me = await createUser();
    const [a, b] = [await createUser(), await createUser()];
    const games = await Promise.all(Array.from({ length: 13 }, () => createGame()));
    for (const g of games.slice(0, 12)) await createRating({ userId: a.id, gameId: g.id });
    for (const g of games.slice(0, 11)) await createRating({ userId: b.id, gameId: g.id });
    const page = await getDiscoverPage(sessionUserOf(me), params(""));
    expect(page.topReviewers.slice(0, 2).map((u) => [u.id, u.reviewCount])).toEqual([
      [a.id, 12],
      [b.id, 11],
    ]);
    const truth = (
      await db.handle().db.execute<{ users: number; reviewers: number; reviews: number }>(sql`select
        (select count(*)::int from "user") as users,
        (select count(distinct user_id)::int from rating) as reviewers,
        (select count(*)::int from rating) as reviews`)
    ).rows[0]!;
    expect(page.stats).toMatchObject({ totalUsers: truth.users, activeReviewers: truth.reviewers, totalReviews: truth.reviews });
    // The top list is live (not cached): two more reviews put b first at once.
    await createRating({ userId: b.id, gameId: games[11]!.id });
    await createRating({ userId: b.id, gameId: games[12]!.id });
    const again = await getDiscoverPage(sessionUserOf(me), params(""));
    expect(again.topReviewers.slice(0, 2).map((u) => [u.id, u.reviewCount])).toEqual([
      [b.id, 13],
      [a.id, 12],
    ]);

    await db.handle().db.execute(sql`set enable_seqscan = off`);
    try {
      for (const query of [
        // (Only verified accounts are listed: the partial index's predicate, as the queries write it.)
        sql`explain select id from "user" where "user"."email_verified" and rating_count > 0 order by rating_count desc, id limit 4`,
        sql`explain select count(*), count(*) filter (where rating_count > 0), sum(rating_count) from "user" where "user"."email_verified"`,
      ]) {
        const plan = (await db.handle().db.execute<{ "QUERY PLAN": string }>(query)).rows.map((r) => r["QUERY PLAN"]).join("\n");
        expect(plan).toMatch(/user_rating_count_idx/);
        expect(plan).not.toMatch(/on rating/);
      }
    } finally {
      await db.handle().db.execute(sql`reset enable_seqscan`);
    }
  });

  it("uses the trigram index on the stored search text", async () => {
    await db.handle().db.execute(sql`set enable_seqscan = off`);
    const plan = await db.handle().db.execute<{ "QUERY PLAN": string }>(sql`
      explain select id from "user" where search_text like '%' || f_unaccent(lower('zelda')) || '%'`);
    await db.handle().db.execute(sql`reset enable_seqscan`);
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/user_search_trgm_idx/);
  });

  describe("when a read fails", () => {
    /** Runs `fn` while `table` is out of reach (renamed): a real database error, not a stand-in. */
    async function without<T>(table: string, fn: () => Promise<T>): Promise<T> {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      await db.handle().db.execute(sql.raw(`alter table "${table}" rename to "${table}_away"`));
      try {
        return await fn();
      } finally {
        await db.handle().db.execute(sql.raw(`alter table "${table}_away" rename to "${table}"`));
        errors.mockRestore();
      }
    }

    it("review figures: the users are still listed, with 'Failed to load review data. Review counts may be inaccurate.'", async () => {
      const me = await createUser();
      const tag = `rv${Date.now()}`;
      const reviewer = await createUser({ bio: tag });
      await createRating({ userId: reviewer.id, gameId: (await createGame()).id });
      await setFollow(sessionUserOf(me), reviewer.id, "follow");
      const page = await without("rating", () => getDiscoverPage(sessionUserOf(me), params(`q=${tag}`)));
      expect(page.error).toBeNull();
      expect(page.warnings).toEqual(["Failed to load review data. Review counts may be inaccurate."]);
      expect(page.users).toMatchObject([{ id: reviewer.id, reviewCount: 0, averageRating: null, isFollowing: true }]);
      expect(page.stats.youFollow).toBe(1);
    });

    it("follow relationships: the users are still listed, with 'Failed to load follow relationships. Counts may be inaccurate.'", async () => {
      const me = await createUser();
      const tag = `fw${Date.now()}`;
      const idol = await createUser({ bio: tag });
      await createRating({ userId: idol.id, gameId: (await createGame()).id, rating: 8 });
      await setFollow(sessionUserOf(me), idol.id, "follow");
      const page = await without("user_follow", () => getDiscoverPage(sessionUserOf(me), params(`q=${tag}`)));
      expect(page.error).toBeNull();
      expect(page.warnings).toEqual(["Failed to load follow relationships. Counts may be inaccurate."]);
      expect(page.users).toMatchObject([{ id: idol.id, reviewCount: 1, averageRating: 8, isFollowing: false, followerCount: 1 }]);
      // Both at once: both warnings, in the order the spec lists them.
      const both = await without("rating", () => without("user_follow", () => getDiscoverPage(sessionUserOf(me), params(`q=${tag}`))));
      expect(both.warnings).toEqual([
        "Failed to load follow relationships. Counts may be inaccurate.",
        "Failed to load review data. Review counts may be inaccurate.",
      ]);
      expect(both.users.map((u) => u.id)).toEqual([idol.id]);
    });

    it("the users themselves: 'Failed to load users. Please try again.' and no list", async () => {
      const me = await createUser();
      const page = await without("user", () => getDiscoverPage(sessionUserOf(me), params("")));
      expect(page).toMatchObject({ users: [], error: "Failed to load users. Please try again.", warnings: [] });
    });

    it("anything else: 'An unexpected error occurred while loading users', never an error page", async () => {
      const me = await createUser();
      const tag = `ux${Date.now()}`;
      // A join date no page can print (the database allows it): building the page throws.
      const odd = await createUser({ bio: tag });
      await db.handle().db.execute(sql`update ${user} set created_at = 'infinity' where id = ${odd.id}`);
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const page = await getDiscoverPage(sessionUserOf(me), params(`q=${tag}`));
        expect(page).toMatchObject({ users: [], error: "An unexpected error occurred while loading users" });
      } finally {
        errors.mockRestore();
        await db.handle().db.execute(sql`update ${user} set created_at = now() where id = ${odd.id}`);
      }
    });
  });
});

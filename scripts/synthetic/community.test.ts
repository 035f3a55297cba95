import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { ratingStatDrift } from "../../tests/support/rating-stats";
import { seedCommunity } from "./community";
import { seedSynthetic } from "./seed";

const db = useTestDatabase();

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return ((await db.handle().db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;
}

const OPTIONS = {
  likes: 3_000,
  comments: 800,
  lists: 6_000,
  follows: 1_500,
  seed: 5,
  activeUsers: 60,
  powerUserRatings: 300,
  powerUserFollows: 50,
};

async function snapshot() {
  return one<Record<string, string>>(sql`select
    (select md5(string_agg(user_id || ':' || coalesce(rating_id, 0) || ':' || coalesce(comment_id, 0), ',' order by id)) from content_like) as likes,
    (select md5(string_agg(user_id || ':' || rating_id || ':' || coalesce(parent_comment_id, 0) || content, ',' order by id)) from comment) as comments,
    (select md5(string_agg(follower_id || ':' || following_id, ',' order by follower_id, following_id)) from user_follow) as follows,
    (select md5(string_agg(user_id || ':' || igdb_id, ',' order by id)) from user_wishlist) as wishlist`);
}

describe("seedCommunity", () => {
  it("makes likes, comments, lists and follows that keep the app's invariants and exact counts, deterministically", async () => {
    await seedSynthetic(db.handle().db, { games: 600, users: 120, ratings: 3_000, activeUsers: 60, seed: 5 });
    const summary = await seedCommunity(db.handle().db, OPTIONS);
    expect(summary.likes).toBe(3_000);
    expect(summary.comments).toBe(800);
    expect(summary.replies).toBeGreaterThan(0);
    expect(summary.commentLikes).toBeGreaterThan(0);
    expect(summary.follows).toBeGreaterThanOrEqual(1_500);
    expect(summary.progress + summary.wishlist + summary.collection + summary.topGames).toBeGreaterThan(4_000);

    const checks = await one<Record<string, number>>(sql`select
      (select count(*)::int from rating r where r.like_count <> (select count(*) from content_like l where l.rating_id = r.id)) as rating_likes,
      (select count(*)::int from comment c where c.like_count <> (select count(*) from content_like l where l.comment_id = c.id)) as comment_likes,
      (select count(*)::int from "user" u where u.follower_count <> (select count(*) from user_follow f where f.following_id = u.id)
         or u.following_count <> (select count(*) from user_follow f where f.follower_id = u.id)) as follow_counts,
      (select count(*)::int from "user" u where u.rating_count <> (select count(*) from rating r where r.user_id = u.id)) as user_ratings,
      (select count(*)::int from content_like l join rating r on r.id = l.rating_id where l.user_id = r.user_id) as own_likes,
      (select count(*)::int from comment c join comment p on p.id = c.parent_comment_id where p.parent_comment_id is not null or p.rating_id <> c.rating_id) as bad_replies,
      (select count(*)::int from game_progress p where exists (select 1 from user_wishlist w where w.user_id = p.user_id and w.game_id = p.game_id)
         or exists (select 1 from user_collection c where c.user_id = p.user_id and c.game_id = p.game_id)) as started_and_listed,
      (select count(*)::int from user_wishlist w join user_collection c on c.user_id = w.user_id and c.game_id = w.game_id) as both_lists,
      (select count(*)::int from user_top_games t where not exists (select 1 from rating r where r.user_id = t.user_id and r.game_id = t.game_id)) as unrated_top,
      (select count(*)::int from (select user_id from user_top_games group by user_id having count(*) > 5) x) as big_top,
      (select count(*)::int from content_like l join rating r on r.id = l.rating_id where l.created_at < r.post_date_time) as early_likes`);
    expect(checks).toEqual({
      rating_likes: 0,
      comment_likes: 0,
      follow_counts: 0,
      user_ratings: 0,
      own_likes: 0,
      bad_replies: 0,
      started_and_listed: 0,
      both_lists: 0,
      unrated_top: 0,
      big_top: 0,
      early_likes: 0,
    });
    // The games' count, sum, histogram and written reviews equal the aggregate over their ratings
    // (the power user's ratings were added after the ratings seed).
    expect(await ratingStatDrift(db.handle().db)).toEqual([]);
    const power = await one<{ ratings: number; following: number }>(sql`select
      (select count(*)::int from rating where user_id = (select min(id) from "user")) as ratings,
      (select following_count from "user" where id = (select min(id) + 1 from "user")) as following`);
    expect(power.ratings).toBe(300);
    expect(power.following).toBeGreaterThanOrEqual(50);

    // Same seed → same rows; a second run adds nothing.
    const first = await snapshot();
    const again = await seedCommunity(db.handle().db, OPTIONS);
    expect(again).toMatchObject({ likes: 0, comments: 0, follows: 0, progress: 0 });
    await db
      .handle()
      .db.execute(
        sql`truncate content_like, comment, user_follow, game_progress, user_wishlist, user_collection, user_top_games restart identity`,
      );
    await db.handle().db.execute(sql`update "user" set follower_count = 0, following_count = 0`);
    await seedCommunity(db.handle().db, OPTIONS);
    expect(await snapshot()).toEqual(first);
  }, 120_000); // seeds a small community twice: slow on a busy machine
});

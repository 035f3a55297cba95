import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game, rating, user, userFollow } from "~/db/schema";
import { cardColumnsFor, toCardRow, type ReviewCardRow } from "~/modules/reviews/reviews.queries.server";

/**
 * The newest written reviews of the people `followerId` follows. For each followed user (primary
 * key range of user_follow) at most `limit` of their newest reviews come from rating_user_recent_idx
 * read backwards, so the work grows with the number followed, never with the size of rating; then
 * the newest `limit` of those, joined to their author and game.
 */
export async function listFollowedReviews(followerId: number, limit: number): Promise<ReviewCardRow[]> {
  // The newest written reviews of each followed user (lateral, on rating_user_review_recent_idx), the
  // newest `limit` of them, read as cards with the follower's likes: one statement.
  const picked = sql`(select r.id
      from ${userFollow} f
      cross join lateral (
        select ${rating.id} as id, ${rating.postDateTime} as at
          from ${rating}
         where ${rating.userId} = f.following_id and ${rating.review} is not null
         order by ${rating.postDateTime} desc
         limit ${limit}
      ) r
     where f.follower_id = ${followerId}
     order by r.at desc, r.id desc
     limit ${limit})`;
  const rows = await getDb()
    .select(cardColumnsFor(followerId))
    .from(rating)
    .innerJoin(user, eq(user.id, rating.userId))
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(sql`${rating.id} in ${picked}`)
    .orderBy(desc(rating.postDateTime), desc(rating.id));
  return rows.map(toCardRow);
}

/** How many people the user follows (the stored counter). */
export async function countFollowing(userId: number): Promise<number> {
  const [row] = await getDb().select({ n: user.followingCount }).from(user).where(eq(user.id, userId));
  return row?.n ?? 0;
}

import { desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game, rating, user } from "~/db/schema";

export interface ReviewCardRow {
  id: number;
  userId: number;
  gameId: number;
  igdbGameId: number | null;
  gameSlug: string | null;
  gameTitle: string | null;
  gameCoverUrl: string | null;
  gameYear: number | null;
  rating: number;
  text: string | null;
  date: string;
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
  likeCount: number;
  commentCount: number;
}

/** The newest reviews with text (review not null, spec 1 §7 "Other"), for the home page (one query, index on post_date_time). */
export async function listRecentReviews(limit = 10): Promise<ReviewCardRow[]> {
  const rows = await getDb()
    .select({
      id: rating.id,
      userId: rating.userId,
      gameId: rating.gameId,
      igdbGameId: game.igdbId,
      gameSlug: game.slug,
      gameTitle: game.name,
      gameCoverUrl: game.coverUrl,
      gameYear: game.releaseYear,
      rating: rating.rating,
      text: rating.review,
      date: sql<string>`${rating.postDateTime}::text`,
      username: user.username,
      name: user.name,
      avatarUrl: user.avatarUrl,
      likeCount: rating.likeCount,
    })
    .from(rating)
    .innerJoin(user, eq(user.id, rating.userId))
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(isNotNull(rating.review))
    .orderBy(desc(rating.postDateTime), desc(rating.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, rating: Number(r.rating), commentCount: 0 }));
}

import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { comment, game, platform, rating, user } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";

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
  containsSpoilers?: boolean;
}

/** Published comments of a review, counted on the (rating_id, ...) index: computed, so it never drifts. */
const commentCountOf = (ratingId: typeof rating.id) =>
  sql<number>`(select count(*)::int from ${comment} where ${comment.ratingId} = ${ratingId} and ${comment.isPublished})`;

export const cardColumns = {
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
  commentCount: commentCountOf(rating.id),
  containsSpoilers: rating.containsSpoilers,
};

type CardSelect = { [K in keyof typeof cardColumns]: unknown } & { rating: number | string; commentCount: number | string };
export const toCardRow = (r: CardSelect) => ({
  ...(r as unknown as ReviewCardRow),
  rating: Number(r.rating),
  commentCount: Number(r.commentCount),
});

/** The newest reviews with text, for the home page (rating_written_recent_idx read backwards). */
export async function listRecentReviews(limit = 10): Promise<ReviewCardRow[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(rating)
    .innerJoin(user, eq(user.id, rating.userId))
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(isNotNull(rating.review))
    .orderBy(desc(rating.postDateTime), desc(rating.id))
    .limit(limit);
  return rows.map(toCardRow);
}

/**
 * A game's newest written reviews (text with a non-space character): rating_game_written_newest_idx
 * read backwards for the game, `limit` rows, no sort.
 */
export async function listGameReviewCards(gameId: number, limit = 5): Promise<ReviewCardRow[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(rating)
    .innerJoin(user, eq(user.id, rating.userId))
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(and(eq(rating.gameId, gameId), sql`${rating.review} ~ '[^[:space:]]'`))
    .orderBy(desc(rating.postDateTime), desc(rating.id))
    .limit(limit);
  return rows.map(toCardRow);
}

export interface ReviewGameRow {
  id: number;
  igdbId: number | null;
  name: string;
  slug: string;
  coverUrl: string | null;
  releaseDate: string | null;
  releaseYear: number | null;
  platforms: string[];
}

const reviewGameColumns = {
  id: game.id,
  igdbId: game.igdbId,
  name: game.name,
  slug: game.slug,
  coverUrl: game.coverUrl,
  releaseDate: game.releaseDate,
  releaseYear: game.releaseYear,
  platforms: game.platforms,
};

/** A game by the id review links use: its IGDB id, else (for a game without one) its internal id. */
export async function findReviewGame(id: number): Promise<ReviewGameRow | null> {
  const [row] = await getDb()
    .select(reviewGameColumns)
    .from(game)
    .where(or(eq(game.igdbId, id), and(eq(game.id, id), isNull(game.igdbId))))
    .orderBy(sql`${game.igdbId} is null`)
    .limit(1);
  return row ?? null;
}

export interface OwnReviewRow {
  id: number;
  rating: number;
  review: string | null;
  isRecommended: boolean | null;
  platformName: string | null;
  playtimeHours: number | null;
  containsSpoilers: boolean;
}

/** The user's review of a game (rating_user_game_key). */
export async function findOwnReview(userId: number, gameId: number): Promise<OwnReviewRow | null> {
  const [row] = await getDb()
    .select({
      id: rating.id,
      rating: rating.rating,
      review: rating.review,
      isRecommended: rating.isRecommended,
      platformName: platform.name,
      playtimeHours: rating.playtimeHours,
      containsSpoilers: rating.containsSpoilers,
    })
    .from(rating)
    .leftJoin(platform, eq(platform.id, rating.platformId))
    .where(and(eq(rating.userId, userId), eq(rating.gameId, gameId)))
    .limit(1);
  return row ? { ...row, rating: Number(row.rating) } : null;
}

export async function findReviewOwner(reviewId: number): Promise<{ id: number; userId: number; gameId: number } | null> {
  const [row] = await getDb()
    .select({ id: rating.id, userId: rating.userId, gameId: rating.gameId })
    .from(rating)
    .where(eq(rating.id, reviewId))
    .limit(1);
  return row ?? null;
}

export async function findGameLinkById(gameId: number): Promise<{ id: number; igdbId: number | null; slug: string; name: string } | null> {
  const [row] = await getDb()
    .select({ id: game.id, igdbId: game.igdbId, slug: game.slug, name: game.name })
    .from(game)
    .where(eq(game.id, gameId))
    .limit(1);
  return row ?? null;
}

export async function findPlatformId(name: string): Promise<number | null> {
  const [row] = await getDb().select({ id: platform.id }).from(platform).where(eq(platform.name, name)).limit(1);
  return row?.id ?? null;
}

export interface ReviewValues {
  rating: number;
  review: string | null;
  isRecommended: boolean | null;
  platformId: number;
  playtimeHours: number | null;
  containsSpoilers: boolean;
}

/** Inserts the user's review unless one exists (the unique (user_id, game_id) decides a race); null then. */
export async function insertReview(
  db: Executor,
  row: ReviewValues & { userId: number; gameId: number; igdbId: number | null; slug: string },
): Promise<{ id: number } | null> {
  const [inserted] = await db
    .insert(rating)
    .values(row)
    .onConflictDoNothing({ target: [rating.userId, rating.gameId] })
    .returning({ id: rating.id });
  return inserted ?? null;
}

/** The review row, locked until the transaction ends, when it is `userId`'s; else null. */
export async function lockOwnReview(db: Executor, reviewId: number, userId: number): Promise<{ gameId: number; rating: number } | null> {
  const [row] = await db
    .select({ gameId: rating.gameId, rating: rating.rating })
    .from(rating)
    .where(and(eq(rating.id, reviewId), eq(rating.userId, userId)))
    .for("update");
  return row ? { gameId: row.gameId, rating: Number(row.rating) } : null;
}

export async function updateReview(db: Executor, reviewId: number, values: ReviewValues): Promise<void> {
  await db
    .update(rating)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rating.id, reviewId));
}

export async function deleteOwnReview(db: Executor, reviewId: number, userId: number): Promise<{ gameId: number; rating: number } | null> {
  const [row] = await db
    .delete(rating)
    .where(and(eq(rating.id, reviewId), eq(rating.userId, userId)))
    .returning({ gameId: rating.gameId, rating: rating.rating });
  return row ? { gameId: row.gameId, rating: Number(row.rating) } : null;
}

/**
 * Keeps the author's user.rating_count in step (±1), in the caller's transaction, right after the
 * rating row is inserted or deleted: the user row is locked before the game's, the order account
 * deletion takes them in.
 */
export async function shiftUserRatingCount(db: Executor, userId: number, delta: 1 | -1): Promise<void> {
  await db
    .update(user)
    .set({ ratingCount: sql`${user.ratingCount} + ${delta}` })
    .where(eq(user.id, userId));
}

/** Keeps the game's denormalised count and sum of ratings in step, in the caller's transaction. */
export async function adjustGameRatingStats(db: Executor, gameId: number, countDelta: number, sumDelta: number): Promise<void> {
  await db
    .update(game)
    .set({ ratingCount: sql`${game.ratingCount} + ${countDelta}`, ratingSum: sql`${game.ratingSum} + ${sumDelta}` })
    .where(eq(game.id, gameId));
}

export interface ReviewViewRow {
  id: number;
  userId: number;
  gameId: number;
  igdbId: number | null;
  gameName: string;
  gameSlug: string;
  gameCoverUrl: string | null;
  rating: number;
  review: string | null;
  postDateTime: string | null;
  updatedAt: string | null;
  isRecommended: boolean | null;
  playtimeHours: number | null;
  containsSpoilers: boolean;
  likeCount: number;
  commentCount: number;
  platformName: string | null;
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
}

/**
 * One review by author and the game id of review links (IGDB id, else internal id): the game is
 * found by game_igdb_id_key or its primary key, the rating by rating_user_game_key.
 */
export async function findReviewView(userId: number, gameRef: number): Promise<ReviewViewRow | null> {
  const [row] = await getDb()
    .select({
      id: rating.id,
      userId: rating.userId,
      gameId: rating.gameId,
      igdbId: game.igdbId,
      gameName: game.name,
      gameSlug: game.slug,
      gameCoverUrl: game.coverUrl,
      rating: rating.rating,
      review: rating.review,
      postDateTime: sql<string | null>`${rating.postDateTime}::text`,
      updatedAt: sql<string | null>`${rating.updatedAt}::text`,
      isRecommended: rating.isRecommended,
      playtimeHours: rating.playtimeHours,
      containsSpoilers: rating.containsSpoilers,
      likeCount: rating.likeCount,
      commentCount: commentCountOf(rating.id),
      platformName: platform.name,
      username: user.username,
      name: user.name,
      avatarUrl: user.avatarUrl,
    })
    .from(rating)
    .innerJoin(game, eq(game.id, rating.gameId))
    .innerJoin(user, eq(user.id, rating.userId))
    .leftJoin(platform, eq(platform.id, rating.platformId))
    .where(and(eq(rating.userId, userId), or(eq(game.igdbId, gameRef), and(eq(game.id, gameRef), isNull(game.igdbId)))))
    .orderBy(sql`${game.igdbId} is null`)
    .limit(1);
  return row ? { ...row, rating: Number(row.rating), commentCount: Number(row.commentCount) } : null;
}

export type GameReviewSort = "liked" | "newest";

/**
 * One page of a game's written reviews, most liked (rating_game_written_liked_idx) or newest
 * (rating_game_written_newest_idx), read backwards for the game.
 */
export async function listGameReviewCardsPage(
  gameId: number,
  sort: GameReviewSort,
  limit: number,
  offset: number,
): Promise<ReviewCardRow[]> {
  const order = sort === "liked" ? [desc(rating.likeCount), desc(rating.id)] : [desc(rating.postDateTime), desc(rating.id)];
  const rows = await getDb()
    .select(cardColumns)
    .from(rating)
    .innerJoin(user, eq(user.id, rating.userId))
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(and(eq(rating.gameId, gameId), sql`${rating.review} ~ '[^[:space:]]'`))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(toCardRow);
}

/** How many written reviews a game has (the same partial index). */
export async function countGameWrittenReviews(gameId: number): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(rating)
    .where(and(eq(rating.gameId, gameId), sql`${rating.review} ~ '[^[:space:]]'`));
  return Number(row?.n ?? 0);
}

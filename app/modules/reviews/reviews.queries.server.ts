import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { comment, contentLike, game, platform, rating, user } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { ReviewGameRef } from "~/lib/review-game-ref";

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
  /** The viewer likes this review (read with the cards, see cardColumnsFor); absent without a viewer. */
  liked?: boolean;
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

/**
 * The card columns plus whether `viewerId` likes each review (an exists on content_like_user_rating_key):
 * the like states of every card on a page come with the cards, no statement of their own.
 */
export const cardColumnsFor = (viewerId: number | null) => ({
  ...cardColumns,
  liked:
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${contentLike} where ${contentLike.userId} = ${viewerId} and ${contentLike.ratingId} = ${rating.id})`,
});

type CardSelect = { [K in keyof typeof cardColumns]: unknown } & {
  rating: number | string;
  commentCount: number | string;
  liked?: unknown;
};
export const toCardRow = (r: CardSelect) => ({
  ...(r as unknown as ReviewCardRow),
  rating: Number(r.rating),
  commentCount: Number(r.commentCount),
});

/** The newest reviews with text, for the home page (rating_written_recent_idx read backwards). */
export async function listRecentReviews(limit = 10, viewerId: number | null = null): Promise<ReviewCardRow[]> {
  const rows = await getDb()
    .select(cardColumnsFor(viewerId))
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
export async function listGameReviewCards(gameId: number, limit = 5, viewerId: number | null = null): Promise<ReviewCardRow[]> {
  const rows = await getDb()
    .select(cardColumnsFor(viewerId))
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
/**
 * The games a review address names (review-game-ref.ts): `local-{id}` the game of that internal id without an
 * IGDB id; a number the game of that IGDB id (game_igdb_id_key), else the game of that internal id without one.
 * Ordered so the IGDB match comes first.
 */
function gameOfRef(ref: ReviewGameRef): SQL {
  if (ref.kind === "local") return and(eq(game.id, ref.id), isNull(game.igdbId))!;
  return or(eq(game.igdbId, ref.value), and(eq(game.id, ref.value), isNull(game.igdbId)))!;
}

export async function findReviewGame(ref: ReviewGameRef): Promise<ReviewGameRow | null> {
  const [row] = await getDb()
    .select(reviewGameColumns)
    .from(game)
    .where(gameOfRef(ref))
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

/** A rating as the game's stats count it: the value and the text (null for none). */
export interface RatingStatsEntry {
  rating: number;
  review: string | null;
}

/** The review row, locked until the transaction ends, when it is `userId`'s; else null. */
export async function lockOwnReview(
  db: Executor,
  reviewId: number,
  userId: number,
): Promise<({ gameId: number } & RatingStatsEntry) | null> {
  const [row] = await db
    .select({ gameId: rating.gameId, rating: rating.rating, review: rating.review })
    .from(rating)
    .where(and(eq(rating.id, reviewId), eq(rating.userId, userId)))
    .for("update");
  return row ? { gameId: row.gameId, rating: Number(row.rating), review: row.review } : null;
}

export async function updateReview(db: Executor, reviewId: number, values: ReviewValues): Promise<void> {
  await db
    .update(rating)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rating.id, reviewId));
}

export async function deleteOwnReview(
  db: Executor,
  reviewId: number,
  userId: number,
): Promise<({ gameId: number } & RatingStatsEntry) | null> {
  const [row] = await db
    .delete(rating)
    .where(and(eq(rating.id, reviewId), eq(rating.userId, userId)))
    .returning({ gameId: rating.gameId, rating: rating.rating, review: rating.review });
  return row ? { gameId: row.gameId, rating: Number(row.rating), review: row.review } : null;
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

/** The histogram's bars: element b (1-based) of game.rating_histogram counts floor(rating) = b. */
const BARS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** A histogram array built bar by bar: `array[f(1), ..., f(10)]`. */
const barsOf = (f: (bar: SQL) => SQL) =>
  sql`array[${sql.join(
    BARS.map((b) => f(sql.raw(String(b)))),
    sql`, `,
  )}]::integer[]`;

/** Whether a text is a written review: the predicate of the written-review queries and indexes, false for null. */
const isWritten = (text: SQL) => sql`coalesce(${text} ~ '[^[:space:]]', false)`;

/**
 * Keeps the game's denormalised rating stats in step with one rating going from `before` to `after`
 * (null: no rating, so an insert has no `before` and a delete no `after`), in the caller's transaction:
 * rating_count, rating_sum, the histogram bar (floor(rating)) and written_review_count (text with a
 * non-space character). The bar and "written" are decided here, in SQL, from the values passed, with
 * the expressions the aggregates use; every column moves relative to the row as it is when the update
 * locks it (x = x + d), so concurrent writers on one game add up. Nothing to change, nothing written.
 */
export async function adjustGameRatingStats(
  db: Executor,
  gameId: number,
  before: RatingStatsEntry | null,
  after: RatingStatsEntry | null,
): Promise<void> {
  await db.execute(sql`
    update ${game} g set
      rating_count = g.rating_count + d.count,
      rating_sum = g.rating_sum + d.sum,
      written_review_count = g.written_review_count + d.written,
      rating_histogram = ${barsOf((b) => sql`g.rating_histogram[${b}] + (d.bar_after = ${b})::int - (d.bar_before = ${b})::int`)}
    from (
      select (a.r is not null)::int - (b.r is not null)::int as count,
             coalesce(a.r, 0) - coalesce(b.r, 0) as sum,
             ${isWritten(sql`a.t`)}::int - ${isWritten(sql`b.t`)}::int as written,
             coalesce(floor(a.r)::int, 0) as bar_after,
             coalesce(floor(b.r)::int, 0) as bar_before
      from (select ${after?.rating ?? null}::numeric as r, ${after?.review ?? null}::text as t) a,
           (select ${before?.rating ?? null}::numeric as r, ${before?.review ?? null}::text as t) b
    ) d
    where g.id = ${gameId} and (d.count <> 0 or d.sum <> 0 or d.written <> 0 or d.bar_after <> d.bar_before)`);
}

/**
 * The stats of the ratings matching `where`, per game: game_id, n, total, written, bars (the same
 * columns and expressions as the game row's). The one definition of what the stored stats must equal.
 */
const ratingStatsByGame = (where: SQL) => sql`(
  select ${rating.gameId} as game_id, count(*)::int as n, sum(${rating.rating}) as total,
         count(*) filter (where ${isWritten(sql`${rating.review}`)})::int as written,
         ${barsOf((b) => sql`count(*) filter (where floor(${rating.rating}) = ${b})::int`)} as bars
    from ${rating} where ${where} group by ${rating.gameId})`;

const NO_BARS = barsOf(() => sql`0`);

/**
 * Account deletion: every game the user rated loses the user's ratings from its stats (count, sum,
 * histogram bars, written reviews), one statement for all of them, in the caller's transaction and
 * before the ratings go (the cascade deletes them). The ratings are locked first, so an edit or delete
 * of one of them in flight commits before they are summed (the sum is read by the next statement, on a
 * fresh snapshot) and none starts until the account is gone; new ratings wait on the user row, which the
 * caller has locked.
 */
export async function releaseUserRatings(db: Executor, userId: number): Promise<void> {
  await db.select({ id: rating.id }).from(rating).where(eq(rating.userId, userId)).for("update");
  await db.execute(sql`
    update ${game} g
       set rating_count = greatest(g.rating_count - r.n, 0),
           rating_sum = greatest(g.rating_sum - r.total, 0),
           written_review_count = greatest(g.written_review_count - r.written, 0),
           rating_histogram = ${barsOf((b) => sql`greatest(g.rating_histogram[${b}] - r.bars[${b}], 0)`)}
      from ${ratingStatsByGame(sql`${rating.userId} = ${userId}`)} r
     where g.id = r.game_id`);
}

/** The games' stored stats differ from their ratings' (a game without ratings must hold zeros). */
const statsDiffer = sql`g.rating_count <> coalesce(r.n, 0) or g.rating_sum <> coalesce(r.total, 0)
  or g.written_review_count <> coalesce(r.written, 0) or g.rating_histogram <> coalesce(r.bars, ${NO_BARS})`;

/**
 * Sets every game's stats from its ratings, for bulk writers that insert ratings directly (the
 * synthetic seeders); only games whose stats differ are written. Returns how many were.
 */
export async function setGameRatingStatsFromRows(db: Executor): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    update ${game} g
       set rating_count = coalesce(r.n, 0),
           rating_sum = coalesce(r.total, 0),
           written_review_count = coalesce(r.written, 0),
           rating_histogram = coalesce(r.bars, ${NO_BARS})
      from ${game} g2 left join ${ratingStatsByGame(sql`true`)} r on r.game_id = g2.id
     where g.id = g2.id and (${statsDiffer})
    returning g.id`);
  return result.rows.length;
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
  /** The viewer likes it (false without a viewer). */
  liked: boolean;
}

/**
 * One review by author and the game of a review address (review-game-ref.ts): the game is
 * found by game_igdb_id_key or its primary key, the rating by rating_user_game_key.
 */
export async function findReviewView(
  userId: number,
  gameRef: ReviewGameRef,
  viewerId: number | null = null,
): Promise<ReviewViewRow | null> {
  const [row] = await getDb()
    .select({
      liked: cardColumnsFor(viewerId).liked,
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
    .where(and(eq(rating.userId, userId), gameOfRef(gameRef)))
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
  viewerId: number | null = null,
): Promise<ReviewCardRow[]> {
  const order = sort === "liked" ? [desc(rating.likeCount), desc(rating.id)] : [desc(rating.postDateTime), desc(rating.id)];
  const rows = await getDb()
    .select(cardColumnsFor(viewerId))
    .from(rating)
    .innerJoin(user, eq(user.id, rating.userId))
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(and(eq(rating.gameId, gameId), sql`${rating.review} ~ '[^[:space:]]'`))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(toCardRow);
}

/** How many written reviews a game has: the game row's written_review_count (one primary-key read). */
export async function countGameWrittenReviews(gameId: number): Promise<number> {
  const [row] = await getDb().select({ n: game.writtenReviewCount }).from(game).where(eq(game.id, gameId));
  return row?.n ?? 0;
}

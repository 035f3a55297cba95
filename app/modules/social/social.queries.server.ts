import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { comment, contentLike, rating, user } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import { DELETED_COMMENT_TEXT } from "./social.schema";

/** The review's id and author, or null. */
export async function findReviewTarget(reviewId: number): Promise<{ id: number; userId: number } | null> {
  const [row] = await getDb().select({ id: rating.id, userId: rating.userId }).from(rating).where(eq(rating.id, reviewId)).limit(1);
  return row ?? null;
}

/** Removes the user's like of a review; the row's id when there was one. */
export async function deleteReviewLike(db: Executor, userId: number, reviewId: number): Promise<boolean> {
  const rows = await db
    .delete(contentLike)
    .where(and(eq(contentLike.userId, userId), eq(contentLike.ratingId, reviewId)))
    .returning({ id: contentLike.id });
  return rows.length > 0;
}

/** Adds the user's like of a review; false when one exists already (the unique index decides a race). */
export async function insertReviewLike(db: Executor, userId: number, reviewId: number): Promise<boolean> {
  const rows = await db
    .insert(contentLike)
    .values({ userId, ratingId: reviewId, isLike: true })
    .onConflictDoNothing()
    .returning({ id: contentLike.id });
  return rows.length > 0;
}

/** Moves the review's stored like count by `delta`, never below 0; the new count (null: no such review). */
export async function bumpReviewLikeCount(db: Executor, reviewId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(rating)
    .set({ likeCount: sql`greatest(${rating.likeCount} + ${delta}, 0)` })
    .where(eq(rating.id, reviewId))
    .returning({ likeCount: rating.likeCount });
  return row?.likeCount ?? null;
}

export async function readReviewLikeCount(db: Executor, reviewId: number): Promise<number | null> {
  const [row] = await db.select({ likeCount: rating.likeCount }).from(rating).where(eq(rating.id, reviewId));
  return row?.likeCount ?? null;
}

export async function deleteCommentLike(db: Executor, userId: number, commentId: number): Promise<boolean> {
  const rows = await db
    .delete(contentLike)
    .where(and(eq(contentLike.userId, userId), eq(contentLike.commentId, commentId)))
    .returning({ id: contentLike.id });
  return rows.length > 0;
}

export async function insertCommentLike(db: Executor, userId: number, commentId: number): Promise<boolean> {
  const rows = await db
    .insert(contentLike)
    .values({ userId, commentId, isLike: true })
    .onConflictDoNothing()
    .returning({ id: contentLike.id });
  return rows.length > 0;
}

export async function bumpCommentLikeCount(db: Executor, commentId: number, delta: number): Promise<number | null> {
  const [row] = await db
    .update(comment)
    .set({ likeCount: sql`greatest(${comment.likeCount} + ${delta}, 0)` })
    .where(eq(comment.id, commentId))
    .returning({ likeCount: comment.likeCount });
  return row?.likeCount ?? null;
}

export async function readCommentLikeCount(db: Executor, commentId: number): Promise<number | null> {
  const [row] = await db.select({ likeCount: comment.likeCount }).from(comment).where(eq(comment.id, commentId));
  return row?.likeCount ?? null;
}

export interface CommentTarget {
  id: number;
  /** Null for a '[deleted]' comment whose author deleted the account. */
  userId: number | null;
  ratingId: number;
  parentCommentId: number | null;
  isPublished: boolean;
}

const targetColumns = {
  id: comment.id,
  userId: comment.userId,
  ratingId: comment.ratingId,
  parentCommentId: comment.parentCommentId,
  isPublished: comment.isPublished,
};

export async function findComment(commentId: number, db: Executor = getDb()): Promise<CommentTarget | null> {
  const [row] = await db.select(targetColumns).from(comment).where(eq(comment.id, commentId)).limit(1);
  return row ?? null;
}

/** The comment locked until the transaction ends (delete decides on its replies meanwhile). */
export async function lockComment(db: Executor, commentId: number): Promise<CommentTarget | null> {
  const [row] = await db.select(targetColumns).from(comment).where(eq(comment.id, commentId)).for("update");
  return row ?? null;
}

export async function insertComment(
  db: Executor,
  values: { userId: number; ratingId: number; content: string; parentCommentId: number | null },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(comment)
    .values({ ...values, isPublished: true })
    .returning({ id: comment.id });
  return row!;
}

/** Changes the text of the user's own published comment; false when there is no such comment. */
export async function updateOwnComment(db: Executor, commentId: number, userId: number, content: string): Promise<boolean> {
  const rows = await db
    .update(comment)
    .set({ content, updatedAt: sql`now()` })
    .where(and(eq(comment.id, commentId), eq(comment.userId, userId), eq(comment.isPublished, true)))
    .returning({ id: comment.id });
  return rows.length > 0;
}

export async function countReplies(db: Executor, commentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comment)
    .where(eq(comment.parentCommentId, commentId));
  return Number(row?.n ?? 0);
}

export async function deleteCommentRow(db: Executor, commentId: number): Promise<void> {
  await db.delete(comment).where(eq(comment.id, commentId));
}

/** Keeps the row for its replies: the text goes, the author's likes go, it stops counting. */
export async function tombstoneComment(db: Executor, commentId: number, text: string): Promise<void> {
  await db.delete(contentLike).where(eq(contentLike.commentId, commentId));
  await db
    .update(comment)
    .set({ content: text, isPublished: false, likeCount: 0, updatedAt: sql`now()` })
    .where(eq(comment.id, commentId));
}

export interface CommentRow {
  id: number;
  /** Null for a '[deleted]' comment whose author deleted the account. */
  userId: number | null;
  ratingId: number;
  parentCommentId: number | null;
  content: string;
  likeCount: number;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
  username: string | null;
  name: string | null;
  avatarUrl: string | null;
  /** The viewer has liked it (content_like_user_comment_key); false without a viewer. */
  liked: boolean;
}

const commentColumns = (viewerId: number | null) => ({
  id: comment.id,
  userId: comment.userId,
  ratingId: comment.ratingId,
  parentCommentId: comment.parentCommentId,
  content: comment.content,
  likeCount: comment.likeCount,
  isPublished: comment.isPublished,
  createdAt: sql<string>`${comment.createdAt}::text`,
  updatedAt: sql<string>`${comment.updatedAt}::text`,
  username: user.username,
  name: user.name,
  avatarUrl: user.avatarUrl,
  liked:
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${contentLike} where ${contentLike.userId} = ${viewerId} and ${contentLike.commentId} = ${comment.id})`,
});

/**
 * A review's top-level comments, newest first (comment_rating_parent_created_idx read backwards), with
 * the viewer's like of each and the review's comment counts — top-level (for paging) and published (the
 * count shown) — in the same statement (uncorrelated subqueries, evaluated once). No row: no comment
 * (a reply always has its top-level comment, kept as a tombstone when deleted), so both counts are 0.
 */
export async function listTopLevelComments(
  reviewId: number,
  limit: number,
  viewerId: number | null,
): Promise<{ rows: CommentRow[]; topLevel: number; published: number }> {
  const rows = await getDb()
    .select({
      ...commentColumns(viewerId),
      topLevelTotal: sql<number>`(select count(*) from ${comment} c where c.rating_id = ${reviewId} and c.parent_comment_id is null)::int`,
      publishedTotal: sql<number>`(select count(*) from ${comment} c where c.rating_id = ${reviewId} and c.is_published)::int`,
    })
    .from(comment)
    // Left: a '[deleted]' comment may have outlived its author (releaseUserComments).
    .leftJoin(user, eq(user.id, comment.userId))
    .where(and(eq(comment.ratingId, reviewId), isNull(comment.parentCommentId)))
    .orderBy(desc(comment.createdAt), desc(comment.id))
    .limit(limit);
  const first = rows[0];
  return {
    rows: rows.map(({ topLevelTotal: _t, publishedTotal: _p, ...row }) => row),
    topLevel: Number(first?.topLevelTotal ?? 0),
    published: Number(first?.publishedTotal ?? 0),
  };
}

/** The replies of the given top-level comments, oldest first (comment_parent_idx), with the viewer's likes. */
export async function listReplies(parentIds: number[], viewerId: number | null): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  return getDb()
    .select(commentColumns(viewerId))
    .from(comment)
    .leftJoin(user, eq(user.id, comment.userId))
    .where(inArray(comment.parentCommentId, parentIds))
    .orderBy(asc(comment.createdAt), asc(comment.id));
}

/**
 * Before a user is deleted, in the caller's transaction: their top-level comments that someone else
 * replied to stay as '[deleted]' without an author (as deleting the comment itself keeps them), so the
 * other people's replies stay too; every other comment of theirs goes, with their replies under it.
 * (Replies are one level deep: only top-level comments have replies.)
 */
export async function releaseUserComments(db: Executor, userId: number): Promise<void> {
  const kept = sql`(select c.id from ${comment} c
     where c.user_id = ${userId} and c.parent_comment_id is null
       and exists (select 1 from ${comment} r where r.parent_comment_id = c.id and r.user_id is distinct from ${userId}))`;
  await db.execute(sql`delete from ${contentLike} where comment_id in ${kept}`);
  await db.execute(sql`update ${comment} set content = ${DELETED_COMMENT_TEXT}, is_published = false, like_count = 0,
      user_id = null, updated_at = now() where id in ${kept}`);
  await db.delete(comment).where(eq(comment.userId, userId));
}

/**
 * Before a user is deleted: every stored counter their rows feed on OTHER rows comes down, in the
 * caller's transaction — the like counts of reviews and comments they liked. (Their own comments'
 * likes vanish with the comments; the games' rating counts are handled with their ratings.)
 */
export async function releaseUserLikes(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`
    update ${rating} r set like_count = greatest(r.like_count - l.n, 0)
      from (select rating_id, count(*)::int as n from ${contentLike}
             where user_id = ${userId} and rating_id is not null group by rating_id) l
     where r.id = l.rating_id`);
  await db.execute(sql`
    update ${comment} c set like_count = greatest(c.like_count - l.n, 0)
      from (select comment_id, count(*)::int as n from ${contentLike}
             where user_id = ${userId} and comment_id is not null group by comment_id) l
     where c.id = l.comment_id`);
}

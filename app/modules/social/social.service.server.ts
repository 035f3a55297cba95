import { ACCOUNT_GONE, can, requireOwner, type Actor } from "~/access/access.server";
import { holdAccount } from "~/modules/accounts/account-hold.queries.server";
import { transaction } from "~/db/transaction.server";
import { fail, ok, type Result } from "~/lib/result";
import { sanitizeUserText } from "~/lib/sanitize.server";
import {
  bumpCommentLikeCount,
  bumpReviewLikeCount,
  countReplies,
  deleteCommentLike,
  deleteCommentRow,
  deleteReviewLike,
  findComment,
  findReviewTarget,
  insertComment,
  insertCommentLike,
  insertReviewLike,
  listReplies,
  listTopLevelComments,
  lockComment,
  readCommentLikeCount,
  readReviewLikeCount,
  tombstoneComment,
  updateOwnComment,
  type CommentRow,
} from "./social.queries.server";
import {
  checkCommentContent,
  COMMENTS_PAGE_SIZE,
  DELETED_COMMENT_TEXT,
  MAX_COMMENT_PAGES,
  parseId,
  SOCIAL_MESSAGES as M,
} from "./social.schema";

export interface LikeState {
  liked: boolean;
  likeCount: number;
  /** 'Already liked' when a like raced another like of the same user (a success). */
  message?: string;
}

const FOREIGN_KEY_VIOLATION = "23503";
const isForeignKeyViolation = (e: unknown) =>
  typeof e === "object" &&
  e !== null &&
  ((e as { code?: string }).code === FOREIGN_KEY_VIOLATION || (e as { cause?: { code?: string } }).cause?.code === FOREIGN_KEY_VIOLATION);

/**
 * Like or unlike a review: the like row and the review's stored count change in one transaction,
 * so the count always equals the rows. A like that meets an existing one (a double click, a second
 * tab) is 'Already liked' and a success. Users may like their own review.
 */
export async function toggleReviewLike(actor: Actor, reviewIdInput: unknown): Promise<Result<LikeState>> {
  if (!actor || !can(actor, "review.like")) return fail(401, M.likeReviewSignIn);
  const reviewId = parseId(reviewIdInput);
  if (reviewId === null) return fail(400, M.invalidReviewId);
  if (!(await findReviewTarget(reviewId))) return fail(404, M.reviewNotFound);
  try {
    const state = await transaction(async (tx): Promise<LikeState | null | typeof ACCOUNT_GONE> => {
      // The session was checked when the request began; the account may have been deleted since.
      if (!(await holdAccount(tx, actor.id))) return ACCOUNT_GONE;
      if (await deleteReviewLike(tx, actor.id, reviewId)) {
        const likeCount = await bumpReviewLikeCount(tx, reviewId, -1);
        return likeCount === null ? null : { liked: false, likeCount };
      }
      if (await insertReviewLike(tx, actor.id, reviewId)) {
        const likeCount = await bumpReviewLikeCount(tx, reviewId, 1);
        return likeCount === null ? null : { liked: true, likeCount };
      }
      const likeCount = await readReviewLikeCount(tx, reviewId);
      return likeCount === null ? null : { liked: true, likeCount, message: M.alreadyLiked };
    });
    if (state === ACCOUNT_GONE) return fail(401, ACCOUNT_GONE);
    return state ? ok(state) : fail(404, M.reviewNotFound);
  } catch (error) {
    // The review was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) return fail(404, M.reviewNotFound);
    throw error;
  }
}

/** Like or unlike a comment, with the same guarantees as review likes. */
export async function toggleCommentLike(actor: Actor, commentIdInput: unknown): Promise<Result<LikeState>> {
  if (!actor || !can(actor, "comment.like")) return fail(401, M.likeCommentSignIn);
  const commentId = parseId(commentIdInput);
  if (commentId === null) return fail(400, M.invalidCommentId);
  const target = await findComment(commentId);
  if (!target || !target.isPublished) return fail(404, M.commentNotFound);
  try {
    const state = await transaction(async (tx): Promise<LikeState | null | typeof ACCOUNT_GONE> => {
      if (!(await holdAccount(tx, actor.id))) return ACCOUNT_GONE;
      if (await deleteCommentLike(tx, actor.id, commentId)) {
        const likeCount = await bumpCommentLikeCount(tx, commentId, -1);
        return likeCount === null ? null : { liked: false, likeCount };
      }
      if (await insertCommentLike(tx, actor.id, commentId)) {
        const likeCount = await bumpCommentLikeCount(tx, commentId, 1);
        return likeCount === null ? null : { liked: true, likeCount };
      }
      const likeCount = await readCommentLikeCount(tx, commentId);
      return likeCount === null ? null : { liked: true, likeCount, message: M.alreadyLiked };
    });
    if (state === ACCOUNT_GONE) return fail(401, ACCOUNT_GONE);
    return state ? ok(state) : fail(404, M.commentNotFound);
  } catch (error) {
    if (isForeignKeyViolation(error)) return fail(404, M.commentNotFound);
    throw error;
  }
}

/**
 * Adds a comment or a reply. Replies are one level deep: a reply to a reply attaches to the
 * top-level comment. A reply to a deleted ('[deleted]') comment is refused as 'Parent comment not
 * found'. The text is stored as plain text (markup stripped).
 */
export async function addComment(
  actor: Actor,
  input: { reviewId: unknown; content: unknown; parentId?: unknown },
): Promise<Result<{ id: number; parentId: number | null }>> {
  if (!actor || !can(actor, "comment.create")) return fail(401, M.commentSignIn);
  const reviewId = parseId(input.reviewId);
  if (reviewId === null) return fail(400, M.invalidReviewId);
  const checked = checkCommentContent(input.content);
  if (!checked.ok) return fail(400, checked.error);
  const content = sanitizeUserText(checked.content);
  if (content === "") return fail(400, M.empty);
  const hasParent = input.parentId !== undefined && input.parentId !== null && input.parentId !== "";
  const parentRef = hasParent ? parseId(input.parentId) : null;
  if (hasParent && parentRef === null) return fail(400, M.invalidCommentId);
  if (!(await findReviewTarget(reviewId))) return fail(404, M.reviewNotFound);
  let parentId: number | null = null;
  if (parentRef !== null) {
    const parent = await findComment(parentRef);
    // A '[deleted]' comment (kept only for its replies) takes no new ones; its live replies still can.
    if (!parent || parent.ratingId !== reviewId || !parent.isPublished) return fail(404, M.parentNotFound);
    parentId = parent.parentCommentId ?? parent.id;
  }
  try {
    const row = await transaction(async (tx) =>
      (await holdAccount(tx, actor.id))
        ? insertComment(tx, { userId: actor.id, ratingId: reviewId, content, parentCommentId: parentId })
        : null,
    );
    if (!row) return fail(401, ACCOUNT_GONE);
    return ok({ id: row.id, parentId });
  } catch (error) {
    if (isForeignKeyViolation(error)) return fail(404, parentId ? M.parentNotFound : M.reviewNotFound);
    throw error;
  }
}

/** Edits the user's own comment. */
export async function editComment(
  actor: Actor,
  input: { commentId: unknown; content: unknown },
): Promise<Result<{ id: number; reviewId: number }>> {
  if (!actor) return fail(401, M.commentSignIn);
  const commentId = parseId(input.commentId);
  if (commentId === null) return fail(400, M.invalidCommentId);
  const checked = checkCommentContent(input.content);
  if (!checked.ok) return fail(400, checked.error);
  const content = sanitizeUserText(checked.content);
  if (content === "") return fail(400, M.empty);
  const target = await findComment(commentId);
  const access = requireOwner(actor, "comment.update", target?.isPublished && target.userId !== null ? { ownerId: target.userId } : null, {
    unauthenticated: M.commentSignIn,
    denied: M.editDenied,
  });
  if (!access.ok) return access;
  const done = await transaction((tx) => updateOwnComment(tx, commentId, actor.id, content));
  return done ? ok({ id: commentId, reviewId: target!.ratingId }) : fail(404, M.editDenied);
}

/**
 * Deletes the user's own comment. One with replies stays as '[deleted]' (unpublished, not counted)
 * so the thread still reads; one without goes, and so does a '[deleted]' parent left with no replies.
 */
export async function deleteComment(actor: Actor, commentIdInput: unknown): Promise<Result<{ reviewId: number }>> {
  if (!actor) return fail(401, M.commentSignIn);
  const commentId = parseId(commentIdInput);
  if (commentId === null) return fail(400, M.invalidCommentId);
  const target = await findComment(commentId);
  const access = requireOwner(actor, "comment.delete", target?.isPublished && target.userId !== null ? { ownerId: target.userId } : null, {
    unauthenticated: M.commentSignIn,
    denied: M.deleteDenied,
  });
  if (!access.ok) return access;
  const done = await transaction(async (tx) => {
    // The parent first, then the comment: the same order as every other path that locks both.
    const parent = target!.parentCommentId ? await lockComment(tx, target!.parentCommentId) : null;
    const row = await lockComment(tx, commentId);
    if (!row || row.userId !== actor.id || !row.isPublished) return false;
    if ((await countReplies(tx, commentId)) > 0) await tombstoneComment(tx, commentId, DELETED_COMMENT_TEXT);
    else await deleteCommentRow(tx, commentId);
    if (parent && !parent.isPublished && (await countReplies(tx, parent.id)) === 0) await deleteCommentRow(tx, parent.id);
    return true;
  });
  return done ? ok({ reviewId: target!.ratingId }) : fail(404, M.deleteDenied);
}

export interface CommentView {
  id: number;
  /** Null for a removed comment ('[deleted]'): nothing of its author remains on the page. */
  userId: number | null;
  reviewId: number;
  parentId: number | null;
  /** '[deleted]' for a removed comment kept for its replies. */
  content: string;
  deleted: boolean;
  createdAt: string;
  edited: boolean;
  likeCount: number;
  isLiked: boolean;
  user: { id: number | null; name: string; avatarUrl: string | null };
  replies: CommentView[];
}

export interface CommentPage {
  comments: CommentView[];
  /** Published comments and replies: the count shown. */
  total: number;
  /** Pages of top-level comments shown (50 each). */
  pages: number;
  hasMore: boolean;
}

const iso = (pgText: string) => {
  const d = new Date(pgText.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));
  return Number.isNaN(d.getTime()) ? pgText : d.toISOString();
};

function toView(row: CommentRow, replies: CommentView[] = []): CommentView {
  const created = iso(row.createdAt);
  const updated = iso(row.updatedAt);
  return {
    id: row.id,
    userId: row.isPublished ? row.userId : null,
    reviewId: row.ratingId,
    parentId: row.parentCommentId,
    content: row.isPublished ? row.content : DELETED_COMMENT_TEXT,
    deleted: !row.isPublished,
    createdAt: created,
    // Any save after posting counts as an edit (likes never touch updated_at).
    edited: row.isPublished && new Date(updated).getTime() - new Date(created).getTime() > 0,
    likeCount: row.likeCount,
    isLiked: row.liked,
    user: row.isPublished
      ? { id: row.userId, name: row.username?.trim() || row.name?.trim() || "Anonymous", avatarUrl: row.avatarUrl }
      : { id: null, name: DELETED_COMMENT_TEXT, avatarUrl: null },
    replies,
  };
}

/**
 * The comments of a review: top level newest first, `pages` × 50 of them, each with its replies
 * oldest first, and the viewer's like states — two statements whatever the number of comments (the
 * top level with the counts and likes, then the replies with their likes).
 */
export async function listComments(viewer: Actor, reviewIdInput: unknown, pagesInput: unknown = 1): Promise<Result<CommentPage>> {
  const reviewId = parseId(reviewIdInput);
  if (reviewId === null) return fail(400, M.invalidReviewId);
  const pages = Math.min(parseId(pagesInput) ?? 1, MAX_COMMENT_PAGES);
  const viewerId = viewer?.id ?? null;
  const top = await listTopLevelComments(reviewId, pages * COMMENTS_PAGE_SIZE, viewerId);
  const replies = await listReplies(
    top.rows.map((c) => c.id),
    viewerId,
  );
  const byParent = new Map<number, CommentView[]>();
  for (const r of replies) {
    const list = byParent.get(r.parentCommentId!) ?? [];
    list.push(toView(r));
    byParent.set(r.parentCommentId!, list);
  }
  return ok({
    comments: top.rows.map((c) => toView(c, byParent.get(c.id) ?? [])),
    total: top.published,
    pages,
    hasMore: top.topLevel > pages * COMMENTS_PAGE_SIZE,
  });
}

/** One form for every comment action (the route stays thin). */
export async function applyCommentForm(actor: Actor, fields: Record<string, unknown>): Promise<Result<object>> {
  switch (fields.intent) {
    case "create":
      return addComment(actor, { reviewId: fields.reviewId, content: fields.content, parentId: fields.parentId });
    case "edit":
      return editComment(actor, { commentId: fields.commentId, content: fields.content });
    case "delete":
      return deleteComment(actor, fields.commentId);
    case "like":
      return toggleCommentLike(actor, fields.commentId);
    default:
      return actor ? fail(400, M.unknownIntent) : fail(401, M.commentSignIn);
  }
}

export interface ReviewDiscussion {
  liked: boolean;
  comments: CommentPage;
  /** 'Failed to load comments' when they could not be read. */
  commentsError: string | null;
}

/**
 * The review view's social half: whether the viewer likes it (read with the review, `liked`) and its
 * comments (`pages` × 50). A failed comments read is the comments' failure, not the review's: the
 * page still shows the review, with 'Failed to load comments' where the comments go.
 */
export async function getReviewDiscussion(viewer: Actor, reviewId: number, pages: unknown, liked: boolean): Promise<ReviewDiscussion> {
  const empty: CommentPage = { comments: [], total: 0, pages: 1, hasMore: false };
  let listed: Result<CommentPage>;
  try {
    listed = await listComments(viewer, reviewId, pages);
  } catch (err) {
    console.error("[social] Failed to fetch comments:", err);
    return { liked: viewer !== null && liked, comments: empty, commentsError: M.loadCommentsFailed };
  }
  return { liked: viewer !== null && liked, comments: listed.ok ? listed.data : empty, commentsError: null };
}

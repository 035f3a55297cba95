import { COMMENT_MAX_LENGTH } from "~/db/schema/social";
import { cleanLongText, hasVisibleText } from "~/lib/user-text";

export { COMMENT_MAX_LENGTH };

/** Comments on a review per page, top level. */
export const COMMENTS_PAGE_SIZE = 50;
/** Pages of comments one request may ask for (the "load more" link grows this). */
export const MAX_COMMENT_PAGES = 20;

export const SOCIAL_MESSAGES = {
  likeReviewSignIn: "You must be logged in to like reviews",
  likeCommentSignIn: "You must be logged in to like comments",
  commentSignIn: "You must be logged in to comment",
  alreadyLiked: "Already liked",
  reviewNotFound: "Review not found",
  commentNotFound: "Comment not found",
  empty: "Comment content cannot be empty",
  tooLong: "Comment content exceeds maximum length (500 characters)",
  parentNotFound: "Parent comment not found",
  editDenied: "Comment not found or you do not have permission to edit it",
  deleteDenied: "Comment not found or you do not have permission to delete it",
  invalidReviewId: "Invalid review ID",
  invalidCommentId: "Invalid comment ID",
  unknownIntent: "Unknown action",
  /** The comments could not be read; the review still shows. */
  loadCommentsFailed: "Failed to load comments",
} as const;

/** Text a removed comment shows when it stays for its replies. */
export const DELETED_COMMENT_TEXT = "[deleted]";

/** A positive integer id from a form or URL, else null ('abc', '1.5', '-1', '', 2^31 and more). */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const s = String(value).trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= 2147483647 ? n : null;
}

/** What the page says before posting (the server answers with its own texts above). */
export const COMMENT_FORM_MESSAGES = {
  empty: "Comment cannot be empty",
  tooLong: "Comment exceeds 500 characters",
} as const;

/** A comment's text as it is stored and counted: line breaks as \n, no space at either end. */
function normalizeComment(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const text = cleanLongText(raw).trim();
  return hasVisibleText(text) ? text : "";
}

/** Characters as the 500-character rule counts them: whole characters (an emoji is one), after trimming. */
export function commentLength(raw: unknown): number {
  return [...normalizeComment(raw)].length;
}

/** The content rule of comments and replies: not blank, at most 500 characters (after trimming). */
export function checkCommentContent(raw: unknown): { ok: true; content: string } | { ok: false; error: string } {
  const text = normalizeComment(raw);
  if (text === "") return { ok: false, error: SOCIAL_MESSAGES.empty };
  if ([...text].length > COMMENT_MAX_LENGTH) return { ok: false, error: SOCIAL_MESSAGES.tooLong };
  return { ok: true, content: text };
}

/** The same rule in the page's words, checked before posting: null when the text may be sent. */
export function commentFormProblem(raw: string): string | null {
  const checked = checkCommentContent(raw);
  if (checked.ok) return null;
  return checked.error === SOCIAL_MESSAGES.empty ? COMMENT_FORM_MESSAGES.empty : COMMENT_FORM_MESSAGES.tooLong;
}

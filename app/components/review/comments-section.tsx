import { Heart, MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { RelativeTime } from "~/components/ui/relative-time";
import type { CommentPage, CommentView } from "~/modules/social/social.service.server";
import { COMMENT_MAX_LENGTH, SOCIAL_MESSAGES } from "~/modules/social/social.schema";
import { useSocialForm } from "./social-form";
import { countLabel } from "~/lib/counts";

const ACTION = "/api/comments";
const buttonClass = "rounded-md px-2 py-1 text-xs font-semibold text-muted hover:bg-surface-2 hover:text-ink-strong";
const primaryClass = "rounded-lg bg-accent px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-strong disabled:opacity-50";

interface Ctx {
  reviewId: number;
  viewerId: number | null;
}

/** A text area with the 500-character limit and 'N characters remaining'. */
function CommentField({
  initial = "",
  label,
  disabled = false,
  placeholder,
}: {
  initial?: string;
  label: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const [text, setText] = useState(initial);
  const remaining = COMMENT_MAX_LENGTH - [...text].length;
  return (
    <label className="block">
      <span className="sr-only">{label}</span>
      <textarea
        name="content"
        required
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        disabled={disabled}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="w-full rounded-lg border border-line bg-surface-2 p-3 text-sm text-ink placeholder:text-muted disabled:cursor-not-allowed"
      />
      <span className="mt-1 block text-xs text-muted" aria-live="polite">
        {remaining} characters remaining
      </span>
    </label>
  );
}

/** Composer for a new comment or a reply; a visitor sees it disabled with 'Sign up or login to comment'. */
function Composer({ ctx, parent, mention, onDone }: { ctx: Ctx; parent?: number; mention?: string; onDone?: () => void }) {
  const failure = parent ? "Failed to post reply. Please try again." : "Failed to post comment. Please try again.";
  const [key, setKey] = useState(0);
  const { onSubmit, redirectTo, busy } = useSocialForm(ACTION, failure, (answer) => {
    if (!answer.ok) return;
    setKey((k) => k + 1);
    onDone?.();
  });
  if (ctx.viewerId === null)
    return (
      <div className="space-y-2">
        <CommentField label="Comment" disabled placeholder="Sign up or login to comment" />
        <Link to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} className={primaryClass}>
          Sign up or login to comment
        </Link>
      </div>
    );
  return (
    <form method="post" action={ACTION} onSubmit={onSubmit} className="space-y-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="reviewId" value={ctx.reviewId} />
      {parent ? <input type="hidden" name="parentId" value={parent} /> : null}
      <CommentField key={key} label={parent ? "Reply" : "Comment"} initial={mention ? `@${mention} ` : ""} placeholder="Add a comment..." />
      <button type="submit" disabled={busy} className={primaryClass}>
        {parent ? "Reply" : "Post Comment"}
      </button>
    </form>
  );
}

function CommentLike({ comment, ctx }: { comment: CommentView; ctx: Ctx }) {
  const { fetcher, onSubmit, redirectTo } = useSocialForm(ACTION, "Failed to update comment like status");
  const settled =
    fetcher.state === "idle" && fetcher.data?.ok
      ? { liked: !!fetcher.data.liked, count: fetcher.data.likeCount ?? comment.likeCount }
      : { liked: comment.isLiked, count: comment.likeCount };
  const shown =
    fetcher.state !== "idle" ? { liked: !settled.liked, count: Math.max(0, settled.count + (settled.liked ? -1 : 1)) } : settled;
  return (
    <form method="post" action={ACTION} onSubmit={ctx.viewerId === null ? undefined : onSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value="like" />
      <input type="hidden" name="commentId" value={comment.id} />
      <button
        type="submit"
        aria-pressed={shown.liked}
        className={`${buttonClass} inline-flex items-center gap-1 ${shown.liked ? "text-rose-400" : ""}`}
      >
        <Heart aria-hidden="true" className="size-3.5" fill={shown.liked ? "currentColor" : "none"} />
        <span>{shown.count}</span>
        <span className="sr-only">{shown.liked ? "Unlike comment" : "Like comment"}</span>
      </button>
    </form>
  );
}

function EditForm({ comment }: { comment: CommentView }) {
  const { onSubmit, redirectTo, busy } = useSocialForm(ACTION, "Failed to update comment");
  return (
    <form method="post" action={ACTION} onSubmit={onSubmit} className="mt-2 space-y-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="commentId" value={comment.id} />
      <CommentField label="Edit comment" initial={comment.content} />
      <button type="submit" disabled={busy} className={primaryClass}>
        Save
      </button>
    </form>
  );
}

/** The confirmation: a 'Delete Comment' dialog (a disclosure, so it works without JavaScript too). */
function DeleteForm({ comment }: { comment: CommentView }) {
  const { onSubmit, redirectTo, busy } = useSocialForm(ACTION, "Failed to delete comment");
  return (
    <div role="dialog" aria-label="Delete Comment" className="mt-2 rounded-lg border border-line bg-surface-2 p-3">
      <h4 className="font-semibold text-ink-strong">Delete Comment</h4>
      <p className="mt-1 text-sm text-muted">Are you sure you want to delete this comment? This action cannot be undone.</p>
      <form method="post" action={ACTION} onSubmit={onSubmit} className="mt-2">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="commentId" value={comment.id} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-rose-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-500"
        >
          Delete
        </button>
      </form>
    </div>
  );
}

/**
 * 'Reply' opens a composer under the comment. The composer is rendered only when asked for — a page of
 * 50 threads would otherwise carry a hidden form per comment, most of its HTML. With JavaScript the
 * link toggles it in place; without, it loads the page with ?reply={id}, which renders it open.
 */
function ReplyToggle({ comment, ctx, topId }: { comment: CommentView; ctx: Ctx; topId: number }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get("reply") === String(comment.id));
  const panelRef = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    // Opened by the link: the caret goes to the end of the @mention, ready to type.
    if (!open || !opened.current) return;
    opened.current = false;
    const field = panelRef.current?.querySelector("textarea");
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, [open]);
  const target = new URLSearchParams(params);
  target.delete("socialError");
  target.set("reply", String(comment.id));
  const panel = `reply-${comment.id}`;
  return (
    <>
      <Link
        to={`?${target.toString()}#${panel}`}
        preventScrollReset
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        onClick={(e) => {
          e.preventDefault();
          opened.current = !open;
          setOpen(!open);
        }}
        className={buttonClass}
      >
        Reply
      </Link>
      {open ? (
        <div id={panel} ref={panelRef} className="mt-2 w-full min-w-72 basis-full">
          <Composer ctx={ctx} parent={topId} mention={comment.user.name} onDone={() => setOpen(false)} />
        </div>
      ) : null}
    </>
  );
}

function CommentItem({ comment, ctx, topId }: { comment: CommentView; ctx: Ctx; topId: number }) {
  const own = ctx.viewerId !== null && ctx.viewerId === comment.userId && !comment.deleted;
  return (
    <li className="rounded-lg border border-line bg-surface p-3" data-testid="comment" id={`comment-${comment.id}`}>
      <div className="flex items-center gap-2 text-sm">
        {comment.deleted || comment.user.id === null ? (
          <span className="text-muted">[deleted]</span>
        ) : (
          <Link to={`/user/${comment.user.id}`} className="font-semibold text-ink-strong hover:underline">
            {comment.user.name}
          </Link>
        )}
        <RelativeTime date={comment.createdAt} className="text-xs text-muted" />
        {comment.edited ? <span className="text-xs text-muted">(edited)</span> : null}
      </div>
      <p className={`mt-1 text-sm whitespace-pre-line ${comment.deleted ? "text-muted italic" : "text-ink"}`} data-testid="comment-text">
        {comment.content}
      </p>
      {comment.deleted ? null : (
        <div className="mt-1 flex flex-wrap items-start gap-1">
          <CommentLike comment={comment} ctx={ctx} />
          {ctx.viewerId !== null ? <ReplyToggle comment={comment} ctx={ctx} topId={topId} /> : null}
          {own ? (
            <>
              <details>
                <summary className={`${buttonClass} cursor-pointer list-none`}>Edit</summary>
                <EditForm comment={comment} />
              </details>
              <details>
                <summary className={`${buttonClass} cursor-pointer list-none`}>Delete</summary>
                <DeleteForm comment={comment} />
              </details>
            </>
          ) : null}
        </div>
      )}
      {comment.replies.length > 0 ? (
        <ul className="mt-3 space-y-2 border-l border-line pl-4">
          {comment.replies.map((r) => (
            <CommentItem key={r.id} comment={r} ctx={ctx} topId={topId} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The comments of a review, server-rendered with the page (first 50 top-level comments): every
 * action is a form that works without JavaScript; 'Load more comments' asks the page for 50 more.
 */
export function CommentsSection({ page, reviewId, viewerId }: { page: CommentPage; reviewId: number; viewerId: number | null }) {
  const [params] = useSearchParams();
  // Only the app's own messages are shown: the URL is not a place to put text on the page.
  const raw = params.get("socialError");
  const error = raw && (Object.values(SOCIAL_MESSAGES) as string[]).includes(raw) ? raw : null;
  const ctx: Ctx = { reviewId, viewerId };
  const more = new URLSearchParams(params);
  more.delete("socialError");
  more.set("comments", String(page.pages + 1));
  return (
    <section aria-labelledby="comments-heading" className="mx-auto max-w-3xl px-4 pb-16">
      <h2 id="comments-heading" className="flex items-center gap-2 text-lg font-bold text-ink-strong">
        <MessageCircle aria-hidden="true" className="size-5" /> Comments ({countLabel(page.total)})
      </h2>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-200">
          {error}
        </p>
      ) : null}
      <div className="mt-4">
        <Composer ctx={ctx} />
      </div>
      {page.comments.length === 0 ? (
        <p className="mt-6 text-sm text-muted">No comments yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {page.comments.map((c) => (
            <CommentItem key={c.id} comment={c} ctx={ctx} topId={c.id} />
          ))}
        </ul>
      )}
      {page.hasMore ? (
        <Link
          to={`?${more.toString()}`}
          preventScrollReset
          className={`${primaryClass} mt-4 inline-block`}
          data-testid="load-more-comments"
        >
          Load more comments
        </Link>
      ) : null}
    </section>
  );
}

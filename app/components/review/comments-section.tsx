import { Heart, MessageCircle } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { RelativeTime } from "~/components/ui/relative-time";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { CommentPage, CommentView } from "~/modules/social/social.service.server";
import { COMMENT_MAX_LENGTH, commentFormProblem, commentLength, SOCIAL_MESSAGES } from "~/modules/social/social.schema";
import { registerPendingActionHandler, requireSignIn, type PendingAction } from "~/lib/pending-action";
import { useSocialForm, type SocialAnswer } from "./social-form";
import { countLabel } from "~/lib/counts";

const ACTION = "/api/comments";
/** An open Edit or Delete disclosure takes the whole row under the comment instead of a narrow column. */
const disclosureClass = "open:w-full open:basis-full";
const buttonClass = "rounded-md px-2 py-1 text-xs font-semibold text-muted hover:bg-surface-2 hover:text-ink-strong";
const primaryClass = "rounded-lg bg-accent px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-strong disabled:opacity-50";

interface Ctx {
  reviewId: number;
  viewerId: number | null;
}

/**
 * A text area with 'N characters remaining', counted as the server counts (whole characters, after
 * trimming). Nothing stops typing past 500: the form says 'Comment exceeds 500 characters' instead.
 */
function CommentField({
  initial = "",
  label,
  disabled = false,
  placeholder,
  problem = null,
  onEdit,
}: {
  initial?: string;
  label: string;
  disabled?: boolean;
  placeholder?: string;
  /** What is wrong with the text (shown under it until the next edit). */
  problem?: string | null;
  onEdit?: () => void;
}) {
  const [text, setText] = useState(initial);
  const remaining = COMMENT_MAX_LENGTH - commentLength(text);
  const ids = { count: useId(), problem: useId() };
  return (
    <div>
      <label className="block">
        <span className="sr-only">{label}</span>
        <textarea
          name="content"
          required
          rows={3}
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.count} ${ids.problem}` : ids.count}
          onChange={(e) => {
            setText(e.target.value);
            onEdit?.();
          }}
          className="w-full rounded-lg border border-line bg-surface-2 p-3 text-sm text-ink placeholder:text-muted disabled:cursor-not-allowed aria-[invalid=true]:border-bad"
        />
      </label>
      <span id={ids.count} className={`mt-1 block text-xs ${remaining < 0 ? "text-bad" : "text-muted"}`} aria-live="polite">
        {remaining} characters remaining
      </span>
      {problem ? (
        <p id={ids.problem} role="alert" className="mt-1 text-sm text-bad">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A comment form (new, reply, edit): with JavaScript the text is checked before posting, in the
 * page's words ('Comment cannot be empty', 'Comment exceeds 500 characters'), and the field gets the
 * focus back; without it the browser posts and the server's answer comes back with the page.
 */
function useCommentForm(failure: string, onDone?: (answer: SocialAnswer) => void) {
  const social = useSocialForm(ACTION, failure, onDone);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const field = e.currentTarget.elements.namedItem("content");
    const text = field instanceof HTMLTextAreaElement ? field.value : "";
    const found = commentFormProblem(text);
    if (found) {
      e.preventDefault();
      setProblem(found);
      if (field instanceof HTMLTextAreaElement) field.focus();
      return;
    }
    setProblem(null);
    social.onSubmit(e);
  };
  return { ...social, onSubmit, problem, clearProblem: () => setProblem(null), noValidate: useHydrated() };
}

/** Composer for a new comment or a reply; a visitor sees it disabled with 'Sign up or login to comment'. */
function Composer({ ctx, parent, mention, onDone }: { ctx: Ctx; parent?: number; mention?: string; onDone?: () => void }) {
  const failure = parent ? "Failed to post reply. Please try again." : "Failed to post comment. Please try again.";
  const [key, setKey] = useState(0);
  const { onSubmit, redirectTo, busy, problem, clearProblem, noValidate } = useCommentForm(failure, (answer) => {
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
    <form method="post" action={ACTION} onSubmit={onSubmit} noValidate={noValidate} className="space-y-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="reviewId" value={ctx.reviewId} />
      {parent ? <input type="hidden" name="parentId" value={parent} /> : null}
      <CommentField
        key={key}
        label={parent ? "Reply" : "Comment"}
        initial={mention ? `@${mention} ` : ""}
        placeholder="Add a comment..."
        problem={problem}
        onEdit={clearProblem}
      />
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
        <span>{countLabel(shown.count)}</span>
        <span className="sr-only">{shown.liked ? "Unlike comment" : "Like comment"}</span>
      </button>
    </form>
  );
}

function EditForm({ comment, onCancel }: { comment: CommentView; onCancel?: () => void }) {
  const { onSubmit, redirectTo, busy, problem, clearProblem, noValidate } = useCommentForm("Failed to update comment");
  const hydrated = useHydrated();
  return (
    <form method="post" action={ACTION} onSubmit={onSubmit} noValidate={noValidate} className="mt-2 space-y-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="commentId" value={comment.id} />
      <CommentField label="Edit comment" initial={comment.content} problem={problem} onEdit={clearProblem} />
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={primaryClass}>
          Save
        </button>
        {hydrated && onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface-2"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * 'Edit' opens the edit form under the comment's buttons, as wide as the comment (a disclosure, so it
 * works without JavaScript). With JavaScript the focus goes to the text when it opens; Cancel or
 * Escape closes it and gives the focus back to 'Edit'.
 */
function EditToggle({ comment }: { comment: CommentView }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = detailsRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !details?.open) return;
      e.preventDefault();
      closeDisclosure(details);
    };
    details?.addEventListener("keydown", onKey);
    return () => details?.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details
      ref={detailsRef}
      className={disclosureClass}
      onToggle={(e) => {
        if (!e.currentTarget.open) return;
        const text = e.currentTarget.querySelector("textarea");
        text?.focus();
        text?.setSelectionRange(text.value.length, text.value.length);
      }}
    >
      <summary className={`${buttonClass} inline-block cursor-pointer list-none`}>Edit</summary>
      <EditForm comment={comment} onCancel={() => closeDisclosure(detailsRef.current)} />
    </details>
  );
}

/** Closes a disclosure and gives the focus back to its summary. */
function closeDisclosure(details: HTMLDetailsElement | null) {
  if (!details) return;
  details.open = false;
  details.querySelector("summary")?.focus();
}

/**
 * 'Delete' opens the 'Delete Comment' confirmation: a disclosure, so it works without JavaScript too
 * (there Cancel reloads the page, which shows it closed: a GET form, since a link to the same
 * address would only scroll). With JavaScript the focus goes to Cancel when
 * it opens; Cancel or Escape closes it and gives the focus back to 'Delete'.
 */
function DeleteToggle({ comment }: { comment: CommentView }) {
  const { onSubmit, redirectTo, busy } = useSocialForm(ACTION, "Failed to delete comment");
  const [params] = useSearchParams();
  const location = useLocation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const details = detailsRef.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || !details?.open) return;
      e.preventDefault();
      closeDisclosure(details);
    };
    details?.addEventListener("keydown", onKey);
    return () => details?.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details
      ref={detailsRef}
      className={disclosureClass}
      onToggle={(e) => {
        if (e.currentTarget.open) cancelRef.current?.focus();
      }}
    >
      <summary className={`${buttonClass} inline-block cursor-pointer list-none`}>Delete</summary>
      <div role="dialog" aria-label="Delete Comment" className="mt-2 rounded-lg border border-line bg-surface-2 p-3">
        <h4 className="font-semibold text-ink-strong">Delete Comment</h4>
        <p className="mt-1 text-sm text-muted">Are you sure you want to delete this comment? This action cannot be undone.</p>
        <div className="mt-2 flex gap-2">
          <form
            method="get"
            action={`${location.pathname}#comment-${comment.id}`}
            onSubmit={(e) => {
              e.preventDefault();
              closeDisclosure(detailsRef.current);
            }}
          >
            {[...params.entries()]
              .filter(([name]) => name !== "socialError")
              .map(([name, value], i) => (
                <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
              ))}
            <button
              ref={cancelRef}
              type="submit"
              className="rounded-lg border border-line px-3 py-1.5 text-sm font-semibold text-ink hover:bg-surface"
            >
              Cancel
            </button>
          </form>
          <form method="post" action={ACTION} onSubmit={onSubmit}>
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
      </div>
    </details>
  );
}

/**
 * The Reply controls on the page by comment id. A visitor's Reply opens the sign-in dialog and
 * remembers the reply (the pending action 'reply_comment'); once signed in, that comment's reply form
 * opens. One handler serves every comment, and it looks the comment up after every Reply of the
 * render has registered (as the review like button does).
 */
const replyOpeners = new Map<number, () => void>();
let unregisterPendingReply: (() => void) | null = null;

function runPendingReply(pending: PendingAction): Promise<void> {
  const commentId = Number(pending.gameId);
  return Promise.resolve().then(() => replyOpeners.get(commentId)?.());
}

/**
 * 'Reply' opens a composer under the comment. The composer is rendered only when asked for — a page of
 * 50 threads would otherwise carry a hidden form per comment, most of its HTML. With JavaScript the
 * link toggles it in place; without, it loads the page with ?reply={id}, which renders it open.
 */
function ReplyToggle({ comment, ctx, topId }: { comment: CommentView; ctx: Ctx; topId: number }) {
  const [params] = useSearchParams();
  const location = useLocation();
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
  useEffect(() => {
    const openReply = () => {
      opened.current = true;
      setOpen(true);
    };
    replyOpeners.set(comment.id, openReply);
    unregisterPendingReply ??= registerPendingActionHandler("reply_comment", runPendingReply);
    return () => {
      if (replyOpeners.get(comment.id) === openReply) replyOpeners.delete(comment.id);
      if (replyOpeners.size === 0) {
        unregisterPendingReply?.();
        unregisterPendingReply = null;
      }
    };
  }, [comment.id]);
  const target = new URLSearchParams(params);
  target.delete("socialError");
  target.set("reply", String(comment.id));
  const panel = `reply-${comment.id}`;
  if (ctx.viewerId === null) {
    // A visitor: the sign-in dialog (without JavaScript, the sign-in page and back to this reply form).
    return (
      <Link
        to={`/login?redirectTo=${encodeURIComponent(`${location.pathname}?${target.toString()}`)}`}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          requireSignIn({ type: "reply_comment", gameId: comment.id });
        }}
        className={buttonClass}
      >
        Reply
      </Link>
    );
  }
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
          <Link to={`/user/${comment.user.id}`} dir="auto" className="font-semibold text-ink-strong hover:underline">
            {comment.user.name}
          </Link>
        )}
        <RelativeTime date={comment.createdAt} className="text-xs text-muted" />
        {comment.edited ? <span className="text-xs text-muted">(edited)</span> : null}
      </div>
      <p
        dir="auto"
        className={`mt-1 text-sm whitespace-pre-line [unicode-bidi:plaintext] ${comment.deleted ? "text-muted italic" : "text-ink"}`}
        data-testid="comment-text"
      >
        {comment.content}
      </p>
      {comment.deleted ? null : (
        <div className="mt-1 flex flex-wrap items-start gap-1">
          <CommentLike comment={comment} ctx={ctx} />
          <ReplyToggle comment={comment} ctx={ctx} topId={topId} />
          {own ? (
            <>
              <EditToggle comment={comment} />
              <DeleteToggle comment={comment} />
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
 * `error` ('Failed to load comments'): the comments could not be read; it stands in for the list.
 */
export function CommentsSection({
  page,
  error: loadError = null,
  reviewId,
  viewerId,
}: {
  page: CommentPage;
  error?: string | null;
  reviewId: number;
  viewerId: number | null;
}) {
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
        <MessageCircle aria-hidden="true" className="size-5" /> {loadError ? "Comments" : `Comments (${countLabel(page.total)})`}
      </h2>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-200">
          {error}
        </p>
      ) : null}
      <div className="mt-4">
        <Composer ctx={ctx} />
      </div>
      {loadError ? (
        <p role="alert" className="mt-6 text-sm text-bad">
          {loadError}
        </p>
      ) : page.comments.length === 0 ? (
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

import { Heart } from "~/components/ui/icons";
import { useEffect, useRef, type FormEvent } from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { registerPendingActionHandler, requireSignIn, type PendingAction } from "~/lib/pending-action";
import { useJsonAction } from "~/lib/use-json-action";
import type { SocialAnswer } from "./social-form";
import { countLabel } from "~/lib/counts";

/**
 * The like buttons on the page by review id. One pending-action handler serves them all (a page
 * shows many reviews, and a handler per button would replace the others'): it looks the button up
 * once every button of the render has registered, and posts directly when none is on the page.
 */
const likeSubmitters = new Map<number, () => void>();

let unregisterPendingLike: (() => void) | null = null;

function runPendingLike(pending: PendingAction): Promise<void> {
  const reviewId = Number(pending.gameId);
  return Promise.resolve().then(async () => {
    const submit = likeSubmitters.get(reviewId);
    if (submit) return submit();
    const body = new URLSearchParams({ format: "json" });
    await fetch(`/api/reviews/${reviewId}/like`, { method: "POST", body });
  });
}

/**
 * Like / unlike a review. Optimistic: the heart and count flip at once (never below 0) and fall
 * back to the server's state when the call fails. A visitor gets the sign-in dialog and the like
 * runs after signing in. Without JavaScript it is a plain form post answered with a 303.
 */
export function ReviewLikeButton({
  reviewId,
  liked,
  count,
  signedIn,
  failure = "Failed to toggle like",
  className = "",
}: {
  reviewId: number;
  liked: boolean;
  count: number;
  signedIn: boolean;
  failure?: string;
  className?: string;
}) {
  const fetcher = useJsonAction<SocialAnswer>();
  const location = useLocation();
  const action = `/api/reviews/${reviewId}/like`;
  const redirectTo = location.pathname + location.search;

  const submit = () => void fetcher.submit({ redirectTo }, { action });
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    const own = () => submitRef.current();
    likeSubmitters.set(reviewId, own);
    unregisterPendingLike = registerPendingActionHandler("like_review", runPendingLike);
    return () => {
      if (likeSubmitters.get(reviewId) === own) likeSubmitters.delete(reviewId);
      if (likeSubmitters.size === 0) {
        unregisterPendingLike?.();
        unregisterPendingLike = null;
      }
    };
  }, [reviewId]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) toast.error(failure);
  }, [fetcher.state, fetcher.data, failure]);

  const settled =
    fetcher.state === "idle" && fetcher.data?.ok
      ? { liked: fetcher.data.liked ?? liked, count: fetcher.data.likeCount ?? count }
      : { liked, count };
  const shown =
    fetcher.state !== "idle" ? { liked: !settled.liked, count: Math.max(0, settled.count + (settled.liked ? -1 : 1)) } : settled;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!signedIn) {
      requireSignIn({ type: "like_review", gameId: reviewId });
      return;
    }
    if (fetcher.state === "idle") submit();
  };

  return (
    <form method="post" action={action} onSubmit={onSubmit} className={`relative z-10 inline-flex ${className}`}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={shown.liked}
        aria-label={`${shown.liked ? "Unlike" : "Like"} review (${countLabel(shown.count)} ${shown.count === 1 ? "like" : "likes"})`}
        data-testid="review-like"
        className={`inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:text-ink-strong ${shown.liked ? "text-rose-400" : ""}`}
      >
        <Heart aria-hidden="true" className="size-4" fill={shown.liked ? "currentColor" : "none"} />
        <span data-testid="like-count">{countLabel(shown.count)}</span>
      </button>
    </form>
  );
}

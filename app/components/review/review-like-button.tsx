import { Heart } from "lucide-react";
import { useEffect, useRef, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { registerPendingActionHandler, requireSignIn } from "~/lib/pending-action";
import type { SocialAnswer } from "./social-form";

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
  const fetcher = useFetcher<SocialAnswer>();
  const location = useLocation();
  const action = `/api/reviews/${reviewId}/like`;
  const redirectTo = location.pathname + location.search;

  const submit = () => void fetcher.submit({ format: "json", redirectTo }, { method: "post", action });
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(
    () =>
      registerPendingActionHandler("like_review", (pending) => {
        if (Number(pending.gameId) === reviewId) submitRef.current();
      }),
    [reviewId],
  );
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
        aria-label={`${shown.liked ? "Unlike" : "Like"} review (${shown.count} ${shown.count === 1 ? "like" : "likes"})`}
        data-testid="review-like"
        className={`inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:text-ink-strong ${shown.liked ? "text-rose-400" : ""}`}
      >
        <Heart aria-hidden="true" className="size-4" fill={shown.liked ? "currentColor" : "none"} />
        <span data-testid="like-count">{shown.count}</span>
      </button>
    </form>
  );
}

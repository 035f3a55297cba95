import { MessageCircle, PenLine } from "~/components/ui/icons";
import { useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { GameCover } from "~/components/game/game-cover";
import { Avatar } from "~/components/ui/avatar";
import { useDialogKeys } from "~/components/ui/use-dialog-keys";
import { secondaryButtonClass } from "~/components/ui/form-controls";
import { formatRating } from "~/lib/ratings";
import type { ReviewView as View } from "~/modules/reviews/reviews.service.server";
import { ReviewLikeButton } from "./review-like-button";
import { SpoilerText } from "./spoiler-text";
import { countLabel } from "~/lib/counts";

export const REVIEW_VIEW_PREVIEW = 500;

/** The single review view: game, author, text (cut at 500 with 'more'), rating panel and counts. */
export function ReviewView({ view, liked = false, signedIn = false }: { view: View; liked?: boolean; signedIn?: boolean }) {
  const [params] = useSearchParams();
  const [fullOpen, setFullOpen] = useState(params.get("full") === "1");
  const long = view.text.length > REVIEW_VIEW_PREVIEW;
  const shown = long ? `${view.text.slice(0, REVIEW_VIEW_PREVIEW)}...` : view.text;
  const label = formatRating(view.rating);
  return (
    <article className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:py-12 md:grid-cols-[180px_minmax(0,1fr)_200px]">
      <Link to={view.game.href} className="mx-auto w-40 md:w-full">
        <GameCover name={view.game.name} coverUrl={view.game.coverUrl} year={null} width={180} priority />
      </Link>

      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-ink-strong sm:text-3xl">
          <Link to={view.game.href} className="hover:underline">
            {view.game.name}
          </Link>
        </h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span>Review by</span>
          <Link to={`/user/${view.userId}`} className="inline-flex items-center gap-2 font-semibold text-ink-strong hover:underline">
            <Avatar name={view.author} url={view.authorAvatar} size={28} anonymous={view.author === "Anonymous"} />
            <bdi>{view.author}</bdi>
          </Link>
          <span aria-hidden="true">·</span>
          {view.dateIso ? <time dateTime={view.dateIso}>{view.dateLabel}</time> : <span>{view.dateLabel}</span>}
          {view.platformName ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{view.platformName}</span>
            </>
          ) : null}
        </p>
        {view.recommended !== null || view.playtime !== null ? (
          <p className="mt-2 text-sm text-muted">
            {view.recommended === true ? "Recommends this game" : view.recommended === false ? "Does not recommend this game" : null}
            {view.recommended !== null && view.playtime !== null ? " · " : null}
            {view.playtime !== null ? `${view.playtime} ${view.playtime === 1 ? "hour" : "hours"} played` : null}
          </p>
        ) : null}

        <div
          dir="auto"
          className="mt-6 text-base leading-relaxed whitespace-pre-line text-ink [unicode-bidi:plaintext]"
          data-testid="review-text"
        >
          {view.text.trim() === "" ? (
            <p className="text-muted">No written review.</p>
          ) : (
            <SpoilerText spoiler={view.containsSpoilers}>
              <p>
                {shown}
                {long ? (
                  <>
                    {" "}
                    <Link
                      to="?full=1"
                      preventScrollReset
                      onClick={(e) => {
                        e.preventDefault();
                        setFullOpen(true);
                      }}
                      className="font-semibold text-accent-strong hover:underline"
                    >
                      more
                    </Link>
                  </>
                ) : null}
              </p>
            </SpoilerText>
          )}
        </div>

        <div className="mt-6 flex items-center gap-5 text-sm text-muted">
          <ReviewLikeButton
            reviewId={view.id}
            liked={liked}
            count={view.likeCount}
            signedIn={signedIn}
            failure="Failed to update like status"
          />
          <span className="inline-flex items-center gap-1.5" data-testid="comment-count">
            <MessageCircle aria-hidden="true" className="size-4" /> {countLabel(view.commentCount)}{" "}
            <span className="sr-only">comments</span>
          </span>
          {view.editHref ? (
            <Link to={view.editHref} className={`${secondaryButtonClass} ml-auto h-9 gap-2 text-sm`}>
              <PenLine aria-hidden="true" className="size-4" />
              Edit Review
            </Link>
          ) : null}
        </div>
      </div>

      <aside className="self-start rounded-2xl border border-line bg-surface p-5 text-center" aria-label="Rating">
        <p className="text-5xl font-black text-ink-strong tabular-nums">{label}</p>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${(view.rating / 10) * 100}%` }} />
        </div>
        <p className="mt-2 text-sm text-muted">out of 10</p>
      </aside>

      {fullOpen ? <FullReviewDialog view={view} onClose={() => setFullOpen(false)} /> : null}
    </article>
  );
}

function FullReviewDialog({ view, onClose }: { view: View; onClose: () => void }) {
  const closeRef = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  useDialogKeys(closeRef, onClose);
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/60 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="max-h-[85vh] w-full max-w-2xl overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold text-ink-strong">
            Full Review
          </h2>
          <Link
            ref={closeRef}
            to="?"
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
            className="rounded px-2 text-sm font-semibold text-muted hover:text-ink"
          >
            Close
          </Link>
        </div>
        <div className="mt-4 flex items-center gap-3">
          <Avatar name={view.author} url={view.authorAvatar} size={40} anonymous={view.author === "Anonymous"} />
          <div>
            <p dir="auto" className="font-semibold text-ink-strong">
              {view.author}
            </p>
            <p className="text-xs text-muted">{view.dateLabel}</p>
          </div>
          <p className="ml-auto text-lg font-bold text-ink-strong tabular-nums">
            {formatRating(view.rating)}
            <span className="text-sm text-muted">/10</span>
          </p>
        </div>
        <p dir="auto" className="mt-4 leading-relaxed whitespace-pre-line text-ink [unicode-bidi:plaintext]">
          {view.text}
        </p>
      </div>
    </div>
  );
}

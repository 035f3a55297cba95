import { MessageSquareText, PenLine } from "~/components/ui/icons";
import { Link, useLocation } from "react-router";
import { GameReviewItem, GameReviewLike } from "~/components/game/game-reviews";
import type { ReviewCard } from "~/modules/reviews/review-card";
import { previewText, reviewHref } from "~/modules/reviews/review-card";
import { countLabel } from "~/lib/counts";
import { SpoilerText } from "./spoiler-text";
import { signInToReviewHref, WriteReviewLink } from "./write-review-link";

export interface GameReviewBlockProps {
  reviews: ReviewCard[];
  error: string | null;
  /** /review/{igdbId or id}: visitors are sent through sign-in and come back to it. */
  writeHref: string;
  signedIn: boolean;
  hasOwnReview: boolean;
  /** The shown reviews the viewer has liked. */
  likedReviewIds?: number[];
  /** All written reviews; more than shown links to the all-reviews page. */
  writtenCount?: number;
}

export { signInToReviewHref } from "./write-review-link";

function SpoilerReviewItem({ card, like }: { card: ReviewCard; like: { liked: boolean; signedIn: boolean } }) {
  return (
    <article className="relative rounded-xl border border-line bg-surface p-4" data-testid="game-review">
      <p className="text-sm text-muted">
        <span dir="auto" className="font-semibold text-ink-strong">
          {card.author}
        </span>{" "}
        · {card.rating === 10 ? "10" : card.rating.toFixed(1)}/10
      </p>
      <div dir="auto" className="mt-3 text-sm leading-relaxed whitespace-pre-line text-ink [unicode-bidi:plaintext]">
        <SpoilerText spoiler>{previewText(card.text, 320)}</SpoilerText>
      </div>
      <Link to={reviewHref(card)} className="mt-3 inline-block text-sm font-semibold text-accent-strong hover:underline">
        Read review<span className="sr-only"> by {card.author}</span>
      </Link>
      <GameReviewLike card={card} like={like} />
    </article>
  );
}

/** The game page's reviews: Write Review / Edit Review, and the 5 newest written reviews. */
export function GameReviewBlock({
  reviews,
  error,
  writeHref,
  signedIn,
  hasOwnReview,
  likedReviewIds = [],
  writtenCount = 0,
}: GameReviewBlockProps) {
  const pageHref = useLocation().pathname;
  return (
    <section aria-labelledby="reviews-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-bold text-ink-strong">
          Reviews
        </h2>
        <WriteReviewLink
          writeHref={writeHref}
          signedIn={signedIn}
          className="inline-flex items-center gap-1.5 rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:border-accent/60 hover:bg-surface"
          testId="write-review"
        >
          <PenLine aria-hidden="true" className="size-4" />
          {hasOwnReview ? "Edit Review" : "Write Review"}
        </WriteReviewLink>
      </div>

      {error ? (
        <div role="alert" className="mt-4 rounded-xl border border-bad/40 bg-bad/10 p-5">
          <p className="font-semibold text-ink-strong">{error}</p>
          <Link
            to={pageHref}
            reloadDocument
            className="mt-3 inline-block rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:bg-surface"
          >
            Retry
          </Link>
        </div>
      ) : reviews.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-line p-8 text-center">
          <MessageSquareText aria-hidden="true" className="mx-auto size-8 text-muted" />
          <p className="mt-3 text-ink">No written reviews yet. Be the first to write a review for this game!</p>
          {!signedIn && (
            <WriteReviewLink
              writeHref={writeHref}
              to={signInToReviewHref(writeHref)}
              signedIn={false}
              className="mt-4 inline-block rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong"
            >
              Sign in to write a review
            </WriteReviewLink>
          )}
        </div>
      ) : (
        <ul className="mt-4 grid gap-3">
          {reviews.map((card) => {
            const like = { liked: likedReviewIds.includes(card.id), signedIn };
            return (
              <li key={card.id}>
                {card.containsSpoilers ? <SpoilerReviewItem card={card} like={like} /> : <GameReviewItem card={card} like={like} />}
              </li>
            );
          })}
        </ul>
      )}
      {!error && writtenCount > 0 && (
        <Link
          to={`${pageHref.replace(/\/$/, "")}/reviews`}
          className="mt-3 inline-block text-sm font-semibold text-accent-strong hover:underline"
          data-testid="all-reviews"
        >
          {writtenCount === 1 ? "See 1 review" : `See all ${countLabel(writtenCount)} reviews`}
        </Link>
      )}
    </section>
  );
}

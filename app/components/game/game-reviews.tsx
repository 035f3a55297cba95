import { Link } from "react-router";
import { ReviewLikeButton } from "~/components/review/review-like-button";
import { Avatar } from "~/components/ui/avatar";
import { RelativeTime } from "~/components/ui/relative-time";
import { formatRatingOutOf10 } from "~/lib/ratings";
import type { CardTheme, ReviewCard } from "~/modules/reviews/review-card";
import { previewText, reviewHref } from "~/modules/reviews/review-card";

const themeAccent: Record<CardTheme, string> = {
  purple: "before:bg-violet-500",
  green: "before:bg-emerald-500",
  orange: "before:bg-orange-500",
  blue: "before:bg-sky-500",
  red: "before:bg-rose-500",
};

/** The like button of a game-page review, above the card's full-size link. */
export function GameReviewLike({ card, like }: { card: ReviewCard; like: { liked: boolean; signedIn: boolean } }) {
  return (
    <div className="mt-2 flex text-xs text-muted">
      <ReviewLikeButton reviewId={card.id} liked={like.liked} count={card.likeCount} signedIn={like.signedIn} className="-ml-1.5" />
    </div>
  );
}

/** One written review on the game page; the whole card opens /review/{userId}/{gameId}. */
export function GameReviewItem({ card, like }: { card: ReviewCard; like?: { liked: boolean; signedIn: boolean } }) {
  const href = reviewHref(card);
  return (
    <article
      className={`relative overflow-hidden rounded-xl border border-line bg-surface p-4 pt-5 transition-colors duration-150 before:absolute before:inset-x-0 before:top-0 before:h-1 focus-within:border-accent/60 hover:bg-surface-2 ${themeAccent[card.theme]}`}
      data-testid="game-review"
    >
      <header className="flex items-center gap-3">
        <Avatar name={card.author} url={card.authorAvatar} size={36} lazy anonymous={card.author === "Anonymous"} />
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate font-semibold text-ink-strong">
            {card.author}
          </p>
          <p className="text-xs text-muted">
            <RelativeTime date={card.date} />
          </p>
        </div>
        <p className="shrink-0 rounded-lg bg-page/60 px-2.5 py-1 text-sm font-bold text-ink-strong tabular-nums ring-1 ring-line">
          {formatRatingOutOf10(card.rating)}
        </p>
      </header>
      <p dir="auto" className="mt-3 line-clamp-4 text-sm leading-relaxed whitespace-pre-line text-ink [unicode-bidi:plaintext]">
        {previewText(card.text, 320)}
      </p>
      <Link
        to={href}
        className="mt-3 inline-block text-sm font-semibold text-accent-strong after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent/60 focus-visible:after:ring-inset"
      >
        Read review<span className="sr-only"> by {card.author}</span>
      </Link>
      {like && <GameReviewLike card={card} like={like} />}
    </article>
  );
}

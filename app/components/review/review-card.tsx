import { Heart, MessageCircle } from "~/components/ui/icons";
import { Link, useNavigate } from "react-router";
import { GameCover } from "~/components/game/game-cover";
import { Avatar } from "~/components/ui/avatar";
import { RelativeTime } from "~/components/ui/relative-time";
import { formatRating } from "~/lib/ratings";
import { ReviewLikeButton } from "./review-like-button";
import { SpoilerText } from "./spoiler-text";
import { previewText, reviewHref, type CardTheme, type ReviewCard as Card } from "~/modules/reviews/review-card";
import { countLabel } from "~/lib/counts";

const themeBorder: Record<CardTheme, string> = {
  purple: "before:bg-violet-500",
  green: "before:bg-emerald-500",
  orange: "before:bg-orange-500",
  blue: "before:bg-sky-500",
  red: "before:bg-rose-500",
};

/** `like` makes the heart a like button (signed-in pages that loaded the viewer's like states). */
export function ReviewCard({
  card,
  className = "",
  like,
}: {
  card: Card;
  className?: string;
  like?: { liked: boolean; signedIn: boolean };
}) {
  const navigate = useNavigate();
  const href = reviewHref(card);
  return (
    <article
      className={`relative flex h-full gap-4 overflow-hidden rounded-xl border border-line bg-surface p-4 transition-colors before:absolute before:inset-x-0 before:top-0 before:h-1 hover:border-line/40 hover:bg-surface-2 ${themeBorder[card.theme]} ${className}`}
      data-theme={card.theme}
    >
      {/* A long word (a URL, a key-mash) wraps inside the card instead of widening it. */}
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <div className="flex items-center gap-2">
          {/* Above the title link's full-card overlay (as the like button and the cover are), so a click lands here. */}
          <Link to={`/user/${card.userId}`} className="relative z-10 flex min-w-0 items-center gap-2 hover:underline">
            <Avatar name={card.author} url={card.authorAvatar} size={32} lazy />
            <span dir="auto" className="truncate font-semibold text-ink-strong">
              {card.author}
            </span>
          </Link>
          <RelativeTime date={card.date} className="ml-auto shrink-0 text-xs text-muted" />
        </div>
        <p className="mt-2 text-sm text-muted">
          reviewed{" "}
          <Link to={href} className="font-medium text-ink after:absolute after:inset-0 hover:underline">
            {card.gameTitle}
          </Link>
        </p>
        <p className="mt-1 text-ink-strong" aria-label={`Rated ${formatRating(card.rating)} out of 10`}>
          <span className="text-2xl font-bold">{formatRating(card.rating)}</span>
          <span className="text-sm text-muted">/10</span>
        </p>
        {card.hasText &&
          (card.containsSpoilers ? (
            <div className="relative z-10 mt-2 text-sm">
              <SpoilerText spoiler>
                <p dir="auto" className="line-clamp-3 leading-relaxed text-ink">
                  {previewText(card.text)}
                </p>
              </SpoilerText>
            </div>
          ) : (
            <p dir="auto" className="mt-2 line-clamp-3 text-sm leading-relaxed text-ink">
              {previewText(card.text)}
            </p>
          ))}
        <div className="mt-3 flex gap-4 text-xs text-muted">
          {like ? (
            <ReviewLikeButton reviewId={card.id} liked={like.liked} count={card.likeCount} signedIn={like.signedIn} />
          ) : (
            <span className="flex items-center gap-1">
              <Heart aria-hidden="true" className="size-4" /> {countLabel(card.likeCount)}
              <span className="sr-only">likes</span>
            </span>
          )}
          <span className="flex items-center gap-1">
            <MessageCircle aria-hidden="true" className="size-4" /> {countLabel(card.commentCount)}
            <span className="sr-only">comments</span>
          </span>
        </div>
      </div>
      {(card.gameCoverUrl || card.gameTitle) && (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => void navigate(href)}
          className="relative z-10 w-16 shrink-0 self-start sm:w-20"
        >
          <GameCover name={card.gameTitle} coverUrl={card.gameCoverUrl} year={card.gameYear} width={80} size="t_cover_small" />
        </button>
      )}
    </article>
  );
}

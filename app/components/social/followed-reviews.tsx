import { UserPlus } from "~/components/ui/icons";
import { Link } from "react-router";
import { ReviewCard } from "~/components/review/review-card";
import type { FollowedFeed } from "~/modules/social/feed.service.server";

/** Home: 'From people you follow' — their newest reviews, or an invitation to find people to follow. */
export function FollowedReviews({ feed, likedReviewIds }: { feed: FollowedFeed; likedReviewIds: number[] }) {
  return (
    <section aria-labelledby="followed-reviews" className="mx-auto max-w-7xl px-4 pt-14 lg:px-6">
      <div className="flex items-baseline justify-between">
        <h2 id="followed-reviews" className="text-xl font-bold text-ink-strong">
          From people you follow
        </h2>
        <Link to="/users" className="text-sm font-semibold text-accent-strong hover:underline">
          Discover Users
        </Link>
      </div>
      {feed.error ? (
        <div role="alert" className="mt-4 rounded-xl border border-bad/40 bg-bad/10 p-6">
          <p className="font-semibold text-ink-strong">{feed.error}</p>
        </div>
      ) : feed.reviews.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-line p-10 text-center">
          <p className="font-semibold text-ink-strong">
            {feed.followsNobody ? "You are not following anyone yet" : "No reviews from people you follow yet"}
          </p>
          <p className="mt-1 text-muted">
            {feed.followsNobody
              ? "Follow players with similar tastes and their reviews will show up here."
              : "When the people you follow write reviews, they will show up here."}
          </p>
          <Link
            to="/users"
            className="mt-4 inline-flex items-center gap-2 rounded-lg bg-accent px-5 py-2.5 text-sm font-semibold text-white hover:bg-accent-hover"
          >
            <UserPlus aria-hidden="true" className="size-4" /> Discover Users
          </Link>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="followed-reviews">
          {feed.reviews.map((card) => (
            <li key={card.id}>
              <ReviewCard card={card} like={{ liked: likedReviewIds.includes(card.id), signedIn: true }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { listFeaturedGames, type GameCardRow } from "~/modules/catalogue/catalogue.queries.server";
import { toReviewCard, type ReviewCard } from "~/modules/reviews/review-card";
import { listRecentReviews } from "~/modules/reviews/reviews.queries.server";

export interface HomePage {
  games: GameCardRow[];
  reviews: ReviewCard[];
  reviewsError: string | null;
}

/** Home page data: a cover wall of popular games and the newest reviews (10 fetched, 3–4 shown). */
export async function getHomePage(): Promise<HomePage> {
  const [games, reviews] = await Promise.all([
    listFeaturedGames(24).catch(() => []),
    listRecentReviews(10).then(
      (rows) => ({ ok: true as const, rows }),
      () => ({ ok: false as const, error: "Failed to load reviews" }),
    ),
  ]);
  return {
    games,
    reviews: reviews.ok ? reviews.rows.map(toReviewCard) : [],
    reviewsError: reviews.ok ? null : reviews.error,
  };
}

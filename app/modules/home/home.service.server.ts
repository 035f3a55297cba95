import { LRUCache } from "lru-cache";
import type { Actor } from "~/access/access.server";
import { getFollowedFeed, type FollowedFeed } from "~/modules/social/feed.service.server";
import { listFeaturedGames, type GameCardRow } from "~/modules/catalogue/catalogue.queries.server";
import { toReviewCard, type ReviewCard } from "~/modules/reviews/review-card";
import { listRecentReviews } from "~/modules/reviews/reviews.queries.server";

export interface HomePage {
  games: GameCardRow[];
  reviews: ReviewCard[];
  reviewsError: string | null;
  /** 'From people you follow': null for a visitor. */
  followed: FollowedFeed | null;
  /** The viewer's likes among the shown reviews (always empty for a visitor, so the page stays cacheable). */
  likedReviewIds: number[];
}

// The cover wall changes slowly; keep it for a minute per process (no user data in it).
const featured = new LRUCache<"games", GameCardRow[]>({ max: 1, ttl: 60_000 });

async function featuredGames(): Promise<GameCardRow[]> {
  const hit = featured.get("games");
  if (hit) return hit;
  const games = await listFeaturedGames(24);
  featured.set("games", games);
  return games;
}

/**
 * Home page data: a cover wall of popular games, the newest reviews (10 fetched, 3–4 shown) and, for
 * a signed-in viewer, the newest reviews of the people they follow.
 */
export async function getHomePage(viewer: Actor = null): Promise<HomePage> {
  const [games, reviews, followed] = await Promise.all([
    featuredGames().catch(() => []),
    listRecentReviews(10, viewer?.id ?? null).then(
      (rows) => ({ ok: true as const, rows }),
      () => ({ ok: false as const, error: "Failed to load reviews" }),
    ),
    getFollowedFeed(viewer),
  ]);
  const cards = reviews.ok ? reviews.rows.map(toReviewCard) : [];
  // The like states came with the cards (cardColumnsFor): no statement of their own.
  const liked = new Set([...(reviews.ok ? reviews.rows : []).filter((r) => r.liked).map((r) => r.id), ...(followed?.likedReviewIds ?? [])]);
  return {
    games,
    reviews: cards,
    reviewsError: reviews.ok ? null : reviews.error,
    followed,
    likedReviewIds: [...liked],
  };
}

import type { Actor } from "~/access/access.server";
import { toReviewCard, type ReviewCard } from "~/modules/reviews/review-card";
import { countFollowing, listFollowedReviews } from "./feed.queries.server";

export const FOLLOWED_REVIEWS_LIMIT = 10;

/** 'From people you follow' on the home page: null for a visitor. */
export interface FollowedFeed {
  reviews: ReviewCard[];
  /** Follows nobody yet: the page invites them to Discover Users. */
  followsNobody: boolean;
  /** Which of these reviews the viewer likes (read with them). */
  likedReviewIds: number[];
  error: string | null;
}

export async function getFollowedFeed(viewer: Actor): Promise<FollowedFeed | null> {
  if (!viewer) return null;
  try {
    const rows = await listFollowedReviews(viewer.id, FOLLOWED_REVIEWS_LIMIT);
    // Whom the viewer follows matters only for an empty feed (which empty text): asked only then, so the
    // common case is one statement.
    const followsNobody = rows.length === 0 && (await countFollowing(viewer.id)) === 0;
    return { reviews: rows.map(toReviewCard), followsNobody, likedReviewIds: rows.filter((r) => r.liked).map((r) => r.id), error: null };
  } catch (err) {
    console.error("followed reviews failed", err);
    return { reviews: [], followsNobody: false, likedReviewIds: [], error: "Failed to load reviews" };
  }
}

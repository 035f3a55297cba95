import type { Actor } from "~/access/access.server";
import { toReviewCard, type ReviewCard } from "~/modules/reviews/review-card";
import { countFollowing, listFollowedReviews } from "./feed.queries.server";

export const FOLLOWED_REVIEWS_LIMIT = 10;

/** 'From people you follow' on the home page: null for a visitor. */
export interface FollowedFeed {
  reviews: ReviewCard[];
  /** Follows nobody yet: the page invites them to Discover Users. */
  followsNobody: boolean;
  error: string | null;
}

export async function getFollowedFeed(viewer: Actor): Promise<FollowedFeed | null> {
  if (!viewer) return null;
  try {
    const [rows, following] = await Promise.all([listFollowedReviews(viewer.id, FOLLOWED_REVIEWS_LIMIT), countFollowing(viewer.id)]);
    return { reviews: rows.map(toReviewCard), followsNobody: following === 0 && rows.length === 0, error: null };
  } catch (err) {
    console.error("followed reviews failed", err);
    return { reviews: [], followsNobody: false, error: "Failed to load reviews" };
  }
}

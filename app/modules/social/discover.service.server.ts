import { LRUCache } from "lru-cache";
import type { Actor } from "~/access/access.server";
import {
  listDiscoverUsers,
  listReviewStats,
  listTopReviewers,
  readCommunityStats,
  type CommunityStatsRow,
  type DiscoverUserRow,
} from "./discover.queries.server";
import { findFollowCounts } from "./follow.queries.server";
import { followedAmong } from "./follow.service.server";

import {
  DISCOVER_MESSAGES as M,
  DISCOVER_PAGE_SIZE,
  MAX_QUERY,
  TOP_REVIEWERS,
  type DiscoverPage,
  type DiscoverParams,
  type DiscoverUser,
} from "./discover.shared";

export { parseDiscoverParams } from "./discover.shared";

// The side panel's figures change slowly and are the same for everyone: one minute per process. They
// are one index-only pass over user_rating_count_idx (about 15 ms at 100,000 users on PostgreSQL),
// worth not repeating on every page view. The top reviewers are a read of the first entries of that
// index, so they are always live.
const shared = new LRUCache<"stats", CommunityStatsRow>({ max: 1, ttl: 60_000 });

async function cachedStats(): Promise<CommunityStatsRow> {
  const hit = shared.get("stats");
  if (hit) return hit;
  const value = await readCommunityStats();
  shared.set("stats", value);
  return value;
}

/** For tests: forget the cached side-panel figures. */
export function clearDiscoverCache(): void {
  shared.clear();
}

const displayNameOf = (r: { username: string | null; name: string }) => r.username?.trim() || r.name?.trim() || "Unknown User";

const platformsOf = (p: string | null) =>
  (p ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The page when the users themselves could not be read: nothing to list, and why. */
function failedPage(params: DiscoverParams, viewerId: number | null, error: string): DiscoverPage {
  return {
    params,
    users: [],
    total: 0,
    totalPages: 1,
    topReviewers: [],
    stats: { totalUsers: 0, activeReviewers: 0, totalReviews: 0, youFollow: null },
    communityEmpty: false,
    viewerId,
    error,
    warnings: [],
  };
}

/** A read whose failure only makes some figures inaccurate: `fallback` and a warning instead of an empty page. */
async function partial<T>(read: () => Promise<T>, fallback: T, what: string): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await read(), failed: false };
  } catch (err) {
    console.error(`discover: ${what} failed`, err);
    return { value: fallback, failed: true };
  }
}

/**
 * Discover Users: one page of users (20), the top reviewers, the side panel's figures. When the users
 * cannot be read the page says 'Failed to load users. Please try again.'; when only the review
 * figures or the follow relationships fail, the users are still listed with the spec's warning for
 * the figures that may be off. Anything else that goes wrong is 'An unexpected error occurred while
 * loading users'.
 */
export async function getDiscoverPage(viewer: Actor, params: DiscoverParams): Promise<DiscoverPage> {
  const viewerId = viewer?.id ?? null;
  const filter = {
    q: params.q.toLowerCase(),
    excludeUserId: viewerId,
    hasReviews: params.hasReviews,
    joinedWithinDays: params.joined,
    platform: params.platform,
  };
  const showTop = params.q === "";
  try {
    let list: Awaited<ReturnType<typeof listDiscoverUsers>>;
    let top: DiscoverUserRow[];
    let stats: CommunityStatsRow;
    try {
      [list, top, stats] = await Promise.all([
        listDiscoverUsers(filter, params.sort, DISCOVER_PAGE_SIZE, (params.page - 1) * DISCOVER_PAGE_SIZE),
        showTop ? listTopReviewers(TOP_REVIEWERS + 1) : Promise.resolve([]),
        cachedStats(),
      ]);
    } catch (err) {
      console.error("discover users failed", err);
      return failedPage(params, viewerId, M.loadUsers);
    }
    const topRows = top.filter((r) => r.id !== viewerId).slice(0, TOP_REVIEWERS);
    const ids = [...new Set([...list.rows.map((r) => r.id), ...topRows.map((r) => r.id)])];
    const [reviewStats, follows] = await Promise.all([
      partial(() => listReviewStats(ids), new Map<number, { reviews: number; average: number | null }>(), "review stats"),
      partial(
        () => Promise.all([followedAmong(viewer, ids), viewerId === null ? Promise.resolve(null) : findFollowCounts(viewerId)]),
        [new Set<number>(), null] as const,
        "follow relationships",
      ),
    ]);
    const [followed, counts] = follows.value;
    const toUser = (r: DiscoverUserRow): DiscoverUser => ({
      id: r.id,
      username: r.username,
      name: r.name,
      displayName: displayNameOf(r),
      bio: r.bio,
      avatarUrl: r.avatarUrl,
      platforms: platformsOf(r.platform),
      joinedAt: new Date(r.createdAt).toISOString(),
      followerCount: r.followerCount,
      followingCount: r.followingCount,
      reviewCount: reviewStats.value.get(r.id)?.reviews ?? 0,
      averageRating: reviewStats.value.get(r.id)?.average ?? null,
      isFollowing: followed.has(r.id),
    });
    const othersExist = stats.totalUsers - (viewerId === null ? 0 : 1) > 0 || list.total > 0;
    return {
      params,
      users: list.rows.map(toUser),
      total: list.total,
      totalPages: Math.max(1, Math.ceil(list.total / DISCOVER_PAGE_SIZE)),
      topReviewers: topRows.map(toUser),
      stats: { ...stats, youFollow: counts?.followingCount ?? null },
      communityEmpty: !othersExist,
      viewerId,
      error: null,
      warnings: [...(follows.failed ? [M.followsPartial] : []), ...(reviewStats.failed ? [M.reviewsPartial] : [])],
    };
  } catch (err) {
    console.error("discover page failed", err);
    return failedPage(params, viewerId, M.unexpected);
  }
}

/** The header search's user suggestions: the same search as Discover, best matches first. */
export async function searchUsers(
  viewer: Actor,
  q: string,
  limit: number,
): Promise<Pick<DiscoverUser, "id" | "displayName" | "avatarUrl" | "name" | "username">[]> {
  const text = q.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY).toLowerCase();
  if (text.length < 2) return [];
  const filter = { q: text, excludeUserId: viewer?.id ?? null, hasReviews: false, joinedWithinDays: null, platform: null };
  const { rows } = await listDiscoverUsers(filter, "relevant", limit, 0, false);
  return rows.map((r) => ({ id: r.id, username: r.username, name: r.name, displayName: displayNameOf(r), avatarUrl: r.avatarUrl }));
}

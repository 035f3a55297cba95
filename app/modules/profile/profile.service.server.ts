import type { Actor } from "~/access/access.server";
import { fail, ok, type Result } from "~/lib/result";
import { followedAmong } from "~/modules/social/follow.service.server";
import {
  loadTopFiveTab,
  loadTopTenTab,
  loadWantToPlayTab,
  type TopFiveTab,
  type TopTenTab,
  type WantToPlayTab,
} from "~/modules/lists/lists.service.server";
import { parseWantToPlayPages } from "~/modules/lists/lists.schema";
import {
  ACTIVITY_PER_SOURCE,
  ACTIVITY_PRIORITY,
  ACTIVITY_TYPES,
  boundFor,
  decodeCursor,
  encodeCursor,
  mergeActivity,
  type ActivityKey,
  type ActivityType,
} from "./activity";
import {
  findProfileHeaderRow,
  listActivitySources,
  type ActivityRow,
  listFollowPeople,
  listProgressGames,
  listUserReviews,
  type PersonRow,
  type ProgressGameRow,
  type ProfileReviewRow,
  type ReviewSort,
} from "./profile.queries.server";

/**
 * A profile page: the header and stats strip, the dialog opened from a stat, and the tab in view.
 * Each tab and dialog reads on its own, so one failing read shows its message and never breaks the page.
 */

export const PROFILE_MESSAGES = {
  invalidId: "Invalid user ID",
  notFound: "User not found",
  loadActivity: "Failed to load activity feed",
  loadGames: "Failed to load games",
  loadStarted: "Failed to load started games",
  loadFinished: "Failed to load finished games",
  loadReviews: "Failed to load reviews",
  loadUser: "Failed to load user data",
} as const;
const M = PROFILE_MESSAGES;

export interface ProfileHeader {
  id: number;
  name: string;
  username: string | null;
  avatarUrl: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  platforms: string[];
  /** 'March 2026'. */
  joined: string;
  stats: { games: number; reviewsThisYear: number; lists: number; following: number; followers: number };
}

export function parseProfileId(rawId: string | undefined): number | null {
  if (!rawId || !/^\d{1,10}$/.test(rawId)) return null;
  const id = Number(rawId);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Only http(s) addresses are links; anything else stored long ago is not shown as one. */
export function safeWebsite(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

export function splitPlatforms(raw: string | null): string[] {
  return (raw ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

export async function getProfileHeader(rawId: string | undefined, now = new Date()): Promise<Result<ProfileHeader>> {
  const id = parseProfileId(rawId);
  if (id === null) return fail(400, M.invalidId);
  const row = await findProfileHeaderRow(id, new Date(Date.UTC(now.getUTCFullYear(), 0, 1)));
  if (!row) return fail(404, M.notFound);
  return ok({
    id: row.id,
    name: row.name,
    username: row.displayUsername ?? row.username,
    avatarUrl: row.avatarUrl ?? row.image,
    bio: row.bio,
    location: row.location,
    website: safeWebsite(row.website),
    platforms: splitPlatforms(row.platform),
    joined: row.createdAt.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
    stats: {
      games: row.games,
      reviewsThisYear: row.reviewsThisYear,
      lists: row.lists,
      following: Math.max(0, row.followingCount),
      followers: Math.max(0, row.followerCount),
    },
  });
}

// ---- Activity ----

export interface ActivityItem extends ActivityKey {
  type: ActivityType;
  /** ISO date. */
  at: string;
  game: { id: number; name: string; slug: string | null; coverUrl: string | null; igdbId: number | null } | null;
  rating: number | null;
  /** The review's author, for comments and review likes. */
  reviewAuthor: { id: number; username: string | null } | null;
  /** Where the row leads. */
  href: string;
}

export interface ActivityTab {
  items: ActivityItem[];
  /** The cursor of the next page, null on the last. */
  nextCursor: string | null;
  error: string | null;
}

function hrefOf(type: ActivityType, userId: number, r: ActivityRow): string {
  const gameRef = r.gameIgdbId ?? r.gameId;
  if (type === "review" || type === "rating") return `/review/${userId}/${gameRef}`;
  if ((type === "comment" || type === "review_like") && r.authorId !== null) return `/review/${r.authorId}/${gameRef}`;
  return r.gameSlug ? `/game/${r.gameSlug}` : "/search";
}

/**
 * One page of a user's activity: each source's newest 20 after the cursor, merged newest first
 * (ties within 2 seconds by type priority) and cut to 25. The next page continues after the last
 * item shown (keyset, never an offset), so nothing is lost or repeated between pages.
 */
export async function loadActivityTab(userId: number, rawCursor: string | null = null): Promise<ActivityTab> {
  const cursor = decodeCursor(rawCursor);
  try {
    const rowsBySource = await listActivitySources(
      userId,
      ACTIVITY_TYPES.map((type) => ({ type, bound: cursor ? boundFor(ACTIVITY_PRIORITY[type], cursor) : null })),
      ACTIVITY_PER_SOURCE,
    );
    const sources = ACTIVITY_TYPES.map((type) => {
      const priority = ACTIVITY_PRIORITY[type];
      const rows = rowsBySource.get(type) ?? [];
      const items: ActivityItem[] = rows.map((r) => ({
        type,
        id: r.id,
        date: r.ms,
        priority,
        at: new Date(r.ms).toISOString(),
        game:
          r.gameId === null
            ? null
            : { id: r.gameId, name: r.gameName ?? "Unknown Game", slug: r.gameSlug, coverUrl: r.gameCoverUrl, igdbId: r.gameIgdbId },
        rating: r.rating,
        reviewAuthor: r.authorId === null ? null : { id: r.authorId, username: r.authorUsername },
        href: hrefOf(type, userId, r),
      }));
      return { items, full: rows.length === ACTIVITY_PER_SOURCE };
    });
    const page = mergeActivity(sources);
    const last = page.items[page.items.length - 1];
    return { items: page.items, nextCursor: page.more && last ? encodeCursor(last) : null, error: null };
  } catch (err) {
    console.error("[profile] activity read failed:", err);
    return { items: [], nextCursor: null, error: M.loadActivity };
  }
}

// ---- Dialogs opened from the stats strip ----

export const DIALOG_LIMIT = 100;
export const PROFILE_DIALOGS = ["followers", "following", "games", "reviews"] as const;
export type ProfileDialogName = (typeof PROFILE_DIALOGS)[number];
export const GAME_FILTERS = ["all", "started", "finished"] as const;
export const REVIEW_SORTS = ["recent", "oldest", "highest", "lowest"] as const satisfies readonly ReviewSort[];

/** A person in the follow dialog, with whether the viewer follows them (their row's follow toggle). */
export type DialogPerson = PersonRow & { viewerFollows: boolean };

export type ProfileDialog =
  | { name: "followers" | "following"; people: DialogPerson[]; error: string | null }
  | { name: "games"; filter: (typeof GAME_FILTERS)[number]; games: ProgressGameRow[]; error: string | null }
  | { name: "reviews"; sort: ReviewSort; reviews: (Omit<ProfileReviewRow, "date"> & { date: string })[]; error: string | null };

const pick = <T extends string>(list: readonly T[], raw: string | null, fallback: T): T => list.find((x) => x === raw) ?? fallback;

/**
 * The dialog named in the URL (?dialog=followers|following|games|reviews, with ?games= / ?sort=), or null.
 * The follow dialog also says, per person, whether `viewer` follows them: one read for the whole list.
 */
export async function loadProfileDialog(userId: number, params: URLSearchParams, viewer: Actor = null): Promise<ProfileDialog | null> {
  const name = PROFILE_DIALOGS.find((d) => d === params.get("dialog"));
  if (!name) return null;
  if (name === "followers" || name === "following") {
    try {
      const people = await listFollowPeople(userId, name, DIALOG_LIMIT);
      const followed = await followedAmong(
        viewer,
        people.map((p) => p.id),
      );
      return { name, people: people.map((p) => ({ ...p, viewerFollows: followed.has(p.id) })), error: null };
    } catch (err) {
      console.error("[profile] follow list read failed:", err);
      return { name, people: [], error: M.loadUser };
    }
  }
  if (name === "games") {
    const filter = pick(GAME_FILTERS, params.get("games"), "all");
    try {
      return { name, filter, games: await listProgressGames(userId, filter, DIALOG_LIMIT), error: null };
    } catch (err) {
      console.error("[profile] games read failed:", err);
      return {
        name,
        filter,
        games: [],
        error: filter === "started" ? M.loadStarted : filter === "finished" ? M.loadFinished : M.loadGames,
      };
    }
  }
  const sort = pick(REVIEW_SORTS, params.get("sort"), "recent");
  try {
    const rows = await listUserReviews(userId, sort, DIALOG_LIMIT);
    return { name, sort, reviews: rows.map((r) => ({ ...r, date: r.date.toISOString() })), error: null };
  } catch (err) {
    console.error("[profile] reviews read failed:", err);
    return { name, sort, reviews: [], error: M.loadReviews };
  }
}

// ---- Tabs ----

export const PROFILE_TABS = ["top5", "top10", "playlist", "activity"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export type ProfileTabData =
  | { tab: "top5"; top5: TopFiveTab }
  | { tab: "top10"; top10: TopTenTab }
  | { tab: "playlist"; playlist: WantToPlayTab }
  | { tab: "activity"; activity: ActivityTab };

/** The data of the tab in view (?tab=); each tab has its own reader. */
export async function loadProfileTab(params: URLSearchParams, userId: number): Promise<ProfileTabData> {
  const tab = pick(PROFILE_TABS, params.get("tab"), "top5");
  if (tab === "top10") return { tab, top10: await loadTopTenTab(userId) };
  if (tab === "playlist") return { tab, playlist: await loadWantToPlayTab(userId, parseWantToPlayPages(params)) };
  if (tab === "activity") return { tab, activity: await loadActivityTab(userId, params.get("cursor")) };
  return { tab, top5: await loadTopFiveTab(userId) };
}

/** Everything the page needs, read in parallel. */
export async function loadProfilePage(rawId: string | undefined, url: URL, viewer: Actor = null) {
  const header = await getProfileHeader(rawId);
  if (!header.ok) return header;
  const [tab, dialog] = await Promise.all([
    loadProfileTab(url.searchParams, header.data.id),
    loadProfileDialog(header.data.id, url.searchParams, viewer),
  ]);
  return ok({ profile: header.data, tab, dialog });
}

import { reviewGameRef } from "~/lib/review-game-ref";
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
  type DialogKey,
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
  const gameRef = r.gameId === null ? null : reviewGameRef({ id: r.gameId, igdbId: r.gameIgdbId });
  if (gameRef !== null && (type === "review" || type === "rating")) return `/review/${userId}/${gameRef}`;
  if (gameRef !== null && (type === "comment" || type === "review_like") && r.authorId !== null) return `/review/${r.authorId}/${gameRef}`;
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

/** Entries per dialog page; 'Load more' (a plain link: ?after=) continues after the last one shown. */
export const DIALOG_PAGE_SIZE = 50;
export const PROFILE_DIALOGS = ["followers", "following", "games", "reviews"] as const;
export type ProfileDialogName = (typeof PROFILE_DIALOGS)[number];
export const GAME_FILTERS = ["all", "started", "finished"] as const;
export const REVIEW_SORTS = ["recent", "oldest", "highest", "lowest"] as const satisfies readonly ReviewSort[];

/** A person in the follow dialog, with whether the viewer follows them (their row's follow toggle). */
export type DialogPerson = PersonRow & { viewerFollows: boolean };

/** Paging of a dialog: the cursor this page starts after (null: the first page) and the next page's (null: the last). */
interface DialogPage {
  after: string | null;
  nextCursor: string | null;
  error: string | null;
}

export type ProfileDialog =
  | ({ name: "followers" | "following"; people: DialogPerson[] } & DialogPage)
  | ({ name: "games"; filter: (typeof GAME_FILTERS)[number]; games: ProgressGameRow[] } & DialogPage)
  | ({ name: "reviews"; sort: ReviewSort; reviews: (Omit<ProfileReviewRow, "date"> & { date: string })[] } & DialogPage);

const pick = <T extends string>(list: readonly T[], raw: string | null, fallback: T): T => list.find((x) => x === raw) ?? fallback;

// A cursor's time stays within years both the database and Date write with four digits (0001 to 9998).
const MIN_AT = BigInt(Date.parse("0001-01-01T00:00:00Z")) * 1000n;
const MAX_AT = BigInt(Date.parse("9999-01-01T00:00:00Z")) * 1000n;
const MAX_ID = 2_147_483_647;

/** `at_id`, or `rating×2_at_id` for the reviews dialog's Highest and Lowest. */
export function encodeDialogCursor(key: DialogKey, withRating: boolean): string {
  const head = withRating && key.rating !== undefined ? `${Math.round(key.rating * 2)}_` : "";
  return `${head}${key.at}_${key.id}`;
}

/** A cursor this module made, or null for anything else (the dialog then starts at its first page). */
export function decodeDialogCursor(raw: string | null, withRating: boolean): DialogKey | null {
  const m = (withRating ? /^([0-9]{1,2})_(-?[0-9]{1,18})_([0-9]{1,10})$/ : /^()(-?[0-9]{1,18})_([0-9]{1,10})$/).exec(raw ?? "");
  if (!m) return null;
  const at = BigInt(m[2]!);
  const id = Number(m[3]);
  if (at < MIN_AT || at >= MAX_AT || id < 1 || id > MAX_ID) return null;
  if (!withRating) return { at, id };
  const twice = Number(m[1]);
  return twice >= 2 && twice <= 20 ? { at, id, rating: twice / 2 } : null;
}

/** Reads one more row than a page holds: whether there is a next page, without counting. */
function pageOf<T extends { key: DialogKey }>(rows: T[], withRating: boolean): { rows: Omit<T, "key">[]; nextCursor: string | null } {
  const more = rows.length > DIALOG_PAGE_SIZE;
  const shown = rows.slice(0, DIALOG_PAGE_SIZE);
  const last = shown[shown.length - 1];
  return {
    rows: shown.map(({ key: _key, ...r }) => r),
    nextCursor: more && last ? encodeDialogCursor(last.key, withRating) : null,
  };
}

/**
 * The dialog named in the URL (?dialog=followers|following|games|reviews, with ?games= / ?sort=), or null.
 * Each is paged (?after=, keyset on the order shown, DIALOG_PAGE_SIZE entries), so every entry can
 * be reached and none is shown twice. The follow dialog also says, per person, whether `viewer`
 * follows them: one read for the whole page.
 */
export async function loadProfileDialog(userId: number, params: URLSearchParams, viewer: Actor = null): Promise<ProfileDialog | null> {
  const name = PROFILE_DIALOGS.find((d) => d === params.get("dialog"));
  if (!name) return null;
  const rawAfter = params.get("after");
  if (name === "followers" || name === "following") {
    const after = decodeDialogCursor(rawAfter, false);
    const cursor = after ? rawAfter : null;
    try {
      const page = pageOf(await listFollowPeople(userId, name, DIALOG_PAGE_SIZE + 1, after), false);
      const followed = await followedAmong(
        viewer,
        page.rows.map((p) => p.id),
      );
      const people = page.rows.map((p) => ({ ...p, viewerFollows: followed.has(p.id) }));
      return { name, people, after: cursor, nextCursor: page.nextCursor, error: null };
    } catch (err) {
      console.error("[profile] follow list read failed:", err);
      return { name, people: [], after: cursor, nextCursor: null, error: M.loadUser };
    }
  }
  if (name === "games") {
    const filter = pick(GAME_FILTERS, params.get("games"), "all");
    const after = decodeDialogCursor(rawAfter, false);
    const cursor = after ? rawAfter : null;
    try {
      const page = pageOf(await listProgressGames(userId, filter, DIALOG_PAGE_SIZE + 1, after), false);
      return { name, filter, games: page.rows, after: cursor, nextCursor: page.nextCursor, error: null };
    } catch (err) {
      console.error("[profile] games read failed:", err);
      return {
        name,
        filter,
        games: [],
        after: cursor,
        nextCursor: null,
        error: filter === "started" ? M.loadStarted : filter === "finished" ? M.loadFinished : M.loadGames,
      };
    }
  }
  const sort = pick(REVIEW_SORTS, params.get("sort"), "recent");
  const byRating = sort === "highest" || sort === "lowest";
  const after = decodeDialogCursor(rawAfter, byRating);
  const cursor = after ? rawAfter : null;
  try {
    const page = pageOf(await listUserReviews(userId, sort, DIALOG_PAGE_SIZE + 1, after), byRating);
    const reviews = page.rows.map((r) => ({ ...r, date: r.date.toISOString() }));
    return { name, sort, reviews, after: cursor, nextCursor: page.nextCursor, error: null };
  } catch (err) {
    console.error("[profile] reviews read failed:", err);
    return { name, sort, reviews: [], after: cursor, nextCursor: null, error: M.loadReviews };
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

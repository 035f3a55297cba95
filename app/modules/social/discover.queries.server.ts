import { and, asc, desc, gt, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { rating, user } from "~/db/schema";

import type { DiscoverSort } from "./discover.shared";

export type { DiscoverSort } from "./discover.shared";

export interface DiscoverFilter {
  /** Search text, already trimmed and lower-cased; "" for none. */
  q: string;
  excludeUserId: number | null;
  hasReviews: boolean;
  /** Joined within this many days; null for any time. */
  joinedWithinDays: number | null;
  /** A platform name the user lists; null for any. */
  platform: string | null;
}

export interface DiscoverUserRow {
  id: number;
  username: string | null;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  platform: string | null;
  createdAt: Date;
  followerCount: number;
  followingCount: number;
}

const columns = {
  id: user.id,
  username: user.username,
  name: user.name,
  bio: user.bio,
  avatarUrl: user.avatarUrl,
  platform: user.platform,
  createdAt: user.createdAt,
  followerCount: user.followerCount,
  followingCount: user.followingCount,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The text as the stored search columns hold it: lower-case, accent-free (a constant in the plan). */
const normalised = (q: string) => sql`f_unaccent(lower(${q}))`;

/** The search pattern, matched against user.search_text (trigram index user_search_trgm_idx). */
const pattern = (q: string) => sql`'%' || ${normalised(escapeLike(q))} || '%'`;

/**
 * The search condition. A text of two characters once normalised has no trigram to look up, so it
 * also asks for that bigram (user_search_bigram_idx), which is the same condition for such a text.
 * The length test is on a constant: the planner folds it and keeps only the branch that applies.
 */
function matches(q: string): SQL {
  return sql`${user.searchText} like ${pattern(q)}
    and (length(${normalised(q)}) <> 2 or f_bigrams(${user.searchText}) @> array[${normalised(q)}])`;
}

/**
 * Only members whose address is verified are listed (an unverified sign-up cannot sign in and may be
 * someone else's address). Written as the partial indexes' predicate (user_*_idx WHERE email_verified).
 */
const listed = sql`${user.emailVerified}`;

function conditions(f: DiscoverFilter): SQL {
  const parts: SQL[] = [listed];
  if (f.q) parts.push(matches(f.q));
  if (f.excludeUserId !== null) parts.push(ne(user.id, f.excludeUserId));
  if (f.hasReviews) parts.push(gt(user.ratingCount, 0));
  if (f.joinedWithinDays !== null) parts.push(gte(user.createdAt, sql`now() - make_interval(days => ${f.joinedWithinDays})`));
  if (f.platform) {
    // platform is a comma-separated list ("PC, PS5"): match one whole entry, any case.
    parts.push(
      sql`',' || regexp_replace(lower(coalesce(${user.platform}, '')), '\\s*,\\s*', ',', 'g') || ',' like ${`%,${escapeLike(f.platform.toLowerCase())},%`}`,
    );
  }
  return and(...parts)!;
}

/**
 * How well a user matches the text: username first (exact, prefix, anywhere), then name, then bio.
 * Reads stored columns only: a username is already lower-case ASCII (user_username_format), so it is
 * its own normalised form; the name's is user.search_name.
 */
function relevance(q: string): SQL {
  const u = sql`coalesce(${user.username}, '')`;
  return sql`case when ${u} = ${normalised(q)} then 0
                  when ${u} like ${sql`${normalised(escapeLike(q))} || '%'`} then 1
                  when ${u} like ${pattern(q)} then 2
                  when ${user.searchName} like ${pattern(q)} then 3
                  else 4 end`;
}

function order(sort: DiscoverSort, q: string): SQL[] {
  switch (sort) {
    case "followers":
      return [desc(user.followerCount), desc(user.id)];
    case "reviews":
      // user_rating_count_idx gives the first key; an incremental sort the rest.
      return [desc(user.ratingCount), desc(user.followerCount), desc(user.id)];
    case "recent":
      return [desc(user.createdAt), desc(user.id)];
    case "relevant":
      return q ? [asc(relevance(q)), desc(user.followerCount), desc(user.id)] : [desc(user.followerCount), desc(user.id)];
  }
}

/** One page of users matching the filter, and how many match in all. */
export async function listDiscoverUsers(
  f: DiscoverFilter,
  sort: DiscoverSort,
  limit: number,
  offset: number,
  withTotal = true,
): Promise<{ rows: DiscoverUserRow[]; total: number }> {
  const where = conditions(f);
  const [rows, [count]] = await Promise.all([
    getDb()
      .select(columns)
      .from(user)
      .where(where)
      .orderBy(...order(sort, f.q))
      .limit(limit)
      .offset(offset),
    withTotal
      ? getDb()
          .select({ n: sql<number>`count(*)` })
          .from(user)
          .where(where)
      : Promise.resolve([{ n: -1 }]),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Review count and average rating of each of `ids` (rating_user_recent_idx per user). */
export async function listReviewStats(ids: number[]): Promise<Map<number, { reviews: number; average: number | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .select({ userId: rating.userId, n: sql<number>`count(*)`, avg: sql<string | null>`avg(${rating.rating})` })
    .from(rating)
    .where(inArray(rating.userId, ids))
    .groupBy(rating.userId);
  return new Map(rows.map((r) => [r.userId, { reviews: Number(r.n), average: r.avg === null ? null : Number(r.avg) }]));
}

/** The users with the most reviews (ratings), most first: user_rating_count_idx, `limit` entries. */
export async function listTopReviewers(limit: number): Promise<(DiscoverUserRow & { reviews: number })[]> {
  return getDb()
    .select({ ...columns, reviews: user.ratingCount })
    .from(user)
    .where(and(listed, gt(user.ratingCount, 0)))
    .orderBy(desc(user.ratingCount), asc(user.id))
    .limit(limit);
}

export interface CommunityStatsRow {
  totalUsers: number;
  activeReviewers: number;
  totalReviews: number;
}

/** Listed users, those with a rating, ratings: one index-only pass over user_rating_count_idx, no scan of `rating`. */
export async function readCommunityStats(): Promise<CommunityStatsRow> {
  const [row] = await getDb()
    .select({
      users: sql<number>`count(*)::int`,
      reviewers: sql<number>`(count(*) filter (where ${user.ratingCount} > 0))::int`,
      reviews: sql<string>`coalesce(sum(${user.ratingCount}), 0)`,
    })
    .from(user)
    .where(listed);
  return { totalUsers: Number(row?.users ?? 0), activeReviewers: Number(row?.reviewers ?? 0), totalReviews: Number(row?.reviews ?? 0) };
}

import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
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

/** The search pattern, accent-free like user.search_text (trigram index user_search_trgm_idx). */
const pattern = (q: string) => sql`'%' || f_unaccent(lower(${escapeLike(q)})) || '%'`;

const reviewCountOf = sql<number>`(select count(*)::int from ${rating} where ${rating.userId} = ${user.id})`;

function conditions(f: DiscoverFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.q) parts.push(sql`${user.searchText} like ${pattern(f.q)}`);
  if (f.excludeUserId !== null) parts.push(ne(user.id, f.excludeUserId));
  if (f.hasReviews) parts.push(sql`exists (select 1 from ${rating} where ${rating.userId} = ${user.id})`);
  if (f.joinedWithinDays !== null) parts.push(gte(user.createdAt, sql`now() - make_interval(days => ${f.joinedWithinDays})`));
  if (f.platform) {
    // platform is a comma-separated list ("PC, PS5"): match one whole entry, any case.
    parts.push(
      sql`',' || regexp_replace(lower(coalesce(${user.platform}, '')), '\\s*,\\s*', ',', 'g') || ',' like ${`%,${escapeLike(f.platform.toLowerCase())},%`}`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** How well a user matches the text: username first (exact, prefix, anywhere), then name, then bio. */
function relevance(q: string): SQL {
  const u = sql`f_unaccent(lower(coalesce(${user.username}, '')))`;
  const n = sql`f_unaccent(lower(${user.name}))`;
  const needle = sql`f_unaccent(lower(${q}))`;
  return sql`case when ${u} = ${needle} then 0
                  when ${u} like ${sql`f_unaccent(lower(${escapeLike(q)})) || '%'`} then 1
                  when ${u} like ${pattern(q)} then 2
                  when ${n} like ${pattern(q)} then 3
                  else 4 end`;
}

function order(sort: DiscoverSort, q: string): SQL[] {
  switch (sort) {
    case "followers":
      return [desc(user.followerCount), desc(user.id)];
    case "reviews":
      return [sql`${reviewCountOf} desc`, desc(user.followerCount), desc(user.id)];
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

/** The users with the most reviews (ratings), most first. */
export async function listTopReviewers(limit: number): Promise<(DiscoverUserRow & { reviews: number })[]> {
  const top = getDb()
    .select({ userId: rating.userId, n: sql<number>`count(*)`.as("n") })
    .from(rating)
    .groupBy(rating.userId)
    .orderBy(sql`count(*) desc`, asc(rating.userId))
    .limit(limit)
    .as("top");
  const rows = await getDb()
    .select({ ...columns, reviews: top.n })
    .from(top)
    .innerJoin(user, eq(user.id, top.userId))
    .orderBy(sql`${top.n} desc`, asc(user.id));
  return rows.map((r) => ({ ...r, reviews: Number(r.reviews) }));
}

export interface CommunityStatsRow {
  totalUsers: number;
  activeReviewers: number;
  totalReviews: number;
}

export async function readCommunityStats(): Promise<CommunityStatsRow> {
  const result = await getDb().execute<{ users: number | string; reviewers: number | string; reviews: number | string }>(sql`
    select (select count(*) from ${user}) as users,
           (select count(distinct ${rating.userId}) from ${rating}) as reviewers,
           (select count(*) from ${rating}) as reviews`);
  const row = result.rows[0];
  return { totalUsers: Number(row?.users ?? 0), activeReviewers: Number(row?.reviewers ?? 0), totalReviews: Number(row?.reviews ?? 0) };
}

import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { comment, contentLike, game, gameProgress, rating, user, userCollection, userFollow, userWishlist } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { ActivityType, SourceBound } from "./activity";

export interface ProfileUserRow {
  id: number;
  username: string | null;
  displayUsername: string | null;
  name: string;
  avatarUrl: string | null;
  image: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  platform: string | null;
  createdAt: Date;
  followerCount: number;
  followingCount: number;
}

const profileUserColumns = {
  id: user.id,
  username: user.username,
  displayUsername: user.displayUsername,
  name: user.name,
  avatarUrl: user.avatarUrl,
  image: user.image,
  bio: user.bio,
  location: user.location,
  website: user.website,
  platform: user.platform,
  createdAt: user.createdAt,
  followerCount: user.followerCount,
  followingCount: user.followingCount,
};

export async function findProfileUser(id: number): Promise<ProfileUserRow | null> {
  const rows = await getDb().select(profileUserColumns).from(user).where(eq(user.id, id)).limit(1);
  return rows[0] ?? null;
}

export interface ProfileCountsRow {
  games: number;
  reviewsThisYear: number;
  lists: number;
}

/**
 * A profile's header in one statement: the user row and the stats strip's counts (games started,
 * reviews since `yearStart`, list entries), each an index-backed count on the user's rows.
 */
export async function findProfileHeaderRow(id: number, yearStart: Date): Promise<(ProfileUserRow & ProfileCountsRow) | null> {
  const rows = await getDb()
    .select({
      ...profileUserColumns,
      games: sql<number>`(select count(*) from ${gameProgress} p where p.user_id = ${id} and p.started)::int`,
      reviewsThisYear: sql<number>`(select count(*) from ${rating} r where r.user_id = ${id} and r.post_date_time >= ${yearStart.toISOString()}::timestamptz)::int`,
      lists: sql<number>`((select count(*) from ${userCollection} c where c.user_id = ${id}) + (select count(*) from ${userWishlist} w where w.user_id = ${id}))::int`,
    })
    .from(user)
    // An account whose address is not verified has no public profile (it cannot sign in; the address
    // may be someone else's).
    .where(and(eq(user.id, id), eq(user.emailVerified, true)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, games: Number(row.games), reviewsThisYear: Number(row.reviewsThisYear), lists: Number(row.lists) } : null;
}

/**
 * Where a dialog page starts: after the row with this sort key (keyset paging, never an offset, so
 * an entry added or removed meanwhile neither hides nor repeats another). `at` is the row's time in
 * whole microseconds since the epoch — the database's own precision, so ties are split exactly by
 * `id`; `rating` is used by the reviews dialog's Highest and Lowest orders.
 */
export interface DialogKey {
  at: bigint;
  id: number;
  rating?: number;
}

/** A row's time in microseconds, as text (exact, whatever the driver does with bigint). */
const micros = (column: SQLWrapper) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** A microsecond time as a timestamptz literal the database reads exactly. */
export function microsToIso(at: bigint): string {
  const ms = at >= 0n ? at / 1000n : -((-at + 999n) / 1000n);
  const extra = at - ms * 1000n;
  return new Date(Number(ms)).toISOString().replace("Z", `${String(extra).padStart(3, "0")}Z`);
}
const atMicros = (at: bigint) => sql`${microsToIso(at)}::timestamptz`;

export interface PersonRow {
  id: number;
  username: string | null;
  name: string;
  avatarUrl: string | null;
}

/**
 * One page of a user's followers (or the users they follow), newest follow first, after `after`.
 * Read backwards along (follower_id | following_id, created_at, other id): the two user_follow
 * *_created_idx indexes.
 */
export async function listFollowPeople(
  userId: number,
  which: "followers" | "following",
  limit: number,
  after: DialogKey | null = null,
): Promise<(PersonRow & { key: DialogKey })[]> {
  const [mine, theirs] =
    which === "followers" ? [userFollow.followingId, userFollow.followerId] : [userFollow.followerId, userFollow.followingId];
  const rows = await getDb()
    .select({
      id: user.id,
      username: user.username,
      name: user.name,
      avatarUrl: user.avatarUrl,
      at: micros(userFollow.createdAt),
    })
    .from(userFollow)
    .innerJoin(user, and(eq(user.id, theirs), eq(user.emailVerified, true)))
    .where(and(eq(mine, userId), after ? sql`(${userFollow.createdAt}, ${theirs}) < (${atMicros(after.at)}, ${after.id})` : undefined))
    .orderBy(desc(userFollow.createdAt), desc(theirs))
    .limit(limit);
  return rows.map(({ at, ...r }) => ({ ...r, key: { at: BigInt(at), id: r.id } }));
}

export interface ProgressGameRow {
  gameId: number;
  name: string;
  slug: string;
  coverUrl: string | null;
  started: boolean;
  completed: boolean;
}

/**
 * Games dialog: all tracked games, started-not-finished, or finished; most recently changed first,
 * one page after `after` (game_progress_user_updated_idx).
 */
export async function listProgressGames(
  userId: number,
  filter: "all" | "started" | "finished",
  limit: number,
  after: DialogKey | null = null,
): Promise<(ProgressGameRow & { key: DialogKey })[]> {
  const where =
    filter === "finished"
      ? and(eq(gameProgress.userId, userId), eq(gameProgress.completed, true))
      : filter === "started"
        ? and(eq(gameProgress.userId, userId), eq(gameProgress.started, true), eq(gameProgress.completed, false))
        : and(eq(gameProgress.userId, userId), sql`(${gameProgress.started} or ${gameProgress.completed})`);
  const rows = await getDb()
    .select({
      gameId: game.id,
      name: game.name,
      slug: game.slug,
      coverUrl: game.coverUrl,
      started: gameProgress.started,
      completed: gameProgress.completed,
      progressId: gameProgress.id,
      at: micros(gameProgress.updatedAt),
    })
    .from(gameProgress)
    .innerJoin(game, eq(game.id, gameProgress.gameId))
    .where(and(where, after ? sql`(${gameProgress.updatedAt}, ${gameProgress.id}) < (${atMicros(after.at)}, ${after.id})` : undefined))
    .orderBy(desc(gameProgress.updatedAt), desc(gameProgress.id))
    .limit(limit);
  return rows.map(({ at, progressId, ...r }) => ({ ...r, key: { at: BigInt(at), id: progressId } }));
}

export interface ProfileReviewRow {
  id: number;
  gameId: number;
  igdbId: number | null;
  name: string;
  slug: string;
  coverUrl: string | null;
  rating: number;
  review: string | null;
  date: Date;
}

export type ReviewSort = "recent" | "oldest" | "highest" | "lowest";

/**
 * Reviews dialog: one page of the user's rated games in the chosen order, after `after`. Recent and
 * Oldest read rating_user_recent_idx one way or the other; Highest and Lowest read
 * rating_user_rating_idx (user, rating, date, id) backwards or forwards — so Lowest is exactly
 * Highest reversed (equal ratings oldest first), and no order sorts all of a user's ratings.
 */
export async function listUserReviews(
  userId: number,
  sort: ReviewSort,
  limit: number,
  after: DialogKey | null = null,
): Promise<(ProfileReviewRow & { key: DialogKey })[]> {
  const byRating = sort === "highest" || sort === "lowest";
  const descending = sort === "recent" || sort === "highest";
  const dir = descending ? desc : asc;
  const order = byRating ? [dir(rating.rating), dir(rating.postDateTime), dir(rating.id)] : [dir(rating.postDateTime), dir(rating.id)];
  const cmp = descending ? sql`<` : sql`>`;
  let from: SQL | undefined;
  if (after && byRating && after.rating !== undefined)
    from = sql`(${rating.rating}, ${rating.postDateTime}, ${rating.id}) ${cmp} (${after.rating}::numeric, ${atMicros(after.at)}, ${after.id})`;
  else if (after && !byRating) from = sql`(${rating.postDateTime}, ${rating.id}) ${cmp} (${atMicros(after.at)}, ${after.id})`;
  const rows = await getDb()
    .select({
      id: rating.id,
      gameId: game.id,
      igdbId: game.igdbId,
      name: game.name,
      slug: game.slug,
      coverUrl: game.coverUrl,
      rating: rating.rating,
      review: rating.review,
      date: rating.postDateTime,
      at: micros(rating.postDateTime),
    })
    .from(rating)
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(and(eq(rating.userId, userId), from))
    .orderBy(...order)
    .limit(limit);
  return rows.map(({ at, ...r }) => ({ ...r, key: { at: BigInt(at), id: r.id, rating: r.rating } }));
}

// ---- Activity ----

export interface ActivityRow {
  id: number;
  /** Milliseconds since the epoch, cut to whole milliseconds. */
  ms: number;
  gameId: number | null;
  gameName: string | null;
  gameSlug: string | null;
  gameCoverUrl: string | null;
  gameIgdbId: number | null;
  rating: number | null;
  authorId: number | null;
  authorUsername: string | null;
}

interface SourceSql {
  /** FROM … JOIN …, aliasing the game as g and (for reviews of others) the author as au. */
  from: SQL;
  date: SQL;
  id: SQL;
  where: SQL;
  rating?: SQL;
  author?: boolean;
}

const WRITTEN = sql`r.review ~ '[^[:space:]]'`;

function sourceSql(type: ActivityType, userId: number): SourceSql {
  switch (type) {
    case "review":
    case "rating":
      return {
        from: sql`${rating} r join ${game} g on g.id = r.game_id`,
        date: sql`r.post_date_time`,
        id: sql`r.id`,
        where:
          type === "review" ? sql`r.user_id = ${userId} and ${WRITTEN}` : sql`r.user_id = ${userId} and not coalesce(${WRITTEN}, false)`,
        rating: sql`r.rating`,
      };
    case "wishlist":
    case "collection":
      return {
        from: sql`${type === "wishlist" ? userWishlist : userCollection} l join ${game} g on g.id = l.game_id`,
        date: sql`l.added_at`,
        id: sql`l.id`,
        where: sql`l.user_id = ${userId}`,
      };
    case "started":
    case "completed":
      return {
        from: sql`${gameProgress} p join ${game} g on g.id = p.game_id`,
        date: type === "started" ? sql`p.started_date` : sql`p.completed_date`,
        id: sql`p.id`,
        where:
          type === "started"
            ? sql`p.user_id = ${userId} and p.started and p.started_date is not null`
            : sql`p.user_id = ${userId} and p.completed and p.completed_date is not null`,
      };
    case "comment":
      return {
        from: sql`${comment} c join ${rating} r on r.id = c.rating_id join ${game} g on g.id = r.game_id join ${user} au on au.id = r.user_id`,
        date: sql`c.created_at`,
        id: sql`c.id`,
        where: sql`c.user_id = ${userId} and c.is_published`,
        author: true,
      };
    case "review_like":
      return {
        from: sql`${contentLike} k join ${rating} r on r.id = k.rating_id join ${game} g on g.id = r.game_id join ${user} au on au.id = r.user_id`,
        date: sql`k.created_at`,
        id: sql`k.id`,
        where: sql`k.user_id = ${userId} and k.rating_id is not null and k.is_like`,
        author: true,
      };
  }
}

const ts = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** One source of the activity feed to read: its newest `limit` items after the bound. */
export interface ActivitySourceRequest {
  type: ActivityType;
  bound: SourceBound | null;
}

/** The select of one source (parenthesised, its own order and limit): the (user_id, date) index serves it. */
function activitySourceSelect(type: ActivityType, userId: number, bound: SourceBound | null, limit: number): SQL {
  const s = sourceSql(type, userId);
  let after = sql``;
  if (bound?.kind === "before") after = sql` and ${s.date} < ${ts(bound.date)}`;
  if (bound?.kind === "after-key")
    after = sql` and ${s.date} < ${ts(bound.date + 1)} and (${s.date} < ${ts(bound.date)} or ${s.id} < ${bound.id})`;
  return sql`(
    select ${type}::text as type, ${s.id} as id, floor(extract(epoch from ${s.date}) * 1000)::float8 as ms,
      g.id as game_id, g.name as game_name, g.slug as game_slug, g.cover_url as game_cover_url, g.igdb_id as game_igdb_id,
      ${s.rating ?? sql`null::real`}::float8 as rating,
      ${s.author ? sql`au.id` : sql`null::int`} as author_id, ${s.author ? sql`au.username` : sql`null::text`} as author_username
    from ${s.from}
    where ${s.where}${after}
    order by ${s.date} desc, ${s.id} desc
    limit ${limit})`;
}

/**
 * Several activity sources of a user in one statement (a UNION ALL of each source's own newest `limit`
 * after its bound), grouped by source. One round trip instead of one per source: a statement costs the
 * server and the database about the same whatever it reads here (8 → 1 on the activity tab).
 */
export async function listActivitySources(
  userId: number,
  requests: readonly ActivitySourceRequest[],
  limit: number,
): Promise<Map<ActivityType, ActivityRow[]>> {
  const bySource = new Map<ActivityType, ActivityRow[]>(requests.map((r) => [r.type, []]));
  if (requests.length === 0) return bySource;
  const r = await getDb().execute<{
    type: ActivityType;
    id: number;
    ms: number | string;
    game_id: number | null;
    game_name: string | null;
    game_slug: string | null;
    game_cover_url: string | null;
    game_igdb_id: number | null;
    rating: number | string | null;
    author_id: number | null;
    author_username: string | null;
  }>(
    sql.join(
      requests.map((q) => activitySourceSelect(q.type, userId, q.bound, limit)),
      sql` union all `,
    ),
  );
  for (const row of r.rows) {
    bySource.get(row.type)?.push({
      id: Number(row.id),
      ms: Number(row.ms),
      gameId: row.game_id === null ? null : Number(row.game_id),
      gameName: row.game_name,
      gameSlug: row.game_slug,
      gameCoverUrl: row.game_cover_url,
      gameIgdbId: row.game_igdb_id === null ? null : Number(row.game_igdb_id),
      rating: row.rating === null ? null : Number(row.rating),
      authorId: row.author_id === null ? null : Number(row.author_id),
      authorUsername: row.author_username,
    });
  }
  return bySource;
}

// ---- Profile edit ----

export interface ProfileFields {
  username?: string;
  displayUsername?: string;
  name?: string;
  bio?: string | null;
  location?: string | null;
  website?: string | null;
  platform?: string | null;
  avatarUrl?: string | null;
}

export async function findUserIdByUsernameLower(ex: Executor, username: string): Promise<number | null> {
  const rows = await ex.select({ id: user.id }).from(user).where(eq(user.username, username)).limit(1);
  return rows[0]?.id ?? null;
}

export async function updateProfileRow(ex: Executor, userId: number, fields: ProfileFields): Promise<void> {
  await ex
    .update(user)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(user.id, userId));
}

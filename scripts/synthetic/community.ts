import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { setGameRatingStatsFromRows } from "../../app/modules/reviews/reviews.queries.server";
import { SYNTHETIC_EMAIL_DOMAIN } from "./people";
import { REVIEW_SENTENCES } from "./words";

/**
 * The community on top of the synthetic catalogue, users and ratings: review likes, comments and
 * replies (with comment likes), progress / wishlist / collection / Top 5 rows, and follows. Every
 * phase is one set-based statement (generate_series, grouped to drop duplicate draws), so a million
 * rows take seconds; the draws come from hashint8extended(i, seed), so the same --seed gives the same
 * rows on PGlite and PostgreSQL. Skews: reviews of popular games collect most likes and comments
 * (Zipf-like on the review's rank), a few accounts collect thousands of followers, active users (low
 * index, as in the ratings) do most of the liking, commenting and list keeping.
 *
 * The rows respect the app's invariants: one like per user and target, no like of one's own review,
 * replies one level deep under a comment of the same review, no one following themselves, a game in
 * at most one of wishlist / collection and never in a list once started, finished implies started,
 * Top 5 of rated games only with ranks 1–5. The denormalised counts (rating.like_count,
 * comment.like_count, user follower_count / following_count / rating_count, the games' rating stats:
 * count, sum, histogram and written reviews) are set from the rows at the end, so the database is one
 * the app could have produced.
 *
 * A phase whose table already holds rows is skipped (re-running adds nothing).
 */

export interface CommunityOptions {
  /** Review likes. About a tenth more go to comments. */
  likes: number;
  /** Comments and replies (about 30 % replies). */
  comments: number;
  /** Progress, wishlist, collection and Top 5 rows in all (approximate). */
  lists: number;
  follows: number;
  seed: number;
  /** Users who write, like and keep lists: the first N synthetic users (default all). */
  activeUsers?: number;
  /** Ratings the most active user should have (issue 13's profile tabs); topped up on popular games. */
  powerUserRatings?: number;
  /** People the second user follows (the 'From people you follow' bench). */
  powerUserFollows?: number;
  onProgress?: (phase: CommunityPhase, done: number, total: number) => void;
}

export type CommunityPhase = "power user" | "likes" | "comments" | "lists" | "follows" | "indexes" | "counts";

export interface CommunitySummary {
  likes: number;
  commentLikes: number;
  comments: number;
  replies: number;
  progress: number;
  wishlist: number;
  collection: number;
  topGames: number;
  follows: number;
  ms: number;
  phases: Record<string, number>;
}

type Executor = Pick<Database, "execute">;

/** Latest timestamp of the synthetic data (ratings end on 2025-12-31). */
const UNTIL = "2026-01-01T00:00:00Z";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function one<T>(ex: Executor, query: SQL): Promise<T> {
  return rowsOf<T>(await ex.execute(query))[0] as T;
}

async function count(ex: Executor, table: string): Promise<number> {
  return (await one<{ n: number }>(ex, sql.raw(`select count(*)::int as n from ${table}`))).n;
}

export async function seedCommunity(db: Database, opts: CommunityOptions): Promise<CommunitySummary> {
  const started = Date.now();
  const summary: CommunitySummary = {
    likes: 0,
    commentLikes: 0,
    comments: 0,
    replies: 0,
    progress: 0,
    wishlist: 0,
    collection: 0,
    topGames: 0,
    follows: 0,
    ms: 0,
    phases: {},
  };
  let phaseStart = Date.now();
  const phaseDone = (name: string) => {
    summary.phases[name] = Date.now() - phaseStart;
    phaseStart = Date.now();
  };
  const seed = opts.seed * 1000;
  /** A uniform draw in [0, 1) for row i and stream k. */
  const rnd = (i: string, k: number) =>
    `(((hashint8extended((${i})::bigint, ${seed + k}) >> 8) & 4503599627370495)::float8 / 4503599627370496.0)`;
  const sentences = sql.param([...REVIEW_SENTENCES]);
  const until = sql.raw(`timestamptz '${UNTIL}'`);

  await db.transaction(async (tx) => {
    // The rows are consistent by construction: skip the per-row foreign-key triggers (the bulk of a
    // million-row insert's time on PGlite). Only a superuser may; elsewhere the checks simply run.
    try {
      await tx.execute(sql`savepoint replica`);
      await tx.execute(sql`set local session_replication_role = replica`);
    } catch {
      await tx.execute(sql`rollback to savepoint replica`);
    }
    await tx.execute(sql`set local work_mem = '64MB'`);

    // Synthetic users by index (n = 0 is the most active), and the active ones.
    await tx.execute(
      sql.raw(`create temp table su on commit drop as
      select (row_number() over (order by id) - 1)::int as n, id from "user" where email like '%@${SYNTHETIC_EMAIL_DOMAIN}'`),
    );
    await tx.execute(sql`create unique index on su (n)`);
    const users = await count(tx, "su");
    const active = Math.max(1, Math.min(users, opts.activeUsers ?? users));
    if (users < 2) throw new Error("seedCommunity needs at least 2 synthetic users (--users)");

    // ---- power user: n = 0 gets `powerUserRatings` ratings, topped up on popular games it has not rated.
    const want = opts.powerUserRatings ?? 0;
    if (want > 0) {
      opts.onProgress?.("power user", 0, want);
      await tx.execute(
        sql.raw(`
        insert into rating (user_id, game_id, igdb_id, slug, rating, review, post_date_time, updated_at)
        select u.id, g.id, g.igdb_id, g.slug,
          least(10, greatest(1, round((3 + ${rnd("g.id", 1)} * 7) * 2) / 2)),
          case when ${rnd("g.id", 2)} < 0.3333 then (array[${REVIEW_SENTENCES.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}])[1 + floor(${rnd("g.id", 3)} * ${REVIEW_SENTENCES.length})::int] end,
          timestamptz '${UNTIL}' - interval '6 years' * ${rnd("g.id", 4)}, timestamptz '${UNTIL}' - interval '6 years' * ${rnd("g.id", 4)}
        from su u cross join lateral (
          select g.id, g.igdb_id, g.slug from game g
          where coalesce(g.release_year, 2000) <= 2025
            and not exists (select 1 from rating r where r.user_id = u.id and r.game_id = g.id)
          order by g.rating_count desc, g.id
          limit greatest(0, ${want} - (select count(*) from rating r where r.user_id = u.id))
        ) g
        where u.n = 0`),
      );
      await setGameRatingStatsFromRows(tx);
      opts.onProgress?.("power user", want, want);
    }
    phaseDone("power user");

    // Written reviews ranked by popularity (reviews of the most rated games first).
    await tx.execute(sql`create temp table rev on commit drop as
      select (row_number() over (order by g.rating_count desc, r.id) - 1)::int as n, r.id, r.user_id, r.post_date_time as posted
      from rating r join game g on g.id = r.game_id where r.review ~ '[^[:space:]]'`);
    await tx.execute(sql`create unique index on rev (n)`);
    const reviews = await count(tx, "rev");

    // Secondary indexes of empty tables are built once at the end (much faster than row by row).
    const tables = ["content_like", "comment", "user_follow", "game_progress", "user_wishlist", "user_collection"];
    const rebuild: string[] = [];
    for (const t of tables) {
      if ((await count(tx, t)) > 0) continue;
      const defs = rowsOf<{ indexname: string; indexdef: string }>(
        await tx.execute(sql`select indexname, indexdef from pg_indexes
          where schemaname = current_schema() and tablename = ${t} and indexdef not ilike 'create unique%'`),
      );
      for (const d of defs) {
        await tx.execute(sql.raw(`drop index "${d.indexname}"`));
        rebuild.push(d.indexdef);
      }
    }

    // ---- comments: top-level on reviews (skew 2), then replies under top-level comments (skew 1.5).
    if (opts.comments > 0 && reviews > 0 && (await count(tx, "comment")) === 0) {
      const top = Math.round(opts.comments * 0.7);
      opts.onProgress?.("comments", 0, opts.comments);
      await tx.execute(sql`
        insert into comment (user_id, rating_id, content, created_at, updated_at)
        select u.id, r.id,
          (${sentences}::text[])[1 + floor(${sql.raw(rnd("i", 12))} * ${REVIEW_SENTENCES.length})::int]
            || case when ${sql.raw(rnd("i", 13))} < 0.5 then ' ' || (${sentences}::text[])[1 + floor(${sql.raw(rnd("i", 14))} * ${REVIEW_SENTENCES.length})::int] else '' end,
          r.posted + (${until} - r.posted) * ${sql.raw(rnd("i", 15))},
          r.posted + (${until} - r.posted) * ${sql.raw(rnd("i", 15))}
        from generate_series(1, ${top}) i
        join su u on u.n = floor(${active} * power(${sql.raw(rnd("i", 10))}, 1.4))::int
        join rev r on r.n = floor(${reviews} * power(${sql.raw(rnd("i", 11))}, 2.0))::int
        order by 4, i`);
      await tx.execute(sql`create temp table tc on commit drop as
        select (row_number() over (order by id) - 1)::int as n, id, rating_id, created_at from comment where parent_comment_id is null`);
      await tx.execute(sql`create unique index on tc (n)`);
      const tops = await count(tx, "tc");
      await tx.execute(sql`
        insert into comment (user_id, rating_id, parent_comment_id, content, created_at, updated_at)
        select u.id, c.rating_id, c.id,
          (${sentences}::text[])[1 + floor(${sql.raw(rnd("i", 22))} * ${REVIEW_SENTENCES.length})::int],
          c.created_at + (${until} - c.created_at) * ${sql.raw(rnd("i", 23))},
          c.created_at + (${until} - c.created_at) * ${sql.raw(rnd("i", 23))}
        from generate_series(1, ${opts.comments - top}) i
        join su u on u.n = floor(${active} * power(${sql.raw(rnd("i", 20))}, 1.4))::int
        join tc c on c.n = floor(${tops} * power(${sql.raw(rnd("i", 21))}, 1.5))::int
        order by 5, i`);
      summary.comments = await count(tx, "comment");
      summary.replies = summary.comments - tops;
      opts.onProgress?.("comments", opts.comments, opts.comments);
    }
    phaseDone("comments");

    // ---- likes: review likes (reviews by rank, skew 2.5; likers skew 1.3), never of one's own review.
    if (opts.likes > 0 && reviews > 0 && (await count(tx, "content_like")) === 0) {
      opts.onProgress?.("likes", 0, opts.likes);
      await tx.execute(sql`
        insert into content_like (user_id, rating_id, created_at)
        select p.user_id, p.rating_id, p.posted + (${until} - p.posted) * ${sql.raw(rnd("p.i", 32))}
        from (
          select min(i) as i, u.id as user_id, r.id as rating_id, r.posted
          from generate_series(1, ${Math.ceil(opts.likes * 1.4)}) i
          join su u on u.n = floor(${active} * power(${sql.raw(rnd("i", 30))}, 1.3))::int
          join rev r on r.n = floor(${reviews} * power(${sql.raw(rnd("i", 31))}, 2.5))::int
          where u.id <> r.user_id
          group by u.id, r.id, r.posted
          order by min(i)
          limit ${opts.likes}
        ) p
        order by p.i`);
      summary.likes = await count(tx, "content_like");
      const commentCount = await count(tx, "comment");
      if (commentCount > 0) {
        await tx.execute(sql`create temp table cm on commit drop as
          select (row_number() over (order by id) - 1)::int as n, id, user_id, created_at from comment`);
        await tx.execute(sql`create unique index on cm (n)`);
        const commentLikes = Math.min(Math.round(opts.likes / 10), commentCount * 2);
        await tx.execute(sql`
          insert into content_like (user_id, comment_id, created_at)
          select p.user_id, p.comment_id, p.created_at + (${until} - p.created_at) * ${sql.raw(rnd("p.i", 42))}
          from (
            select min(i) as i, u.id as user_id, c.id as comment_id, c.created_at
            from generate_series(1, ${Math.ceil(commentLikes * 1.3)}) i
            join su u on u.n = floor(${active} * power(${sql.raw(rnd("i", 40))}, 1.3))::int
            join cm c on c.n = floor(${commentCount} * ${sql.raw(rnd("i", 41))})::int
            where u.id <> c.user_id
            group by u.id, c.id, c.created_at
            order by min(i)
            limit ${commentLikes}
          ) p
          order by p.i`);
        summary.commentLikes = (await count(tx, "content_like")) - summary.likes;
      }
      opts.onProgress?.("likes", opts.likes, opts.likes);
    }
    phaseDone("likes");

    // ---- lists. Every rating has its progress row (started, 70 % finished); the rest of the budget
    // is split between games being played (15 %), the wishlist (45 %) and the collection (40 %) on
    // games the user has not started; Top 5 is each user's five best-rated games.
    if (opts.lists > 0 && (await count(tx, "game_progress")) === 0) {
      opts.onProgress?.("lists", 0, opts.lists);
      await tx.execute(sql`
        insert into game_progress (user_id, game_id, igdb_id, started, completed, started_date, completed_date, created_at, updated_at)
        select r.user_id, r.game_id, r.igdb_id, true, f.done,
          r.post_date_time - interval '90 days' * ${sql.raw(rnd("r.id", 51))},
          case when f.done then r.post_date_time end,
          r.post_date_time - interval '90 days' * ${sql.raw(rnd("r.id", 51))}, r.post_date_time
        from rating r cross join lateral (select ${sql.raw(rnd("r.id", 50))} < 0.7 as done) f
        order by r.id`);
      await tx.execute(sql`
        insert into user_top_games (user_id, game_id, position, created_at)
        select user_id, game_id, pos, post_date_time from (
          select r.user_id, r.game_id, r.post_date_time,
            row_number() over (partition by r.user_id order by r.rating desc, r.post_date_time desc, r.id) as pos,
            count(*) over (partition by r.user_id) as rated
          from rating r
        ) t where pos <= 5 and rated >= 5
        on conflict do nothing`);
      summary.topGames = await count(tx, "user_top_games");
      const fromRatings = await count(tx, "game_progress");
      const rest = Math.max(0, opts.lists - fromRatings - summary.topGames);
      const games = await one<{ n: number }>(tx, sql`select count(*)::int as n from game where igdb_id > 0`);
      await tx.execute(sql`create temp table lg on commit drop as
        select (row_number() over (order by rating_count desc, id) - 1)::int as n, id, igdb_id from game where igdb_id > 0`);
      await tx.execute(sql`create unique index on lg (n)`);
      // One draw per (user, game): its kind decides the list, so a pair lands in exactly one place.
      await tx.execute(sql`create temp table ld on commit drop as
        select p.i, p.user_id, p.game_id, p.igdb_id, ${sql.raw(rnd("p.i", 62))} as kind from (
          select min(i) as i, u.id as user_id, g.id as game_id, g.igdb_id
          from generate_series(1, ${Math.ceil(rest * 1.3)}) i
          join su u on u.n = floor(${active} * power(${sql.raw(rnd("i", 60))}, 1.3))::int
          join lg g on g.n = floor(${games.n} * power(${sql.raw(rnd("i", 61))}, 2.0))::int
          where not exists (select 1 from game_progress gp where gp.user_id = u.id and gp.game_id = g.id)
          group by u.id, g.id, g.igdb_id
          order by min(i)
          limit ${rest}
        ) p`);
      await tx.execute(sql`
        insert into game_progress (user_id, game_id, igdb_id, started, completed, started_date, created_at, updated_at)
        select user_id, game_id, igdb_id, true, false,
          ${until} - interval '1 year' * ${sql.raw(rnd("i", 63))},
          ${until} - interval '1 year' * ${sql.raw(rnd("i", 63))}, ${until} - interval '1 year' * ${sql.raw(rnd("i", 63))}
        from ld where kind < 0.15 order by i`);
      await tx.execute(sql`
        insert into user_wishlist (user_id, igdb_id, game_id, priority, added_at)
        select user_id, igdb_id, game_id,
          case when ${sql.raw(rnd("i", 64))} < 0.2 then 2 when ${sql.raw(rnd("i", 64))} < 0.85 then 1 else 0 end,
          ${until} - interval '3 years' * ${sql.raw(rnd("i", 65))}
        from ld where kind >= 0.15 and kind < 0.6 order by i`);
      await tx.execute(sql`
        insert into user_collection (user_id, igdb_id, game_id, added_at)
        select user_id, igdb_id, game_id, ${until} - interval '3 years' * ${sql.raw(rnd("i", 66))}
        from ld where kind >= 0.6 order by i`);
      summary.progress = await count(tx, "game_progress");
      summary.wishlist = await count(tx, "user_wishlist");
      summary.collection = await count(tx, "user_collection");
      opts.onProgress?.("lists", opts.lists, opts.lists);
    }
    phaseDone("lists");

    // ---- follows: followers skew 1.2 over all users, followed skew 3 (a few accounts get thousands);
    // user n = 1 follows `powerUserFollows` of the most active reviewers.
    if (opts.follows > 0 && (await count(tx, "user_follow")) === 0) {
      opts.onProgress?.("follows", 0, opts.follows);
      await tx.execute(sql`
        insert into user_follow (follower_id, following_id, created_at)
        select p.follower_id, p.following_id, ${until} - interval '3 years' * ${sql.raw(rnd("p.i", 72))}
        from (
          select min(i) as i, a.id as follower_id, b.id as following_id
          from generate_series(1, ${Math.ceil(opts.follows * 1.6)}) i
          join su a on a.n = floor(${users} * power(${sql.raw(rnd("i", 70))}, 1.2))::int
          join su b on b.n = floor(${users} * power(${sql.raw(rnd("i", 71))}, 3.0))::int
          where a.id <> b.id
          group by a.id, b.id
          order by min(i)
          limit ${opts.follows}
        ) p
        order by p.i`);
      const pf = Math.min(opts.powerUserFollows ?? 0, users - 2);
      if (pf > 0) {
        await tx.execute(sql`
          insert into user_follow (follower_id, following_id, created_at)
          select a.id, b.id, ${until} - interval '3 years' * ${sql.raw(rnd("b.n", 73))}
          from su a join su b on b.n between 2 and ${pf + 1}
          where a.n = 1
          on conflict do nothing`);
      }
      summary.follows = await count(tx, "user_follow");
      opts.onProgress?.("follows", opts.follows, opts.follows);
    }
    phaseDone("follows");

    if (rebuild.length) {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const [i, def] of rebuild.entries()) {
        opts.onProgress?.("indexes", i, rebuild.length);
        await tx.execute(sql.raw(def));
      }
      opts.onProgress?.("indexes", rebuild.length, rebuild.length);
    }
    phaseDone("indexes");

    // ---- the denormalised counts, exactly from the rows
    opts.onProgress?.("counts", 0, 1);
    await tx.execute(sql`
      update rating r set like_count = coalesce(l.n, 0)
      from rating r2 left join (select rating_id, count(*)::int as n from content_like where rating_id is not null group by rating_id) l
        on l.rating_id = r2.id
      where r.id = r2.id and r.like_count <> coalesce(l.n, 0)`);
    await tx.execute(sql`
      update comment c set like_count = coalesce(l.n, 0)
      from comment c2 left join (select comment_id, count(*)::int as n from content_like where comment_id is not null group by comment_id) l
        on l.comment_id = c2.id
      where c.id = c2.id and c.like_count <> coalesce(l.n, 0)`);
    await tx.execute(sql`
      update "user" u set follower_count = coalesce(a.n, 0), following_count = coalesce(b.n, 0)
      from "user" u2
        left join (select following_id, count(*)::int as n from user_follow group by following_id) a on a.following_id = u2.id
        left join (select follower_id, count(*)::int as n from user_follow group by follower_id) b on b.follower_id = u2.id
      where u.id = u2.id and (u.follower_count <> coalesce(a.n, 0) or u.following_count <> coalesce(b.n, 0))`);
    await setGameRatingStatsFromRows(tx);
    await tx.execute(sql`
      update "user" u set rating_count = coalesce(s.c, 0)
      from "user" u2 left join (select user_id, count(*)::int as c from rating group by user_id) s on s.user_id = u2.id
      where u.id = u2.id and u.rating_count <> coalesce(s.c, 0)`);
    opts.onProgress?.("counts", 1, 1);
    phaseDone("counts");
  });
  phaseDone("commit");
  summary.ms = Date.now() - started;
  return summary;
}

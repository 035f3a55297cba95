import { getTableColumns, sql } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";
import { game, user } from "../../app/db/schema";
import type { CatalogueLine } from "../../app/modules/catalogue/import/import.schema";
import { uniqueSlug } from "../../app/modules/catalogue/catalogue-write";
import { prepareLine } from "../../app/modules/catalogue/import/import.service.server";
import { setGameRatingStatsFromRows } from "../../app/modules/reviews/reviews.queries.server";
import { generateRatings, syntheticUser } from "./people";
import { generateGames, SYNTHETIC_IGDB_BASE, toCatalogueLine } from "./titles";

/**
 * Writes the synthetic catalogue, users and ratings into a database. Games go
 * through the catalogue import's own row preparation (prepareLine, uniqueSlug,
 * the same parent link), so every derived column (search_name, search_aliases, slug,
 * parent link) is exactly what a real import would store. Idempotent: games
 * already present (by igdb id), users (by username) and ratings (by user and
 * game) are skipped; the games' rating stats (count, sum, histogram, written
 * reviews) and user rating_count are recomputed from `rating`.
 */

export type SeedPhase = "games" | "users" | "ratings" | "indexes";

export interface SeedOptions {
  games: number;
  users: number;
  ratings: number;
  seed: number;
  /** Ratings are written by the first N users only (default all): the rest only follow. */
  activeUsers?: number;
  batchSize?: number;
  onProgress?: (phase: SeedPhase, done: number, total: number) => void;
}

export interface SeedSummary {
  gamesInserted: number;
  gamesSkipped: number;
  usersInserted: number;
  ratingsInserted: number;
  ms: number;
  /** Milliseconds per phase (games, users, ratings, indexes, commit). */
  phases: Record<string, number>;
}

type Rows<T> = { rows: T[] };
type Executor = Pick<Database, "execute">;

function rowsOf<T>(result: unknown): T[] {
  return (result as Rows<T>).rows;
}

/** Drops the game table's non-unique indexes and returns their definitions (to run again). */
async function dropSecondaryIndexes(tx: Executor): Promise<string[]> {
  const rows = rowsOf<{ indexname: string; indexdef: string }>(
    await tx.execute(sql`select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'game' and indexdef not ilike 'create unique%'`),
  );
  for (const r of rows) await tx.execute(sql.raw(`drop index "${r.indexname.replace(/"/g, '""')}"`));
  return rows.map((r) => r.indexdef);
}

/**
 * Inserts prepared game rows with one statement and one parameter (a JSON
 * array read by jsonb_to_recordset): about twice as fast as a multi-row
 * VALUES list on PGlite. The columns are those the rows carry, typed from the
 * Drizzle schema. Rows that hit a unique key (igdb_id, slug) are skipped.
 */
async function insertGames(tx: Executor, rows: (typeof game.$inferInsert)[]): Promise<number> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return 0;
  const columns: Record<string, { name: string; getSQLType(): string }> = getTableColumns(game);
  const keys = Object.keys(first).filter((k) => columns[k] && first[k] !== undefined);
  const column = (k: string) => columns[k] as { name: string; getSQLType(): string };
  const defs = keys.map((k) => `"${column(k).name}" ${column(k).getSQLType()}`).join(", ");
  const names = keys.map((k) => `"${column(k).name}"`).join(", ");
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(keys.map((k) => [column(k).name, (r as Record<string, unknown>)[k] ?? null]))),
  );
  const res = await tx.execute(
    sql`insert into game (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(defs)})
      on conflict do nothing returning id`,
  );
  return rowsOf(res).length;
}

export async function seedSynthetic(db: Database, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const batchSize = opts.batchSize ?? 2000;
  const summary: SeedSummary = { gamesInserted: 0, gamesSkipped: 0, usersInserted: 0, ratingsInserted: 0, ms: 0, phases: {} };
  let phaseStart = Date.now();
  const phaseDone = (name: string) => {
    summary.phases[name] = Date.now() - phaseStart;
    phaseStart = Date.now();
  };

  const slugs = new Set((await db.select({ slug: game.slug }).from(game)).map((r) => r.slug));
  const present = new Set(
    rowsOf<{ igdb_id: number }>(
      await db.execute(
        sql`select igdb_id from game where igdb_id > ${SYNTHETIC_IGDB_BASE} and igdb_id <= ${SYNTHETIC_IGDB_BASE + opts.games}`,
      ),
    ).map((r) => r.igdb_id),
  );
  const toInsert = opts.games - present.size;
  // A bulk load into a small table builds the game table's secondary indexes
  // once at the end: several times faster than maintaining five GIN indexes row
  // by row (and than the parent-link and rating-count updates touching them).
  // Everything runs in one transaction, so an interrupted seed leaves the
  // database (tables and indexes) as it was.
  const rebuildIndexes = toInsert >= 5000 && slugs.size < toInsert;

  await db.transaction(async (tx) => {
    const indexes = rebuildIndexes ? await dropSecondaryIndexes(tx) : [];

    // ---- games
    let batch: (typeof game.$inferInsert)[] = [];
    let done = 0;
    opts.onProgress?.("games", 0, opts.games);
    const flush = async () => {
      if (!batch.length) return;
      const n = await insertGames(tx, batch);
      summary.gamesInserted += n;
      summary.gamesSkipped += batch.length - n;
      batch = [];
    };
    for (const g of generateGames(opts.games, opts.seed)) {
      done++;
      if (present.has(g.igdbId)) {
        summary.gamesSkipped++;
        continue;
      }
      const { values } = prepareLine(toCatalogueLine(g) as CatalogueLine, done);
      batch.push({ ...values, slug: uniqueSlug(values.name, slugs) });
      if (batch.length >= batchSize) {
        await flush();
        opts.onProgress?.("games", done, opts.games);
      }
    }
    await flush();
    opts.onProgress?.("games", done, opts.games);
    // DLC → parent (as the import's linkParents does, for the synthetic range).
    await tx.execute(sql`update game c set parent_game_id = p.id from game p
      where c.igdb_id > ${SYNTHETIC_IGDB_BASE} and c.parent_igdb_id = p.igdb_id and c.parent_game_id is distinct from p.id`);
    await tx.execute(sql`insert into platform (name)
      select distinct unnest(platforms) from game where igdb_id > ${SYNTHETIC_IGDB_BASE}
      on conflict do nothing`);
    await tx.execute(sql`insert into platform_games (game_id, platform_id)
      select g.id, p.id from game g cross join lateral unnest(g.platforms) as pn(name) join platform p on p.name = pn.name
      where g.igdb_id > ${SYNTHETIC_IGDB_BASE}
      on conflict do nothing`);
    phaseDone("games");

    // ---- users
    const userIds: number[] = [];
    if (opts.users > 0) opts.onProgress?.("users", 0, opts.users);
    for (let i = 0; i < opts.users; i += batchSize) {
      const chunk = Array.from({ length: Math.min(batchSize, opts.users - i) }, (_, k) => syntheticUser(i + k));
      const inserted = await tx
        .insert(user)
        .values(
          chunk.map((u) => ({ name: u.name, email: u.email, username: u.username, displayUsername: u.username, emailVerified: true })),
        )
        .onConflictDoNothing()
        .returning({ id: user.id });
      summary.usersInserted += inserted.length;
      const ids = rowsOf<{ id: number; username: string }>(
        await tx.execute(sql`select id, username from "user" where username = any(${sql.param(chunk.map((u) => u.username))}::text[])`),
      );
      const byName = new Map(ids.map((r) => [r.username, r.id]));
      for (const u of chunk) {
        const id = byName.get(u.username);
        if (id !== undefined) userIds.push(id);
      }
      opts.onProgress?.("users", Math.min(opts.users, i + batchSize), opts.users);
    }
    phaseDone("users");

    // ---- ratings (over the whole catalogue, real and synthetic)
    if (opts.ratings > 0 && userIds.length > 0) {
      const games = rowsOf<{ id: number; release_year: number | null }>(
        await tx.execute(sql`select id, release_year from game order by id`),
      );
      const plan = generateRatings({
        users: Math.min(userIds.length, opts.activeUsers ?? userIds.length),
        gameYears: games.map((g) => g.release_year ?? 2000),
        ratings: opts.ratings,
        seed: opts.seed,
      });
      opts.onProgress?.("ratings", 0, plan.length);
      for (let i = 0; i < plan.length; i += batchSize) {
        const chunk = plan.slice(i, i + batchSize).map((r) => ({
          user_id: userIds[r.user],
          game_id: games[r.game]?.id,
          rating: r.rating,
          review: r.review,
          posted: r.postedAt,
        }));
        const res = await tx.execute(sql`
          insert into rating (user_id, game_id, igdb_id, slug, rating, review, post_date_time, updated_at)
          select x.user_id, x.game_id, g.igdb_id, g.slug, x.rating, x.review, x.posted, x.posted
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(user_id int, game_id int, rating numeric, review text, posted timestamptz)
          join game g on g.id = x.game_id
          on conflict do nothing
          returning id`);
        summary.ratingsInserted += rowsOf(res).length;
        opts.onProgress?.("ratings", Math.min(plan.length, i + batchSize), plan.length);
      }
      // Keep the denormalised stats consistent with `rating`: the games' count, sum, histogram and
      // written reviews, the users' rating_count.
      await setGameRatingStatsFromRows(tx);
      await tx.execute(sql`
        update "user" u set rating_count = s.c
        from (select user_id, count(*)::int as c from rating group by user_id) s
        where u.id = s.user_id and u.rating_count <> s.c`);
    }
    phaseDone("ratings");

    // ---- indexes
    if (indexes.length) {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const [i, def] of indexes.entries()) {
        opts.onProgress?.("indexes", i, indexes.length);
        await tx.execute(sql.raw(def));
      }
      opts.onProgress?.("indexes", indexes.length, indexes.length);
    }
    phaseDone("indexes");
  });
  phaseDone("commit");

  summary.ms = Date.now() - started;
  return summary;
}

import { sql } from "drizzle-orm";
import type { Executor } from "../../app/db/transaction.server";

/**
 * The games' denormalised rating stats checked against their ratings. The aggregate is written here
 * on its own (not the app's statement), so a wrong definition in the app cannot agree with itself.
 */

export interface RatingStats {
  count: number;
  sum: number;
  /** Ten bars: index 0 counts ratings 1–1.5, …, index 9 ratings of 10. */
  histogram: number[];
  written: number;
}

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What the game row holds. */
export async function storedRatingStats(db: Executor, gameId: number): Promise<RatingStats> {
  const [row] = await rowsOf<{ count: number; sum: string; histogram: number[]; written: number }>(
    db,
    sql`select rating_count as count, rating_sum::text as sum, rating_histogram as histogram, written_review_count as written
          from game where id = ${gameId}`,
  );
  if (!row) throw new Error(`no game ${gameId}`);
  return { count: row.count, sum: Number(row.sum), histogram: row.histogram.map(Number), written: row.written };
}

/** What the game's ratings add up to: every rating row read, bars by floor(rating), written = a non-space character. */
export async function aggregateRatingStats(db: Executor, gameId: number): Promise<RatingStats> {
  const rows = await rowsOf<{ rating: string; written: boolean }>(
    db,
    sql`select rating::text as rating, coalesce(review ~ '[^[:space:]]', false) as written from rating where game_id = ${gameId}`,
  );
  const histogram = Array.from({ length: 10 }, () => 0);
  let sum = 0;
  for (const r of rows) {
    const value = Number(r.rating);
    histogram[Math.floor(value) - 1]! += 1;
    sum += value;
  }
  return { count: rows.length, sum: Math.round(sum * 10) / 10, histogram, written: rows.filter((r) => r.written).length };
}

/** The ids of the games whose stored stats differ from their ratings (a game without ratings must hold zeros). */
export async function ratingStatDrift(db: Executor): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select g.id from game g
         where g.rating_count <> (select count(*) from rating r where r.game_id = g.id)
            or g.rating_sum <> (select coalesce(sum(r.rating), 0) from rating r where r.game_id = g.id)
            or g.written_review_count <> (select count(*) from rating r where r.game_id = g.id and r.review ~ '[^[:space:]]')
            or g.rating_histogram <> array(select (select count(*) from rating r where r.game_id = g.id and floor(r.rating) = b)::int
                                             from generate_series(1, 10) as b order by b)
         order by g.id`,
  );
  return rows.map((r) => Number(r.id));
}

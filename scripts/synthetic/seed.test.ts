import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { ratingStatDrift } from "../../tests/support/rating-stats";
import { seedSynthetic } from "./seed";
import { SYNTHETIC_IGDB_BASE } from "./titles";

const db = useTestDatabase();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.handle().db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function indexNames(): Promise<string[]> {
  return (await rows<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'game' order by 1`)).map(
    (r) => r.indexname,
  );
}

describe("seedSynthetic", () => {
  it("bulk-loads games (rebuilding the indexes), users and consistent ratings, and is idempotent", async () => {
    const before = await indexNames();
    const summary = await seedSynthetic(db.handle().db, { games: 6_000, users: 40, ratings: 1_500, seed: 11 });
    expect(summary).toMatchObject({ gamesInserted: 6_000, gamesSkipped: 0, usersInserted: 40, ratingsInserted: 1_500 });
    expect(await indexNames()).toEqual(before);

    const [stats] = await rows<{ games: number; min_id: number; dlc: number; linked: number; slugs: number; platforms: number }>(sql`
      select count(*)::int as games, min(igdb_id) as min_id,
        count(*) filter (where parent_igdb_id is not null)::int as dlc,
        count(*) filter (where parent_game_id is not null)::int as linked,
        count(distinct slug)::int as slugs,
        (select count(*)::int from platform_games) as platforms
      from game`);
    expect(stats?.games).toBe(6_000);
    expect(stats?.min_id).toBe(SYNTHETIC_IGDB_BASE + 1);
    expect(stats?.dlc).toBeGreaterThan(0);
    expect(stats?.linked).toBe(stats?.dlc);
    expect(stats?.slugs).toBe(6_000);
    expect(stats?.platforms).toBeGreaterThan(6_000);

    // Count, sum, histogram and written reviews of every game equal the aggregate over its ratings.
    expect(await ratingStatDrift(db.handle().db)).toEqual([]);
    const [written] = await rows<{ n: number }>(sql`select sum(written_review_count)::int as n from game`);
    expect(written?.n).toBeGreaterThan(0);
    const [rated] = await rows<{ n: number; total: number }>(
      sql`select count(*)::int as n, sum(rating_count)::int as total from game where rating_count > 0`,
    );
    expect(rated?.total).toBe(1_500);
    const userDrift = await rows<{ n: number; rated: number }>(sql`
      select count(*) filter (where u.rating_count <> coalesce(r.c, 0))::int as n, count(r.c)::int as rated from "user" u
      left join (select user_id, count(*) as c from rating group by user_id) r on r.user_id = u.id`);
    expect(userDrift[0]).toMatchObject({ n: 0 });
    expect(userDrift[0]?.rated).toBeGreaterThan(0);

    const again = await seedSynthetic(db.handle().db, { games: 6_000, users: 40, ratings: 1_500, seed: 11 });
    expect(again).toMatchObject({ gamesInserted: 0, gamesSkipped: 6_000, usersInserted: 0, ratingsInserted: 0 });
  });

  it("adds more games on top without rebuilding indexes and keeps slugs unique", async () => {
    const summary = await seedSynthetic(db.handle().db, { games: 6_300, users: 0, ratings: 0, seed: 11 });
    expect(summary).toMatchObject({ gamesInserted: 300, gamesSkipped: 6_000 });
    const [r] = await rows<{ n: number; slugs: number }>(sql`select count(*)::int as n, count(distinct slug)::int as slugs from game`);
    expect(r).toEqual({ n: 6_300, slugs: 6_300 });
  });
});

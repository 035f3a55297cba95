import { asc, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { gameGenre, platform, platformGames } from "~/db/schema";

export interface PlatformOption {
  id: number;
  name: string;
}

/** Platforms that have at least one game, ordered by name (the search page's Platform filter). */
export async function listPlatforms(): Promise<PlatformOption[]> {
  return getDb()
    .select({ id: platform.id, name: platform.name })
    .from(platform)
    .where(sql`exists (select 1 from ${platformGames} where ${platformGames.platformId} = ${platform.id})`)
    .orderBy(asc(sql`lower(${platform.name})`), platform.id);
}

/**
 * The catalogue's genres that some game has, by name (the search page's Genre filter): game_genre (a
 * small table kept by triggers, drizzle/0025), in primary-key order. The trigger that counts a name down
 * to 0 deletes it; the condition is a guard should a row at 0 ever be left.
 */
export async function listGenres(): Promise<string[]> {
  const rows = await getDb()
    .select({ name: gameGenre.name })
    .from(gameGenre)
    .where(gt(gameGenre.gameCount, 0))
    .orderBy(asc(gameGenre.name));
  return rows.map((r) => r.name);
}

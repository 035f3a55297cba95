import { asc, sql } from "drizzle-orm";
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

/** The catalogue's genres by name (the search page's Genre filter): game_genre, in primary-key order. */
export async function listGenres(): Promise<string[]> {
  const rows = await getDb().select({ name: gameGenre.name }).from(gameGenre).orderBy(asc(gameGenre.name));
  return rows.map((r) => r.name);
}

import { desc, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game } from "~/db/schema";

export interface GameCardRow {
  id: number;
  igdbId: number | null;
  slug: string;
  name: string;
  coverUrl: string | null;
  year: number | null;
}

/**
 * Games for the home page cover wall: the most reviewed main games. Walks the
 * (rating_count, id) index backwards, so it stays cheap on a large catalogue.
 */
export async function listFeaturedGames(limit = 24): Promise<GameCardRow[]> {
  return getDb()
    .select({ id: game.id, igdbId: game.igdbId, slug: game.slug, name: game.name, coverUrl: game.coverUrl, year: game.releaseYear })
    .from(game)
    .where(sql`${game.category} = 0`)
    .orderBy(desc(game.ratingCount), desc(game.id))
    .limit(limit);
}

export async function countGames(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(game);
  return row?.n ?? 0;
}

export async function hasAnyGame(): Promise<boolean> {
  const rows = await getDb().select({ id: game.id }).from(game).limit(1);
  return rows.length > 0;
}

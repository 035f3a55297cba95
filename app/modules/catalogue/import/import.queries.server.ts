import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game } from "~/db/schema";

/** Queries of the catalogue import (the batch write itself is the shared catalogue-write.queries.server.ts). */

/** Every stored slug (a new name's slug must be unique against all of them). */
export async function loadSlugs(): Promise<Set<string>> {
  const rows = await getDb().select({ slug: game.slug }).from(game);
  return new Set(rows.map((r) => r.slug));
}

/** Fresh statistics for the planner: the embedded database runs no autovacuum / auto-analyze. */
export async function analyzeCatalogue(): Promise<void> {
  await getDb().execute(sql`analyze game, search_word, platform_games`);
}

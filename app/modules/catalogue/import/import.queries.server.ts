import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game } from "~/db/schema";

/** Queries of the catalogue import (the batch write itself is the shared catalogue-write.queries.server.ts). */

/** Every stored slug (a new name's slug must be unique against all of them). */
export async function loadSlugs(): Promise<Set<string>> {
  const rows = await getDb().select({ slug: game.slug }).from(game);
  return new Set(rows.map((r) => r.slug));
}

/**
 * Fresh statistics for the planner and a fresh visibility map after a bulk write: the embedded database
 * runs no autovacuum / auto-analyze, and search walks game_search_order_idx with index-only scans, which
 * read the heap for every page the visibility map does not mark all-visible (migration 0019). VACUUM
 * cannot run inside a transaction: call it outside one. ~0.6 s on 200,000 games (PostgreSQL).
 */
export async function vacuumCatalogue(): Promise<void> {
  await getDb().execute(sql`vacuum (analyze) game, search_word, platform_games`);
}

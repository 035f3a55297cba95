import { asc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { appState, game } from "~/db/schema";

export interface DerivedRow {
  id: number;
  igdbId: number | null;
  name: string;
  alternativeNames: string[];
  searchName: string;
  searchAliases: string;
}

export async function readState(key: string): Promise<string | null> {
  const [row] = await getDb().select({ value: appState.value }).from(appState).where(eq(appState.key, key));
  return row?.value ?? null;
}

export async function writeState(key: string, value: string): Promise<void> {
  await getDb()
    .insert(appState)
    .values({ key, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: sql`now()` } });
}

/** The next `limit` games after `afterId`, in id order, with the columns search derives and derives from. */
export async function derivedBatch(afterId: number, limit: number): Promise<DerivedRow[]> {
  return getDb()
    .select({
      id: game.id,
      igdbId: game.igdbId,
      name: game.name,
      alternativeNames: game.alternativeNames,
      searchName: game.searchName,
      searchAliases: game.searchAliases,
    })
    .from(game)
    .where(gt(game.id, afterId))
    .orderBy(asc(game.id))
    .limit(limit);
}

/** Writes new derived columns for several games in one statement. */
export async function writeDerived(rows: { id: number; searchName: string; searchAliases: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await getDb().execute(sql`
    update "game" set search_name = v.search_name, search_aliases = v.search_aliases
    from (select unnest(${sql.param(rows.map((r) => r.id))}::int[]) as id,
                 unnest(${sql.param(rows.map((r) => r.searchName))}::text[]) as search_name,
                 unnest(${sql.param(rows.map((r) => r.searchAliases))}::text[]) as search_aliases) v
    where "game".id = v.id`);
}

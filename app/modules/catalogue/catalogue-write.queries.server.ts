import { inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game, platform, platformGames } from "~/db/schema";
import { matchKey, uniqueSlug, type GameInsert, type Prepared } from "./catalogue-write";

/**
 * Writes one batch of games in one transaction (the catalogue import and the IGDB client share it):
 * a row matches an existing game by igdb_id, else by normalised name + year (when the ids do not
 * contradict); matches are updated (missing fields keep their stored value, the slug never changes),
 * the rest inserted with a slug unique against `slugs` (which must hold every taken slug the new
 * names could collide with). platform / platform_games follow the rows' platform lists.
 */
export async function writeBatch(
  batch: Prepared[],
  slugs: Set<string>,
): Promise<{ inserted: number; updated: number; insertedIds: number[] }> {
  // Collapse repeats inside the batch (the last line wins, as it would across batches).
  const byKey = new Map<string, Prepared>();
  for (const p of batch) {
    const k = p.values.igdbId ? `igdb:${p.values.igdbId}` : `name:${p.key}`;
    byKey.set(k, p);
  }
  const rows = [...byKey.values()];
  const igdbIds = rows.map((r) => r.values.igdbId).filter((x): x is number => typeof x === "number");
  const names = [...new Set(rows.map((r) => r.values.searchName ?? ""))].filter((n) => n !== "");

  return getDb().transaction(async (tx) => {
    const existing = await tx
      .select({ id: game.id, igdbId: game.igdbId, searchName: game.searchName, releaseYear: game.releaseYear, slug: game.slug })
      .from(game)
      .where(
        igdbIds.length
          ? sql`${game.igdbId} = any(${sql.param(igdbIds)}::int[]) or ${game.searchName} = any(${sql.param(names)}::text[])`
          : sql`${game.searchName} = any(${sql.param(names)}::text[])`,
      );
    const byIgdb = new Map<number, (typeof existing)[number]>();
    const byName = new Map<string, (typeof existing)[number]>();
    for (const e of existing) {
      if (e.igdbId) byIgdb.set(e.igdbId, e);
      const k = matchKey(e.searchName, e.releaseYear);
      // Prefer a game without an igdb id for name matching, so a curated line and
      // an IGDB record of a different game with the same name stay apart.
      if (!byName.has(k) || !e.igdbId) byName.set(k, e);
    }

    const inserts: GameInsert[] = [];
    const insertPlatforms: string[][] = [];
    const updates: GameInsert[] = [];
    const updatePlatforms: string[][] = [];
    const seenIds = new Set<number>();
    for (const r of rows) {
      let match = r.values.igdbId ? byIgdb.get(r.values.igdbId) : undefined;
      if (!match && r.values.searchName) {
        const byN = byName.get(r.key);
        // A name+year match only counts when ids do not contradict each other.
        if (byN && (!byN.igdbId || !r.values.igdbId || byN.igdbId === r.values.igdbId)) match = byN;
      }
      if (match && !seenIds.has(match.id)) {
        seenIds.add(match.id);
        updates.push({ ...r.values, id: match.id, slug: match.slug });
        updatePlatforms.push(r.platforms);
      } else {
        inserts.push({ ...r.values, slug: uniqueSlug(r.values.name, slugs) });
        insertPlatforms.push(r.platforms);
      }
    }

    const gamePlatformPairs: { gameId: number; names: string[] }[] = [];
    const insertedIds: number[] = [];
    if (inserts.length) {
      const ids = await tx.insert(game).values(inserts).returning({ id: game.id });
      ids.forEach((row, i) => {
        insertedIds.push(row.id);
        gamePlatformPairs.push({ gameId: row.id, names: insertPlatforms[i] ?? [] });
      });
    }
    if (updates.length) {
      const keep = (col: string) => sql.raw(`coalesce(excluded.${col}, "game".${col})`);
      const keepArr = (col: string) => sql.raw(`case when cardinality(excluded.${col}) > 0 then excluded.${col} else "game".${col} end`);
      await tx
        .insert(game)
        .values(updates)
        .onConflictDoUpdate({
          target: game.id,
          set: {
            name: sql`excluded.name`,
            searchName: sql`excluded.search_name`,
            igdbId: keep("igdb_id"),
            gameId: keep("game_id"),
            summary: keep("summary"),
            releaseDate: keep("release_date"),
            releaseYear: keep("release_year"),
            coverUrl: keep("cover_url"),
            genre: keep("genre"),
            genres: keepArr("genres"),
            platforms: keepArr("platforms"),
            developer: keep("developer"),
            publisher: keep("publisher"),
            category: sql`excluded.category`,
            parentIgdbId: keep("parent_igdb_id"),
            alternativeNames: keepArr("alternative_names"),
            searchAliases: sql.raw(`case when excluded.search_aliases <> '' then excluded.search_aliases else "game".search_aliases end`),
            franchiseName: keep("franchise_name"),
            collectionName: keep("collection_name"),
            // Filled by IGDB records (the import format has no such fields, so they are kept).
            description: keep("description"),
            picUrl: keep("pic_url"),
            screenshots: keepArr("screenshots"),
            igdbRating: keep("igdb_rating"),
            igdbRatingCount: keep("igdb_rating_count"),
            igdbPopularity: keep("igdb_popularity"),
            dlcIds: keepArr("dlc_ids"),
            expansionIds: keepArr("expansion_ids"),
            similarGameIds: keepArr("similar_game_ids"),
            igdbLink: keep("igdb_link"),
            updatedAt: sql`now()`,
          },
        });
      updates.forEach((u, i) => {
        const names = updatePlatforms[i] ?? [];
        if (names.length && u.id) gamePlatformPairs.push({ gameId: u.id, names });
      });
    }

    const platformNames = [...new Set(gamePlatformPairs.flatMap((p) => p.names))];
    if (platformNames.length) {
      await tx
        .insert(platform)
        .values(platformNames.map((name) => ({ name })))
        .onConflictDoNothing();
      const ps = await tx.select({ id: platform.id, name: platform.name }).from(platform).where(inArray(platform.name, platformNames));
      const idByName = new Map(ps.map((p) => [p.name, p.id]));
      const updatedIds = updates
        .map((u) => u.id)
        .filter((x): x is number => typeof x === "number" && gamePlatformPairs.some((p) => p.gameId === x));
      if (updatedIds.length) await tx.delete(platformGames).where(inArray(platformGames.gameId, updatedIds));
      const links = gamePlatformPairs.flatMap((p) =>
        p.names
          .map((n) => ({ gameId: p.gameId, platformId: idByName.get(n) }))
          .filter((l): l is { gameId: number; platformId: number } => !!l.platformId),
      );
      for (let i = 0; i < links.length; i += 5000) {
        await tx
          .insert(platformGames)
          .values(links.slice(i, i + 5000))
          .onConflictDoNothing();
      }
    }
    return { inserted: inserts.length, updated: updates.length, insertedIds };
  });
}

/**
 * Links games to their parent game by igdb id (DLC → main game), for rows still unlinked. With
 * `igdbIds`, only the games with those ids and the children of those ids (index-backed; the IGDB
 * client's few rows at a time); without, the whole table (after an import).
 */
export async function linkParents(igdbIds?: readonly number[]): Promise<void> {
  if (igdbIds && igdbIds.length === 0) return;
  const only = igdbIds
    ? sql`and (c.igdb_id = any(${sql.param([...igdbIds])}::int[]) or c.parent_igdb_id = any(${sql.param([...igdbIds])}::int[]))`
    : sql``;
  await getDb().execute(sql`
    update game c set parent_game_id = p.id
    from game p
    where c.parent_igdb_id = p.igdb_id and c.parent_game_id is distinct from p.id ${only}`);
}

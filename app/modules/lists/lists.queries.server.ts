import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game, gameProgress, rating, userCollection, userTopGames, userWishlist } from "~/db/schema";

export type { Executor, Tx } from "~/db/transaction.server";
import type { Executor, Tx } from "~/db/transaction.server";

/** Advisory-lock namespace for one user's lists, progress and Top 5 (the second key is the user id). */
const LISTS_LOCK = 713_013;

export type ListName = "wishlist" | "collection";

export interface ProgressRow {
  started: boolean;
  completed: boolean;
}

/** The four flags of one game for one user (plus the wishlist priority), in one query. */
export interface ListStateRow {
  wishlistPriority: number | null;
  inCollection: boolean;
  started: boolean;
  completed: boolean;
}

/** The four flags of the game (by its internal id) for the user; each read is a unique-index lookup. */
export async function getListState(ex: Executor, userId: number, gameId: number): Promise<ListStateRow> {
  const rows = await ex.execute<{
    wishlist_priority: number | null;
    in_collection: boolean;
    started: boolean | null;
    completed: boolean | null;
  }>(sql`
    select
      (select w.priority from ${userWishlist} w where w.user_id = ${userId} and w.game_id = ${gameId}) as wishlist_priority,
      exists (select 1 from ${userCollection} c where c.user_id = ${userId} and c.game_id = ${gameId}) as in_collection,
      p.started, p.completed
    from (select 1) one
    left join ${gameProgress} p on p.user_id = ${userId} and p.game_id = ${gameId}`);
  const r = rows.rows[0]!;
  return {
    wishlistPriority: r.wishlist_priority === null ? null : Number(r.wishlist_priority),
    inCollection: r.in_collection === true,
    started: r.started === true,
    completed: r.completed === true,
  };
}

/**
 * Runs `fn` in a transaction holding this user's lists lock, so two requests of one user that read a
 * flag and then write (add to a list / mark started, Top 5 replace) never interleave.
 */
export function withUserLists<T>(userId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LISTS_LOCK}, ${userId})`);
    return fn(tx);
  });
}

/** A catalogue game as the lists know it: its internal id and its IGDB id (null for most demo games). */
export interface ListGame {
  id: number;
  igdbId: number | null;
}

export async function findGameByIgdbId(ex: Executor, igdbId: number): Promise<ListGame | null> {
  const rows = await ex.select({ id: game.id, igdbId: game.igdbId }).from(game).where(eq(game.igdbId, igdbId)).limit(1);
  return rows[0] ?? null;
}

export async function findGameById(ex: Executor, gameId: number): Promise<ListGame | null> {
  const rows = await ex.select({ id: game.id, igdbId: game.igdbId }).from(game).where(eq(game.id, gameId)).limit(1);
  return rows[0] ?? null;
}

export async function getProgress(ex: Executor, userId: number, gameId: number): Promise<ProgressRow | null> {
  const rows = await ex
    .select({ started: gameProgress.started, completed: gameProgress.completed })
    .from(gameProgress)
    .where(and(eq(gameProgress.userId, userId), eq(gameProgress.gameId, gameId)))
    .limit(1);
  return rows[0] ?? null;
}

const listTable = (list: ListName) => (list === "wishlist" ? userWishlist : userCollection);

/** Whether the game is in the list. */
export async function isInList(ex: Executor, list: ListName, userId: number, gameId: number): Promise<boolean> {
  const t = listTable(list);
  const rows = await ex
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.gameId, gameId)))
    .limit(1);
  return rows.length > 0;
}

/** Removes the game from both lists. */
export async function deleteFromBothLists(ex: Executor, userId: number, gameId: number): Promise<void> {
  for (const t of [userWishlist, userCollection]) await ex.delete(t).where(and(eq(t.userId, userId), eq(t.gameId, gameId)));
}

export async function deleteFromList(ex: Executor, list: ListName, userId: number, gameId: number): Promise<boolean> {
  const t = listTable(list);
  const rows = await ex
    .delete(t)
    .where(and(eq(t.userId, userId), eq(t.gameId, gameId)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/**
 * Upsert on (user, game). A priority given replaces the stored one; without it a new row is Normal.
 * igdb_id is the game's, for information.
 */
export async function upsertWishlist(ex: Executor, userId: number, g: ListGame, priority?: number): Promise<void> {
  await ex
    .insert(userWishlist)
    .values({ userId, gameId: g.id, igdbId: g.igdbId, ...(priority === undefined ? {} : { priority }) })
    .onConflictDoUpdate({
      target: [userWishlist.userId, userWishlist.gameId],
      set: { igdbId: g.igdbId, ...(priority === undefined ? {} : { priority }) },
    });
}

export async function upsertCollection(ex: Executor, userId: number, g: ListGame): Promise<void> {
  await ex
    .insert(userCollection)
    .values({ userId, gameId: g.id, igdbId: g.igdbId })
    .onConflictDoUpdate({ target: [userCollection.userId, userCollection.gameId], set: { igdbId: g.igdbId } });
}

export async function setWishlistPriority(ex: Executor, userId: number, gameId: number, priority: number): Promise<boolean> {
  const rows = await ex
    .update(userWishlist)
    .set({ priority })
    .where(and(eq(userWishlist.userId, userId), eq(userWishlist.gameId, gameId)))
    .returning({ id: userWishlist.id });
  return rows.length > 0;
}

/** started = true; started_date kept when already set. */
export async function upsertStarted(ex: Executor, userId: number, gameId: number, igdbId: number | null): Promise<void> {
  await ex
    .insert(gameProgress)
    .values({ userId, gameId, igdbId, started: true, startedDate: sql`now()` })
    .onConflictDoUpdate({
      target: [gameProgress.userId, gameProgress.gameId],
      set: {
        started: true,
        startedDate: sql`coalesce(${gameProgress.startedDate}, now())`,
        igdbId: sql`coalesce(excluded.igdb_id, ${gameProgress.igdbId})`,
        updatedAt: sql`now()`,
      },
    });
}

/** started and completed; started_date kept when set, completed_date now (kept when already completed). */
export async function upsertCompleted(ex: Executor, userId: number, gameId: number, igdbId: number | null): Promise<void> {
  await ex
    .insert(gameProgress)
    .values({ userId, gameId, igdbId, started: true, completed: true, startedDate: sql`now()`, completedDate: sql`now()` })
    .onConflictDoUpdate({
      target: [gameProgress.userId, gameProgress.gameId],
      set: {
        started: true,
        completed: true,
        startedDate: sql`coalesce(${gameProgress.startedDate}, now())`,
        completedDate: sql`case when ${gameProgress.completed} then coalesce(${gameProgress.completedDate}, now()) else now() end`,
        igdbId: sql`coalesce(excluded.igdb_id, ${gameProgress.igdbId})`,
        updatedAt: sql`now()`,
      },
    });
}

// ---- Reads for the profile tabs ----

export interface ListGameRow {
  gameId: number;
  igdbId: number | null;
  name: string;
  slug: string;
  coverUrl: string | null;
  releaseYear: number | null;
}

const gameColumns = {
  gameId: game.id,
  igdbId: game.igdbId,
  name: game.name,
  slug: game.slug,
  coverUrl: game.coverUrl,
  releaseYear: game.releaseYear,
};

/**
 * One page of the collection (newest first) or the wishlist (priority, then newest), `limit` rows after
 * skipping `offset`. Offset, not keyset: the tab shows 'Page X of Y' and links any page directly, and
 * the order is the (user_id, added_at) / (user_id, priority, added_at) index read backward, so page n
 * reads n × 36 index entries of one user — a few hundred at most, the size a list reaches. The page is
 * cut from the list table first and only its rows are joined to `game` (skipped rows cost no game
 * lookup). The id breaks ties, so a page boundary never loses or repeats games added in one instant.
 */
export function listCollection(userId: number, limit: number, offset = 0): Promise<(ListGameRow & { addedAt: Date })[]> {
  const page = getDb()
    .select({ id: userCollection.id, gameId: userCollection.gameId, addedAt: userCollection.addedAt })
    .from(userCollection)
    .where(eq(userCollection.userId, userId))
    .orderBy(desc(userCollection.addedAt), desc(userCollection.id))
    .limit(limit)
    .offset(offset)
    .as("page");
  return getDb()
    .select({ ...gameColumns, addedAt: page.addedAt })
    .from(page)
    .innerJoin(game, eq(game.id, page.gameId))
    .orderBy(desc(page.addedAt), desc(page.id));
}

export function listWishlist(userId: number, limit: number, offset = 0): Promise<(ListGameRow & { addedAt: Date; priority: number })[]> {
  const page = getDb()
    .select({ id: userWishlist.id, gameId: userWishlist.gameId, addedAt: userWishlist.addedAt, priority: userWishlist.priority })
    .from(userWishlist)
    .where(eq(userWishlist.userId, userId))
    .orderBy(desc(userWishlist.priority), desc(userWishlist.addedAt), desc(userWishlist.id))
    .limit(limit)
    .offset(offset)
    .as("page");
  return getDb()
    .select({ ...gameColumns, addedAt: page.addedAt, priority: page.priority })
    .from(page)
    .innerJoin(game, eq(game.id, page.gameId))
    .orderBy(desc(page.priority), desc(page.addedAt), desc(page.id));
}

/** The number of games in each list, in one query (each count reads the user's index range). */
export async function countLists(userId: number): Promise<{ collection: number; wishlist: number }> {
  const rows = await getDb().execute<{ collection: number | string; wishlist: number | string }>(sql`
    select
      (select count(*) from ${userCollection} c where c.user_id = ${userId}) as collection,
      (select count(*) from ${userWishlist} w where w.user_id = ${userId}) as wishlist`);
  const r = rows.rows[0]!;
  return { collection: Number(r.collection), wishlist: Number(r.wishlist) };
}

export function listTopFive(userId: number): Promise<(ListGameRow & { position: number; rating: number | null })[]> {
  return getDb()
    .select({ ...gameColumns, position: userTopGames.position, rating: rating.rating })
    .from(userTopGames)
    .innerJoin(game, eq(game.id, userTopGames.gameId))
    .leftJoin(rating, and(eq(rating.userId, userTopGames.userId), eq(rating.gameId, userTopGames.gameId)))
    .where(eq(userTopGames.userId, userId))
    .orderBy(asc(userTopGames.position));
}

export function listTopRated(userId: number, limit: number): Promise<(ListGameRow & { rating: number })[]> {
  return getDb()
    .select({ ...gameColumns, rating: rating.rating })
    .from(rating)
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(eq(rating.userId, userId))
    .orderBy(desc(rating.rating), desc(rating.postDateTime), desc(rating.id))
    .limit(limit);
}

/** The user's rated games for the Top 5 picker: best first, name or genre matching, placed ones excluded. */
export function searchRatedGames(
  userId: number,
  q: string,
  exclude: number[],
  limit: number,
): Promise<(ListGameRow & { rating: number })[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const conditions = [eq(rating.userId, userId)];
  if (q) {
    conditions.push(
      sql`(${game.name} ilike ${pattern} or ${game.genre} ilike ${pattern} or array_to_string(${game.genres}, ' ') ilike ${pattern})`,
    );
  }
  if (exclude.length > 0) conditions.push(sql`${rating.gameId} <> all(${sql.param(exclude)}::int[])`);
  return getDb()
    .select({ ...gameColumns, rating: rating.rating })
    .from(rating)
    .innerJoin(game, eq(game.id, rating.gameId))
    .where(and(...conditions))
    .orderBy(desc(rating.rating), desc(rating.postDateTime), desc(rating.id))
    .limit(limit);
}

/** Of these games, the ones the user has started or finished. */
export async function progressedGameIds(userId: number, gameIds: number[]): Promise<Set<number>> {
  if (gameIds.length === 0) return new Set();
  const rows = await getDb()
    .select({ gameId: gameProgress.gameId })
    .from(gameProgress)
    .where(and(eq(gameProgress.userId, userId), inArray(gameProgress.gameId, gameIds), eq(gameProgress.started, true)));
  return new Set(rows.map((r) => r.gameId));
}

/**
 * Of these games, the ones the user has rated. The ratings found are held (FOR KEY SHARE, as the Top 5
 * foreign key's own check would) until the transaction ends: a review deleted meanwhile either
 * commits first (its game is then not found here) or waits, and its deletion then takes the game
 * out of the Top 5 just written.
 */
export async function ratedGameIds(ex: Executor, userId: number, gameIds: number[]): Promise<Set<number>> {
  if (gameIds.length === 0) return new Set();
  const rows = await ex
    .select({ gameId: rating.gameId })
    .from(rating)
    .where(and(eq(rating.userId, userId), inArray(rating.gameId, gameIds)))
    .for("key share");
  return new Set(rows.map((r) => r.gameId));
}

export async function replaceTopFive(tx: Tx, userId: number, entries: { gameId: number; position: number }[]): Promise<void> {
  await tx.delete(userTopGames).where(eq(userTopGames.userId, userId));
  if (entries.length > 0) await tx.insert(userTopGames).values(entries.map((e) => ({ userId, gameId: e.gameId, position: e.position })));
}

import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { game, rating } from "~/db/schema";

/** The game page's facts, with its main game (parent) joined in the same query. */
export interface GameDetailRow {
  id: number;
  igdbId: number | null;
  name: string;
  slug: string;
  summary: string | null;
  description: string | null;
  releaseDate: string | null;
  releaseYear: number | null;
  coverUrl: string | null;
  genres: string[];
  platforms: string[];
  developer: string | null;
  publisher: string | null;
  category: number;
  franchiseName: string | null;
  collectionName: string | null;
  parent: { id: number; igdbId: number | null; name: string; slug: string; coverUrl: string | null; year: number | null } | null;
}

const parentGame = alias(game, "parent_game");

async function findGame(where: SQL): Promise<GameDetailRow | null> {
  const rows = await getDb()
    .select({
      id: game.id,
      igdbId: game.igdbId,
      name: game.name,
      slug: game.slug,
      summary: game.summary,
      description: game.description,
      releaseDate: game.releaseDate,
      releaseYear: game.releaseYear,
      coverUrl: game.coverUrl,
      genres: game.genres,
      platforms: game.platforms,
      developer: game.developer,
      publisher: game.publisher,
      category: game.category,
      franchiseName: game.franchiseName,
      collectionName: game.collectionName,
      parentId: parentGame.id,
      parentIgdbId: parentGame.igdbId,
      parentName: parentGame.name,
      parentSlug: parentGame.slug,
      parentCoverUrl: parentGame.coverUrl,
      parentYear: parentGame.releaseYear,
    })
    .from(game)
    .leftJoin(parentGame, eq(parentGame.id, game.parentGameId))
    .where(where)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { parentId, parentIgdbId, parentName, parentSlug, parentCoverUrl, parentYear, ...rest } = row;
  return {
    ...rest,
    parent:
      parentId !== null && parentName !== null && parentSlug !== null
        ? { id: parentId, igdbId: parentIgdbId, name: parentName, slug: parentSlug, coverUrl: parentCoverUrl, year: parentYear }
        : null,
  };
}

/** By slug (unique index game_slug_key). */
export function findGameBySlug(slug: string): Promise<GameDetailRow | null> {
  return findGame(eq(game.slug, slug));
}

/** By external (IGDB) id (unique index game_igdb_id_key). */
export function findGameByIgdbId(igdbId: number): Promise<GameDetailRow | null> {
  return findGame(eq(game.igdbId, igdbId));
}

export interface GameRatingStatsRow {
  count: number;
  average: number | null;
  /** Ten counts: index 0 is bar 1 (ratings 1.0–1.5) ... index 9 is bar 10. */
  histogram: number[];
}

const BUCKETS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * Count, average and the 10-bar histogram (bucket = rating rounded down) in one aggregate over the
 * game's ratings (index rating_game_idx). Only ratings from 1 to 10 count.
 */
export async function getGameRatingStats(gameId: number): Promise<GameRatingStatsRow> {
  const bars = Object.fromEntries(
    BUCKETS.map((b) => [`b${b}`, sql<number>`count(*) filter (where floor(${rating.rating}) = ${sql.raw(String(b))})::int`]),
  );
  const rows = await getDb()
    .select({
      count: sql<number>`count(*)::int`,
      average: sql<number | null>`avg(${rating.rating})::float8`,
      ...bars,
    })
    .from(rating)
    .where(and(eq(rating.gameId, gameId), sql`${rating.rating} between 1 and 10`));
  const row = rows[0] as Record<string, number | null> | undefined;
  const count = Number(row?.count ?? 0);
  const average = row?.average === null || row?.average === undefined ? null : Number(row.average);
  return { count, average: count > 0 ? average : null, histogram: BUCKETS.map((b) => Number(row?.[`b${b}`] ?? 0)) };
}

/** What a stored game lacks. */
export interface GameCompleteness {
  igdbId: number | null;
  hasDescription: boolean;
  hasDeveloper: boolean;
  hasPublisher: boolean;
  hasScreenshots: boolean;
}

/** One primary-key read: what the stored game has. */
export async function readCompleteness(gameId: number): Promise<GameCompleteness | null> {
  const [row] = await getDb()
    .select({
      igdbId: game.igdbId,
      // The description field itself: a summary alone does not make a game complete.
      hasDescription: sql<boolean>`coalesce(btrim(${game.description}), '') <> ''`,
      hasDeveloper: sql<boolean>`coalesce(btrim(${game.developer}), '') <> ''`,
      hasPublisher: sql<boolean>`coalesce(btrim(${game.publisher}), '') <> ''`,
      hasScreenshots: sql<boolean>`cardinality(${game.screenshots}) > 0`,
    })
    .from(game)
    .where(eq(game.id, gameId));
  return row ?? null;
}

/** Adds counted page views to the games' view_count: one statement for a whole batch. */
export async function addGameViews(ids: readonly number[], counts: readonly number[]): Promise<void> {
  await getDb().execute(sql`
    update game set view_count = game.view_count + v.n
    from unnest(${sql.param([...ids])}::int[], ${sql.param([...counts])}::int[]) as v(id, n)
    where game.id = v.id`);
}

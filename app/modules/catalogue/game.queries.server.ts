import { eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { game } from "~/db/schema";

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
  /** The ratings panel, from the game row's denormalised stats. */
  ratingStats: GameRatingStatsRow;
  /** Written reviews (text with a non-space character): 'See all N reviews' and their paging. */
  writtenReviewCount: number;
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
      ratingCount: game.ratingCount,
      // rating_sum / rating_count is what avg(rating) computes (numeric division), so the figure is the aggregate's.
      ratingAverage: sql<number | null>`(${game.ratingSum} / nullif(${game.ratingCount}, 0))::float8`,
      ratingHistogram: game.ratingHistogram,
      writtenReviewCount: game.writtenReviewCount,
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
  const {
    parentId,
    parentIgdbId,
    parentName,
    parentSlug,
    parentCoverUrl,
    parentYear,
    ratingCount,
    ratingAverage,
    ratingHistogram,
    ...rest
  } = row;
  return {
    ...rest,
    ratingStats: {
      count: ratingCount,
      average: ratingCount > 0 && ratingAverage !== null ? Number(ratingAverage) : null,
      histogram: ratingHistogram.map(Number),
    },
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
  /** Ten counts: index 0 is bar 1 (ratings 1.0–1.5) ... index 9 is bar 10 (game.rating_histogram). */
  histogram: number[];
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

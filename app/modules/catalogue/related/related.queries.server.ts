import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game } from "~/db/schema";

/** Queries of the game page's related content (related.service.server.ts). Explicit columns, index-backed. */

/** The game whose related content is asked for. */
export interface RelatedSubjectRow {
  id: number;
  igdbId: number | null;
  name: string;
  slug: string;
  category: number;
  releaseDate: string | null;
  releaseYear: number | null;
  developer: string | null;
  publisher: string | null;
  franchiseName: string | null;
  collectionName: string | null;
  alternativeNames: string[];
  parentGameId: number | null;
  parentIgdbId: number | null;
  dlcIds: number[];
  expansionIds: number[];
}

/** A related game as the carousels need it (and the content filter reads). */
export interface RelatedGameRow {
  id: number;
  igdbId: number | null;
  name: string;
  slug: string;
  coverUrl: string | null;
  releaseDate: string | null;
  releaseYear: number | null;
  category: number;
  developer: string | null;
  publisher: string | null;
  franchiseName: string | null;
  collectionName: string | null;
  alternativeNames: string[];
}

const subjectColumns = {
  id: game.id,
  igdbId: game.igdbId,
  name: game.name,
  slug: game.slug,
  category: game.category,
  releaseDate: game.releaseDate,
  releaseYear: game.releaseYear,
  developer: game.developer,
  publisher: game.publisher,
  franchiseName: game.franchiseName,
  collectionName: game.collectionName,
  alternativeNames: game.alternativeNames,
  parentGameId: game.parentGameId,
  parentIgdbId: game.parentIgdbId,
  dlcIds: game.dlcIds,
  expansionIds: game.expansionIds,
};

const relatedColumns = {
  id: game.id,
  igdbId: game.igdbId,
  name: game.name,
  slug: game.slug,
  coverUrl: game.coverUrl,
  releaseDate: game.releaseDate,
  releaseYear: game.releaseYear,
  category: game.category,
  developer: game.developer,
  publisher: game.publisher,
  franchiseName: game.franchiseName,
  collectionName: game.collectionName,
  alternativeNames: game.alternativeNames,
};

async function findSubject(where: SQL): Promise<RelatedSubjectRow | null> {
  const rows = await getDb().select(subjectColumns).from(game).where(where).limit(1);
  return rows[0] ?? null;
}

/** By internal id (primary key). */
export function findRelatedSubjectById(id: number): Promise<RelatedSubjectRow | null> {
  return findSubject(eq(game.id, id));
}

/** By internal id (primary key). */
export function findRelatedGameById(id: number): Promise<RelatedGameRow | null> {
  return getDb()
    .select(relatedColumns)
    .from(game)
    .where(eq(game.id, id))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** By IGDB id (game_igdb_id_key). */
export function findRelatedGameByIgdbId(igdbId: number): Promise<RelatedGameRow | null> {
  return getDb()
    .select(relatedColumns)
    .from(game)
    .where(eq(game.igdbId, igdbId))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/** Games whose main game is this one: linked by id, or naming its IGDB id (not linked yet). */
function childrenOf(subject: Pick<RelatedSubjectRow, "id" | "igdbId">): SQL {
  const byId = eq(game.parentGameId, subject.id);
  return subject.igdbId !== null ? or(byId, eq(game.parentIgdbId, subject.igdbId))! : byId;
}

/**
 * The stored additional content of a game (categories 1 to 4), oldest first (undated last). Uses
 * game_parent_game_id_idx / game_parent_igdb_id_idx; a game has few children, so the sort is small.
 */
export function listStoredAdditionalContent(
  subject: Pick<RelatedSubjectRow, "id" | "igdbId">,
  categories: readonly number[],
  limit: number,
): Promise<RelatedGameRow[]> {
  return getDb()
    .select(relatedColumns)
    .from(game)
    .where(and(childrenOf(subject), inArray(game.category, [...categories])))
    .orderBy(sql`${game.releaseDate} asc nulls last`, asc(game.releaseYear), asc(game.id))
    .limit(limit);
}

/** The stored games whose main game is this one, newest first (undated last): the mods candidates. */
export function listStoredChildren(subject: Pick<RelatedSubjectRow, "id" | "igdbId">, limit: number): Promise<RelatedGameRow[]> {
  return getDb()
    .select(relatedColumns)
    .from(game)
    .where(childrenOf(subject))
    .orderBy(sql`${game.releaseDate} desc nulls last`, desc(game.releaseYear), desc(game.id))
    .limit(limit);
}

/** How many of these IGDB ids are stored (game_igdb_id_key). */
export async function countStoredIgdbIds(igdbIds: readonly number[]): Promise<number> {
  if (igdbIds.length === 0) return 0;
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)` })
    .from(game)
    .where(sql`${game.igdbId} = any(${sql.param([...igdbIds])}::int[])`);
  return Number(row?.n ?? 0);
}

/** Stored games by IGDB id, in any order (game_igdb_id_key). */
export function listStoredByIgdbIds(igdbIds: readonly number[]): Promise<RelatedGameRow[]> {
  if (igdbIds.length === 0) return Promise.resolve([]);
  return getDb()
    .select(relatedColumns)
    .from(game)
    .where(sql`${game.igdbId} = any(${sql.param([...igdbIds])}::int[])`);
}

/**
 * Records what IGDB said about a stored game's type and main game (the category lookup): the
 * category and, when IGDB names a main game, its IGDB id and (when that game is stored) the link to
 * it. A main game IGDB does not name leaves the stored link as it is (it may come from an import).
 */
export async function saveCategoryAndParent(gameId: number, category: number, parentIgdbId: number | null): Promise<void> {
  await getDb()
    .update(game)
    .set({
      category,
      ...(parentIgdbId !== null ? { parentIgdbId, parentGameId: sql`(select p.id from game p where p.igdb_id = ${parentIgdbId})` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(game.id, gameId));
}

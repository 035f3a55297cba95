import { LRUCache } from "lru-cache";
import { categoryLabel, isDlcLike, isMainGame } from "~/lib/categories";
import type { Result } from "~/lib/result";
import { gameHref } from "~/lib/slugs";
import { applyContentFilter, findRightsHolder } from "../content-filter";
import { getContentPolicy } from "../content-policy.server";
import { GAME_NOT_FOUND, resolveGame } from "../game-resolver.server";
import {
  buildApicalypse,
  convertIgdbGames,
  fetchAndStoreIgdbGames,
  gameTypeOf,
  IGDB_GAME_FIELDS,
  IGDB_GAME_TTL_SECONDS,
  igdbConfigured,
  igdbQuery,
  refId,
  upsertIgdbGames,
  type IgdbGame,
} from "../igdb/igdb.server";
import {
  ADDITIONAL_CONTENT_CATEGORIES,
  ADDITIONAL_CONTENT_ERROR,
  ADDITIONAL_CONTENT_LIMIT,
  isAdditionalContent,
  isModContent,
  MAIN_GAME_ERROR,
  MOD_CONTENT_ERROR,
  MODS_QUERY_LIMIT,
  MODS_SHOWN,
} from "./related-rules";
import {
  countStoredIgdbIds,
  findRelatedGameById,
  findRelatedGameByIgdbId,
  findRelatedSubjectById,
  listStoredAdditionalContent,
  listStoredChildren,
  saveCategoryAndParent,
  type RelatedGameRow,
  type RelatedSubjectRow,
} from "./related.queries.server";

/**
 * The game page's related content, served by
 * GET /api/games/:idOrSlug/related so it never slows the page itself (the page fetches it after
 * hydration).
 *
 * Which blocks a game gets depends on its category: a DLC-type game (DLC, expansion, standalone
 * expansion, pack) gets the Main Game card; a main game (category 0 or absent) gets Additional
 * Content and Mods & Fan Content; other categories get none. The category is the stored one; a
 * stored main game with an IGDB id is checked against IGDB (game_type and parent_game, aborted after
 * 8 s; a failed lookup means "no category", i.e. a main game) and what IGDB says is saved.
 *
 * Each block is served from the local database when the related games are stored, from IGDB
 * otherwise, and what IGDB returns is saved first (so the next view is local):
 * - Additional Content: parent_game = id, game_type 1–4, cover and companies present, oldest first,
 *   limit 20; names with mod words are left out.
 * - Mods & Fan Content: parent_game = id with a cover, newest first, limit 30, 15 shown, the spec's
 *   keep / exclude name rules, the official-release check, and the content filter with the main game
 *   as context. Not shown at all for games of a rights holder whose level removes every mod.
 * - Main Game: the stored parent; else the parent IGDB names (two steps: read parent_game, then fetch
 *   that game), saved and linked.
 * IGDB failures are logged and count as "nothing found"; a database failure gives the
 * block's error text.
 */

export interface RelatedCard {
  id: number;
  igdbId: number | null;
  name: string;
  /** '/game/{igdb id}', or the game's own address when it has no IGDB id. */
  href: string;
  coverUrl: string | null;
  year: number | null;
  categoryLabel: string;
}

export interface RelatedSection {
  items: RelatedCard[];
  /** The spec's error text when the block could not be loaded. */
  error: string | null;
}

export interface RelatedContent {
  /** Which blocks apply: 'dlc' → mainGame; 'main' → additionalContent and mods; 'other' → none. */
  kind: "main" | "dlc" | "other";
  category: number;
  mainGame: { game: RelatedCard | null; error: string | null } | null;
  additionalContent: RelatedSection | null;
  /** null when not shown (not a main game, or the content policy removes every mod of this game). */
  mods: RelatedSection | null;
}

export type RelatedResult = Result<RelatedContent>;

/** The category lookup gives up after this long. */
export const CATEGORY_LOOKUP_TIMEOUT_MS = 8000;
/** After IGDB answered for a game's block, the block is served locally for this long. */
export const RELATED_FETCH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** After an IGDB failure, the block is not asked again for this long. */
export const RELATED_RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;
/** Stored candidates read for the Additional Content filter (more than shown: some names are left out). */
const STORED_ADDITIONAL_READ = ADDITIONAL_CONTENT_LIMIT * 3;
/** Stored children read for the mods filter (DLCs are among them and mostly left out). */
const STORED_MODS_READ = MODS_QUERY_LIMIT * 3;

interface RelatedState {
  /** `${block}:${gameId}` → IGDB was asked (successfully or not) recently. */
  asked: LRUCache<string, true>;
  /** One computation per game at a time. */
  inflight: Map<number, Promise<RelatedContent>>;
}

const STATE_KEY = Symbol.for("savepoint.related-content");
type WithState = typeof globalThis & { [STATE_KEY]?: RelatedState };

function state(): RelatedState {
  const g = globalThis as WithState;
  g[STATE_KEY] ??= { asked: new LRUCache({ max: 20_000, ttl: RELATED_FETCH_INTERVAL_MS }), inflight: new Map() };
  return g[STATE_KEY];
}

/** Tests: forget which games IGDB was asked about. */
export function resetRelatedContentState(): void {
  delete (globalThis as WithState)[STATE_KEY];
}

function askedRecently(key: string): boolean {
  return state().asked.has(key);
}

function markAsked(key: string, ok: boolean): void {
  state().asked.set(key, true, { ttl: ok ? RELATED_FETCH_INTERVAL_MS : RELATED_RETRY_AFTER_FAILURE_MS });
}

function logIgdbFailure(what: string, subject: RelatedSubjectRow, error: unknown): void {
  console.warn(`[related] ${what} for game ${subject.id} (IGDB ${subject.igdbId}) from IGDB failed:`, (error as Error)?.message ?? error);
}

export async function getRelatedContent(identifier: string | undefined): Promise<RelatedResult> {
  const resolved = await resolveGame(identifier);
  if (!resolved.ok) return resolved;
  const subject = await findRelatedSubjectById(resolved.data.game.id);
  if (!subject) return { ok: false, status: 404, error: GAME_NOT_FOUND };
  const st = state();
  let pending = st.inflight.get(subject.id);
  if (!pending) {
    pending = relatedContentOf(subject).finally(() => st.inflight.delete(subject.id));
    st.inflight.set(subject.id, pending);
  }
  return { ok: true, data: await pending };
}

async function relatedContentOf(subject: RelatedSubjectRow): Promise<RelatedContent> {
  let category = subject.category;
  let parentIgdbId = subject.parentIgdbId;
  const lookup = await categoryFromIgdb(subject);
  if (lookup) {
    category = lookup.category;
    parentIgdbId = lookup.parentIgdbId ?? parentIgdbId;
  }
  const current = { ...subject, category, parentIgdbId };

  if (isDlcLike(category)) {
    return { kind: "dlc", category, mainGame: await mainGameOf(current), additionalContent: null, mods: null };
  }
  if (isMainGame(category)) {
    const [additionalContent, mods] = await Promise.all([additionalContentOf(current), modsOf(current)]);
    return { kind: "main", category, mainGame: null, additionalContent, mods };
  }
  return { kind: "other", category, mainGame: null, additionalContent: null, mods: null };
}

// ---------------------------------------------------------------------------------------------------
// Category lookup
// ---------------------------------------------------------------------------------------------------

export interface CategoryLookup {
  category: number;
  parentIgdbId: number | null;
}

/**
 * IGDB's game_type and parent_game for one game, aborted
 * after 8 s. null when IGDB is not configured, fails, times out or does not know the game. Cached
 * in process like a game record.
 */
export async function lookupGameCategory(igdbId: number, timeoutMs = CATEGORY_LOOKUP_TIMEOUT_MS): Promise<CategoryLookup | null> {
  if (!igdbConfigured()) return null;
  try {
    const [row] = await igdbQuery<IgdbGame>(
      "games",
      buildApicalypse({ fields: "game_type,parent_game", where: `id = ${igdbId}`, limit: 1 }),
      {
        signal: AbortSignal.timeout(timeoutMs),
        cacheTtlSeconds: IGDB_GAME_TTL_SECONDS,
      },
    );
    if (!row) return null;
    return { category: gameTypeOf(row), parentIgdbId: refId(row.parent_game) };
  } catch (error) {
    console.warn(`[related] category lookup for IGDB game ${igdbId} failed:`, (error as Error)?.message ?? error);
    return null;
  }
}

/**
 * Asks IGDB for a stored main game without a main game of its own (the case the stored data cannot
 * settle: an import or an old record may say 0 for a DLC). Saves a different answer.
 */
async function categoryFromIgdb(subject: RelatedSubjectRow): Promise<CategoryLookup | null> {
  if (subject.igdbId === null || !isMainGame(subject.category) || subject.parentGameId !== null || !igdbConfigured()) return null;
  const key = `category:${subject.id}`;
  if (askedRecently(key)) return null;
  const lookup = await lookupGameCategory(subject.igdbId);
  markAsked(key, lookup !== null);
  if (!lookup) return null;
  if (lookup.category !== subject.category || (lookup.parentIgdbId !== null && lookup.parentIgdbId !== subject.parentIgdbId)) {
    try {
      await saveCategoryAndParent(subject.id, lookup.category, lookup.parentIgdbId);
    } catch (error) {
      console.error(`[related] saving the category of game ${subject.id} failed:`, error);
    }
  }
  return lookup;
}

// ---------------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------------

function toCard(row: RelatedGameRow): RelatedCard {
  const year = row.releaseYear ?? (row.releaseDate ? Number(row.releaseDate.slice(0, 4)) || null : null);
  return {
    id: row.id,
    igdbId: row.igdbId,
    name: row.name,
    href: row.igdbId !== null ? `/game/${row.igdbId}` : gameHref({ slug: row.slug, name: row.name, id: row.id }),
    coverUrl: row.coverUrl,
    year,
    categoryLabel: categoryLabel(row.category),
  };
}

// ---------------------------------------------------------------------------------------------------
// Main Game
// ---------------------------------------------------------------------------------------------------

async function mainGameOf(subject: RelatedSubjectRow): Promise<{ game: RelatedCard | null; error: string | null }> {
  try {
    if (subject.parentGameId !== null) {
      const parent = await findRelatedGameById(subject.parentGameId);
      if (parent) return { game: toCard(parent), error: null };
    }
    let parentIgdbId = subject.parentIgdbId;
    // Step 1: read parent_game (when the stored game does not name its main game).
    if (parentIgdbId === null && subject.igdbId !== null && igdbConfigured() && !askedRecently(`parent:${subject.id}`)) {
      const lookup = await lookupGameCategory(subject.igdbId);
      markAsked(`parent:${subject.id}`, lookup !== null);
      if (lookup?.parentIgdbId) {
        parentIgdbId = lookup.parentIgdbId;
        await saveCategoryAndParent(subject.id, lookup.category, parentIgdbId);
      }
    }
    if (parentIgdbId === null) return { game: null, error: null };
    const stored = await findRelatedGameByIgdbId(parentIgdbId);
    if (stored) return { game: toCard(stored), error: null };
    // Step 2: fetch the main game itself, save it (the upsert links the DLC to it).
    if (!igdbConfigured() || askedRecently(`main:${subject.id}`)) return { game: null, error: null };
    try {
      await fetchAndStoreIgdbGames([parentIgdbId], { onlyMissing: true });
      markAsked(`main:${subject.id}`, true);
    } catch (error) {
      markAsked(`main:${subject.id}`, false);
      logIgdbFailure("main game", subject, error);
      return { game: null, error: null };
    }
    const fetched = await findRelatedGameByIgdbId(parentIgdbId);
    return { game: fetched ? toCard(fetched) : null, error: null };
  } catch (error) {
    console.error(`[related] main game of game ${subject.id} failed:`, error);
    return { game: null, error: MAIN_GAME_ERROR };
  }
}

// ---------------------------------------------------------------------------------------------------
// Additional Content
// ---------------------------------------------------------------------------------------------------

async function storedAdditionalContent(subject: RelatedSubjectRow): Promise<RelatedGameRow[]> {
  const rows = await listStoredAdditionalContent(subject, ADDITIONAL_CONTENT_CATEGORIES, STORED_ADDITIONAL_READ);
  return rows.filter((r) => isAdditionalContent(r)).slice(0, ADDITIONAL_CONTENT_LIMIT);
}

/** True when every DLC / expansion IGDB listed for this game is stored. */
async function additionalContentStored(subject: RelatedSubjectRow): Promise<boolean> {
  const ids = [...new Set([...subject.dlcIds, ...subject.expansionIds])];
  return ids.length > 0 && (await countStoredIgdbIds(ids)) === ids.length;
}

/** IGDB's additional content of a game, converted and filtered. */
export function additionalContentQuery(igdbId: number): string {
  return buildApicalypse({
    fields: IGDB_GAME_FIELDS,
    where: `parent_game = ${igdbId} & game_type = (${ADDITIONAL_CONTENT_CATEGORIES.join(",")}) & cover != null & involved_companies != null`,
    sort: "first_release_date asc",
    limit: ADDITIONAL_CONTENT_LIMIT,
  });
}

async function additionalContentOf(subject: RelatedSubjectRow): Promise<RelatedSection> {
  try {
    const key = `additional:${subject.id}`;
    if (subject.igdbId !== null && igdbConfigured() && !askedRecently(key) && !(await additionalContentStored(subject))) {
      try {
        const raws = await igdbQuery<IgdbGame>("games", additionalContentQuery(subject.igdbId));
        const records = convertIgdbGames(raws).filter(
          (r) => isAdditionalContent(r, { requireCover: true }) && (r.developer !== null || r.publisher !== null),
        );
        await upsertIgdbGames(records);
        markAsked(key, true);
      } catch (error) {
        markAsked(key, false);
        logIgdbFailure("additional content", subject, error);
      }
    }
    return { items: (await storedAdditionalContent(subject)).map(toCard), error: null };
  } catch (error) {
    console.error(`[related] additional content of game ${subject.id} failed:`, error);
    return { items: [], error: ADDITIONAL_CONTENT_ERROR };
  }
}

// ---------------------------------------------------------------------------------------------------
// Mods & Fan Content
// ---------------------------------------------------------------------------------------------------

/** The rights holder's level removes every mod of this game: the block is not shown. */
export function modsBlockedByPolicy(subject: RelatedSubjectRow): boolean {
  const holder = findRightsHolder(subject, getContentPolicy());
  return holder !== null && (holder.level === "BLOCK_ALL" || holder.level === "AGGRESSIVE");
}

export function modsQuery(igdbId: number): string {
  return buildApicalypse({
    fields: IGDB_GAME_FIELDS,
    where: `parent_game = ${igdbId} & cover != null`,
    sort: "first_release_date desc",
    limit: MODS_QUERY_LIMIT,
  });
}

function keepMods<T extends RelatedGameRow | ReturnType<typeof convertIgdbGames>[number]>(
  subject: RelatedSubjectRow,
  rows: readonly T[],
  requireCover: boolean,
): T[] {
  const candidates = rows.filter((r) => isModContent(r, subject, { requireCover }));
  return applyContentFilter(candidates, getContentPolicy(), { context: subject }).kept;
}

async function modsOf(subject: RelatedSubjectRow): Promise<RelatedSection | null> {
  try {
    if (modsBlockedByPolicy(subject)) return null;
    const key = `mods:${subject.id}`;
    if (subject.igdbId !== null && igdbConfigured() && !askedRecently(key)) {
      try {
        const raws = await igdbQuery<IgdbGame>("games", modsQuery(subject.igdbId));
        await upsertIgdbGames(keepMods(subject, convertIgdbGames(raws), true));
        markAsked(key, true);
      } catch (error) {
        markAsked(key, false);
        logIgdbFailure("mods", subject, error);
      }
    }
    const stored = await listStoredChildren(subject, STORED_MODS_READ);
    return { items: keepMods(subject, stored, false).slice(0, MODS_SHOWN).map(toCard), error: null };
  } catch (error) {
    console.error(`[related] mods of game ${subject.id} failed:`, error);
    return { items: [], error: MOD_CONTENT_ERROR };
  }
}

import { LRUCache } from "lru-cache";
import { findGameByIgdbId, type GameDetailRow } from "../game.queries.server";
import { fetchAndStoreIgdbGames, IgdbError, igdbConfigured } from "./igdb.server";

/**
 * A game by IGDB id for the game page and GET /api/games/:idOrSlug: from the database, else (IGDB
 * configured) fetched from IGDB, saved (found by igdb_id first, inserted if missing) and
 * read back, so from then on it is served from the database whether IGDB answers or not.
 * Ids IGDB does not know are remembered for an hour, so a crawler walking ids costs one IGDB call
 * per id at most. Never throws for IGDB trouble: the game is then "not found".
 */

const UNKNOWN_TTL_MS = 3600 * 1000;
const FETCH_BUDGET_MS = 15_000;

const UNKNOWN_KEY = Symbol.for("savepoint.igdb.unknownIds");
type WithUnknown = typeof globalThis & { [UNKNOWN_KEY]?: LRUCache<number, true> };

function unknownIds(): LRUCache<number, true> {
  const g = globalThis as WithUnknown;
  g[UNKNOWN_KEY] ??= new LRUCache<number, true>({ max: 10_000, ttl: UNKNOWN_TTL_MS });
  return g[UNKNOWN_KEY];
}

/** Tests: forget the ids IGDB did not know. */
export function clearUnknownIgdbIds(): void {
  unknownIds().clear();
}

export async function findOrFetchGameByIgdbId(igdbId: number): Promise<GameDetailRow | null> {
  const row = await findGameByIgdbId(igdbId);
  if (row || !igdbConfigured() || unknownIds().has(igdbId)) return row;
  try {
    const stored = await fetchAndStoreIgdbGames([igdbId], { onlyMissing: true, signal: AbortSignal.timeout(FETCH_BUDGET_MS) });
    if (stored.length === 0) {
      unknownIds().set(igdbId, true);
      return null;
    }
  } catch (err) {
    if (err instanceof IgdbError && err.kind === "http") console.error(err.message);
    else console.warn(`[game] IGDB lookup of game ${igdbId} failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
  return findGameByIgdbId(igdbId);
}

import { LRUCache } from "lru-cache";
import { readCompleteness, type GameCompleteness } from "./game.queries.server";
import { fetchAndStoreIgdbGames, igdbConfigured } from "./igdb/igdb.server";

/**
 * Keeping stored games fresh: a stored game that lacks description, developer, publisher or
 * screenshots is refreshed from IGDB and saved.
 *
 * The game page calls queueGameRefresh after it has its data; the refresh runs later, in the
 * background, and never delays the page: it checks the stored row, and when something is missing
 * fetches the game from IGDB (bypassing the in-process IGDB cache) and saves it (fields IGDB leaves
 * empty keep their stored value). The next view shows the new data.
 *
 * At most one attempt per game per REFRESH_INTERVAL_MS in this process (one per
 * REFRESH_RETRY_AFTER_FAILURE_MS after a failure), and one at a time per game. Only games with an
 * IGDB id, and only when IGDB is configured.
 */

export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const REFRESH_RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;
/** The refresh starts this long after the page asked for it, so the page is written first. */
export const REFRESH_DELAY_MS = 250;

export type RefreshOutcome = "refreshed" | "complete" | "not_found" | "failed";

interface RefreshState {
  attempted: LRUCache<number, true>;
  inflight: Map<number, Promise<RefreshOutcome>>;
  delayMs: number;
}

const STATE_KEY = Symbol.for("savepoint.game-refresh");
type WithState = typeof globalThis & { [STATE_KEY]?: RefreshState };

function state(): RefreshState {
  const g = globalThis as WithState;
  g[STATE_KEY] ??= { attempted: new LRUCache({ max: 50_000, ttl: REFRESH_INTERVAL_MS }), inflight: new Map(), delayMs: REFRESH_DELAY_MS };
  return g[STATE_KEY];
}

/** Tests: forget attempts; optionally another start delay. */
export function resetGameRefreshState(opts: { delayMs?: number } = {}): void {
  delete (globalThis as WithState)[STATE_KEY];
  if (opts.delayMs !== undefined) state().delayMs = opts.delayMs;
}

/** Tests and shutdown: resolves when the queued refreshes are over. */
export async function settleGameRefreshes(): Promise<RefreshOutcome[]> {
  return Promise.all([...state().inflight.values()]);
}

export type { GameCompleteness };

export function isComplete(c: GameCompleteness): boolean {
  return c.hasDescription && c.hasDeveloper && c.hasPublisher && c.hasScreenshots;
}

/** Refreshes one stored game from IGDB when it lacks something. Never throws. */
export async function refreshGameIfIncomplete(gameId: number): Promise<RefreshOutcome> {
  try {
    const stored = await readCompleteness(gameId);
    if (!stored || stored.igdbId === null) return "not_found";
    if (isComplete(stored)) return "complete";
    const saved = await fetchAndStoreIgdbGames([stored.igdbId], { fresh: true });
    return saved.length > 0 ? "refreshed" : "not_found";
  } catch (error) {
    console.warn(`[game refresh] game ${gameId} not refreshed:`, (error as Error)?.message ?? error);
    return "failed";
  }
}

/**
 * Queues a background refresh of a game the page is showing. Returns at once. Nothing happens when
 * IGDB is not configured, the game has no IGDB id, or it was tried within the interval.
 */
export function queueGameRefresh(g: { id: number; igdbId: number | null }): void {
  if (g.igdbId === null || !igdbConfigured()) return;
  const st = state();
  if (st.inflight.has(g.id) || st.attempted.has(g.id)) return;
  st.attempted.set(g.id, true);
  const run = new Promise<void>((resolve) => setTimeout(resolve, st.delayMs))
    .then(() => refreshGameIfIncomplete(g.id))
    .then((outcome) => {
      if (outcome === "failed") st.attempted.set(g.id, true, { ttl: REFRESH_RETRY_AFTER_FAILURE_MS });
      return outcome;
    })
    .finally(() => st.inflight.delete(g.id));
  st.inflight.set(g.id, run);
}

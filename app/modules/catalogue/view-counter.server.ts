import { addGameViews } from "./game.queries.server";

/**
 * Game page views, counted in memory and written in batches: one UPDATE for every game viewed since
 * the last flush, every FLUSH_INTERVAL_MS and at shutdown (server/shutdown.ts). A page view then
 * costs no database write on the request path, and a page served from the HTML cache
 * (server/html-cache.ts) is still counted.
 *
 * A failed flush is logged and dropped (views are statistics); at most MAX_PENDING games wait between
 * flushes, so memory stays bounded. The state lives on
 * globalThis: server/ (shutdown, HTML cache) and the bundled app load this module separately
 * (docs/decisions/003).
 */

export const FLUSH_INTERVAL_MS = 2_000;
const MAX_PENDING = 50_000;

interface CounterState {
  pending: Map<number, number>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
}

const KEY = Symbol.for("savepoint.gameViewCounter");
type WithCounter = typeof globalThis & { [KEY]?: CounterState };
const state: CounterState = ((globalThis as WithCounter)[KEY] ??= { pending: new Map(), timer: null, flushing: null });

/** Counts one view of the game; written with the next flush. */
export function countGameView(gameId: number): void {
  if (!Number.isSafeInteger(gameId) || gameId <= 0) return;
  const current = state.pending.get(gameId);
  if (current === undefined && state.pending.size >= MAX_PENDING) return;
  state.pending.set(gameId, (current ?? 0) + 1);
  if (!state.timer) {
    state.timer = setTimeout(() => {
      state.timer = null;
      void flushGameViews();
    }, FLUSH_INTERVAL_MS);
    state.timer.unref();
  }
}

/** Views counted but not written yet (tests, diagnostics). */
export function pendingGameViews(): number {
  let n = 0;
  for (const v of state.pending.values()) n += v;
  return n;
}

/** Writes the counted views now (one statement). Never throws. */
export async function flushGameViews(): Promise<void> {
  if (state.flushing) await state.flushing;
  if (state.pending.size === 0) return;
  const batch = state.pending;
  state.pending = new Map();
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  state.flushing = write(batch).finally(() => {
    state.flushing = null;
  });
  await state.flushing;
}

async function write(batch: Map<number, number>): Promise<void> {
  const ids = [...batch.keys()];
  const counts = ids.map((id) => batch.get(id)!);
  try {
    await addGameViews(ids, counts);
  } catch (error) {
    // Views are statistics: a batch the database refused is dropped, not retried forever.
    console.warn(`[game page] ${ids.length} view count(s) not recorded:`, error instanceof Error ? error.message : error);
  }
}

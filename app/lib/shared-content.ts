/**
 * "What every visitor sees has changed": raised by writes that do not come through an HTTP request
 * of their own (games saved from IGDB during a search, a refresh after a page view), so the page
 * cache (server/html-cache.ts) forgets pages that may show the old state. Listeners live on
 * globalThis: server/ and the bundled app load this module separately (docs/decisions/003).
 */

const KEY = Symbol.for("savepoint.sharedContentListeners");
type WithListeners = typeof globalThis & { [KEY]?: Set<() => void> };
const listeners: Set<() => void> = ((globalThis as WithListeners)[KEY] ??= new Set());

/** Calls `listener` on every change; returns the function that stops it. */
export function onSharedContentChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sharedContentChanged(): void {
  for (const listener of listeners) listener();
}

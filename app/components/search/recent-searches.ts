/**
 * Recent searches of the header dropdown and the search page: up to 5 per kind,
 * kept 24 hours, newest first, in localStorage. Every function takes the storage and clock so
 * it can be tested; storage failures (private mode, quota, SSR) are ignored.
 */

export type SearchKind = "games" | "users";

export const RECENT_MAX = 5;
export const RECENT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_QUERY_LENGTH = 100;

export interface RecentSearch {
  query: string;
  at: number;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function recentKey(kind: SearchKind): string {
  return `savepoint.recent-searches.${kind}`;
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): RecentSearch[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (e): e is RecentSearch =>
        typeof e === "object" && e !== null && typeof (e as RecentSearch).query === "string" && typeof (e as RecentSearch).at === "number",
    );
  } catch {
    return [];
  }
}

/** Unexpired recent searches of one kind, newest first, at most 5. */
export function readRecent(kind: SearchKind, storage: StorageLike | null = browserStorage(), now = Date.now()): RecentSearch[] {
  if (!storage) return [];
  let raw: string | null = null;
  try {
    raw = storage.getItem(recentKey(kind));
  } catch {
    return [];
  }
  return parse(raw)
    .filter((e) => e.query.trim() !== "" && now - e.at < RECENT_TTL_MS && e.at <= now + 60_000)
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENT_MAX);
}

/** Adds a search (moving a repeated one, compared case-insensitively, to the top). Returns the new list. */
export function rememberSearch(
  kind: SearchKind,
  query: string,
  storage: StorageLike | null = browserStorage(),
  now = Date.now(),
): RecentSearch[] {
  const text = query.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
  const current = readRecent(kind, storage, now);
  if (!text || !storage) return current;
  const key = text.toLowerCase();
  const next = [{ query: text, at: now }, ...current.filter((e) => e.query.toLowerCase() !== key)].slice(0, RECENT_MAX);
  try {
    storage.setItem(recentKey(kind), JSON.stringify(next));
  } catch {
    // Storage full or blocked: recent searches are a convenience.
  }
  return next;
}

export function clearRecent(kind: SearchKind, storage: StorageLike | null = browserStorage()): void {
  try {
    storage?.removeItem(recentKey(kind));
  } catch {
    // ignore
  }
}

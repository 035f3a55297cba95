/**
 * The activity feed's order, shared by the merge and the keyset cursor. Items are ordered newest
 * first; items in the same 2-second window are ordered by type priority (higher first), then by
 * date and id. The window is a fixed 2-second bucket of the date, so the order is total and the
 * same on every page: a cursor (date, priority, id) always says which items come after it.
 */

export const ACTIVITY_TYPES = ["wishlist", "collection", "started", "completed", "rating", "review", "comment", "review_like"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Higher is shown first among items within the same 2 seconds. */
export const ACTIVITY_PRIORITY: Record<ActivityType, number> = {
  wishlist: 1,
  collection: 2,
  started: 3,
  completed: 4,
  rating: 5,
  review: 6,
  comment: 7,
  review_like: 8,
};

export const ACTIVITY_PER_SOURCE = 20;
export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_TIE_MS = 2000;

export interface ActivityKey {
  /** Milliseconds since the epoch (the database's time cut to milliseconds). */
  date: number;
  priority: number;
  id: number;
}

export const bucketOf = (ms: number) => Math.floor(ms / ACTIVITY_TIE_MS);

/** Negative when `a` is shown before `b`. */
export function compareActivity(a: ActivityKey, b: ActivityKey): number {
  return bucketOf(b.date) - bucketOf(a.date) || b.priority - a.priority || b.date - a.date || b.id - a.id;
}

export function encodeCursor(k: ActivityKey): string {
  return `${k.date}_${k.priority}_${k.id}`;
}

/**
 * The latest date a cursor may carry: the end of year 9999 less one 2-second window (a bound may
 * reach one window past the cursor). A later date is written with a six-digit year
 * ("+033658-09-27T…"), which the database refuses as a timestamp.
 */
export const MAX_CURSOR_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999) - ACTIVITY_TIE_MS;

/** The cursor of a page link; null when it is not one we made (the first page is shown instead). */
export function decodeCursor(raw: string | null | undefined): ActivityKey | null {
  const m = /^(\d{1,15})_([1-8])_(\d{1,10})$/.exec(raw ?? "");
  if (!m) return null;
  const key = { date: Number(m[1]), priority: Number(m[2]), id: Number(m[3]) };
  return key.id > 2_147_483_647 || key.date > MAX_CURSOR_DATE ? null : key;
}

/**
 * For one source of priority `p`, what "after the cursor" means as a date bound:
 * a lower priority than the cursor's keeps its whole 2-second window, a higher one starts below it,
 * the same priority continues after (date, id).
 */
export type SourceBound = { kind: "before"; date: number } | { kind: "after-key"; date: number; id: number };

export function boundFor(priority: number, cursor: ActivityKey): SourceBound {
  const bucket = bucketOf(cursor.date);
  if (priority < cursor.priority) return { kind: "before", date: (bucket + 1) * ACTIVITY_TIE_MS };
  if (priority > cursor.priority) return { kind: "before", date: bucket * ACTIVITY_TIE_MS };
  return { kind: "after-key", date: cursor.date, id: cursor.id };
}

export interface SourcePage<T extends ActivityKey> {
  items: T[];
  /** The source may have more items after these (it returned a full page). */
  full: boolean;
}

/**
 * Merges each source's newest items (after the cursor) into one page. A source that returned a
 * full page may have more items older than its last one: the page stops before anything older than
 * that, so no item is skipped. Then it is cut to the page size.
 */
export function mergeActivity<T extends ActivityKey>(
  sources: SourcePage<T>[],
  pageSize = ACTIVITY_PAGE_SIZE,
): { items: T[]; more: boolean } {
  const all = sources.flatMap((s) => s.items).sort(compareActivity);
  let limitKey: ActivityKey | null = null;
  for (const s of sources) {
    const last = s.items[s.items.length - 1];
    if (s.full && last && (limitKey === null || compareActivity(last, limitKey) < 0)) limitKey = last;
  }
  const kept = limitKey ? all.filter((i) => compareActivity(i, limitKey) <= 0) : all;
  return { items: kept.slice(0, pageSize), more: kept.length > pageSize || limitKey !== null };
}

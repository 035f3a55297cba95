import { sharedContentChanged } from "~/lib/shared-content";
import { matchKey, slugBase, type Prepared } from "../catalogue-write";
import { linkParents, writeBatch } from "../catalogue-write.queries.server";
import { findStoredIgdbIds, findTakenSlugs } from "./igdb.queries.server";
import type { IgdbGameRecord } from "./igdb-record";

/**
 * Saving IGDB records into our catalogue: found by
 * igdb_id first (else by normalised name + year, for a curated game without an id), updated when
 * found, inserted otherwise; never two rows for one igdb_id (unique index game_igdb_id_key). The
 * write is the one the catalogue import uses (catalogue-write.queries.server.ts writeBatch), so slugs, search_name,
 * search_aliases, platform and platform_games are written the same way.
 */

export interface StoredIgdbGame {
  id: number;
  igdbId: number;
  slug: string;
  /** True when this call inserted the row. */
  inserted: boolean;
}

export interface UpsertOptions {
  /** Only insert records whose igdb_id is not stored yet; leave stored rows untouched. */
  onlyMissing?: boolean;
}

/**
 * Slugs checked per new name: base, base-2 … base-50. A name with all of them taken would get
 * base-51 unchecked; a clash then fails the unique index and the write is retried once.
 */
const SLUG_SUFFIXES = 50;

/** The slugs among the ones the records' names could take that are already used (one index lookup). */
function takenSlugs(records: readonly IgdbGameRecord[]): Promise<Set<string>> {
  const candidates = new Set<string>();
  for (const r of records) {
    const base = slugBase(r.name);
    candidates.add(base);
    for (let n = 2; n <= SLUG_SUFFIXES; n++) candidates.add(`${base}-${n}`);
  }
  return findTakenSlugs([...candidates]);
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

// Writes from one process run one after another (two searches saving the same new game at once
// would otherwise both insert it); across processes the unique index decides and the loser retries.
const CHAIN_KEY = Symbol.for("savepoint.igdb.upsertChain");
type WithChain = typeof globalThis & { [CHAIN_KEY]?: Promise<unknown> };

function serialized<T>(fn: () => Promise<T>): Promise<T> {
  const g = globalThis as WithChain;
  const run = (g[CHAIN_KEY] ?? Promise.resolve()).then(fn, fn);
  g[CHAIN_KEY] = run.catch(() => undefined);
  return run;
}

/**
 * Saves converted IGDB records (igdbGameToRecord) by igdb_id, without duplicates: stored games are
 * updated (fields IGDB left empty keep their stored value), new ones inserted with a unique slug,
 * platform_games and the parent link (parent_igdb_id → parent_game_id) follow. A record repeated in
 * `records` is saved once (the last wins). Returns the stored rows in the order of `records`.
 */
export function upsertIgdbGames(records: readonly IgdbGameRecord[], opts: UpsertOptions = {}): Promise<StoredIgdbGame[]> {
  if (records.length === 0) return Promise.resolve([]);
  return serialized(async () => {
    try {
      return await upsertOnce(records, opts);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another process saved one of these games (or took a slug) meanwhile: read again and retry once.
      return upsertOnce(records, opts);
    }
  });
}

async function upsertOnce(records: readonly IgdbGameRecord[], opts: UpsertOptions): Promise<StoredIgdbGame[]> {
  const ids = [...new Set(records.map((r) => r.igdbId))];
  const before = await findStoredIgdbIds(ids);
  const toWrite = opts.onlyMissing ? records.filter((r) => !before.has(r.igdbId)) : records;
  let insertedIds = new Set<number>();
  if (toWrite.length > 0) {
    const batch: Prepared[] = toWrite.map((r, i) => ({
      line: i + 1,
      values: { ...r, slug: "" },
      platforms: r.platforms,
      key: matchKey(r.searchName, r.releaseYear),
    }));
    insertedIds = new Set((await writeBatch(batch, await takenSlugs(toWrite))).insertedIds);
    await linkParents(ids);
    // Searches and game pages cached for visitors may not show these games (or their new facts) yet.
    sharedContentChanged();
  }
  const after = toWrite.length > 0 ? await findStoredIgdbIds(ids) : before;
  const out: StoredIgdbGame[] = [];
  const seen = new Set<number>();
  for (const r of records) {
    const row = after.get(r.igdbId);
    if (!row || seen.has(r.igdbId)) continue;
    seen.add(r.igdbId);
    out.push({ id: row.id, igdbId: r.igdbId, slug: row.slug, inserted: insertedIds.has(row.id) });
  }
  return out;
}

/** igdb_ids among `igdbIds` that are stored (one index lookup). */
export async function storedIgdbIds(igdbIds: readonly number[]): Promise<Set<number>> {
  return new Set((await findStoredIgdbIds(igdbIds)).keys());
}

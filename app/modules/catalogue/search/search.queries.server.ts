import { and, sql, type SQL } from "drizzle-orm";
import { getDb, getHandle, type Database } from "~/db/client.server";
import { game, platformGames, searchWord } from "~/db/schema";
import type { GameSearchHit, SortField, SortOrder } from "./search.types";

/** The SQL of the catalogue search and browse (search.service.server.ts decides what to ask). */

const avgRatingExpr = sql<number | null>`(${game.ratingSum} / nullif(${game.ratingCount}, 0))`;
/**
 * The best-known release date: the date, else 1 July of the year (the middle of the year, as the
 * in-memory sort of search results counts it). Same expression as game_release_sort_idx.
 */
const releaseSortKey = sql`(coalesce(${game.releaseDate}, make_date(nullif(${game.releaseYear}, 0), 7, 1)))`;

const hitColumns = {
  id: game.id,
  igdbId: game.igdbId,
  name: game.name,
  slug: game.slug,
  year: game.releaseYear,
  releaseDate: game.releaseDate,
  coverUrl: game.coverUrl,
  category: game.category,
  platforms: game.platforms,
  avgUserRating: sql<number | null>`round(${avgRatingExpr}, 1)::float8`,
  userRatingCount: game.ratingCount,
};

const candidateColumns = {
  ...hitColumns,
  alternativeNames: game.alternativeNames,
  igdbRating: game.igdbRating,
  igdbRatingCount: game.igdbRatingCount,
  igdbPopularity: game.igdbPopularity,
  viewCount: game.viewCount,
  // Read by the content filter (content-filter.ts): franchise match and official credits.
  developer: game.developer,
  publisher: game.publisher,
  franchiseName: game.franchiseName,
  collectionName: game.collectionName,
  // Notability: the parent of DLC / expansions (game_parent_game_id_idx), how complete the record is.
  hasDlc: sql<boolean>`exists (select 1 from game d where d.parent_game_id = "game"."id")`,
  hasSummary: sql<boolean>`(${game.summary} is not null and ${game.summary} <> '')`,
  genreCount: sql<number>`cardinality(${game.genres})`,
};

export type CandidateRow = {
  [K in keyof typeof hitColumns]: GameSearchHit[K];
} & {
  alternativeNames: string[];
  igdbRating: number | null;
  igdbRatingCount: number | null;
  igdbPopularity: number | null;
  viewCount: number;
  developer: string | null;
  publisher: string | null;
  franchiseName: string | null;
  collectionName: string | null;
  hasDlc: boolean;
  hasSummary: boolean;
  genreCount: number;
};

/** The search's platform / year / genre filters. */
export interface SearchFilters {
  platformId?: number;
  year?: number;
  /** A genre name as stored in game.genres (game_genres_idx). */
  genre?: string;
}

export type QueryRunner = Pick<Database, "select" | "execute" | "with" | "$with">;

/**
 * Runs the search statements with sequential scans and parallel workers disabled. The embedded
 * database runs no autovacuum, so tables are often never analysed; without statistics the planner may
 * pick a sequential scan that computes trigram similarity or a tsvector for every row (100× slower).
 * Every search branch has an index. Parallel plans are off too: a walk the planner expects to be long
 * (a substring it underestimates) got parallel workers whose start-up alone cost ~10 ms, more than
 * the walk (PostgreSQL).
 *
 * On PostgreSQL the statements run on the handle's index-plan pool, whose connections carry both
 * settings for their whole session (no transaction: a search only reads, and three round trips of
 * BEGIN / SET / COMMIT were a tenth of its time). PGlite has one connection shared by everything, so
 * there the settings are SET LOCAL in a transaction of their own.
 */
export async function withIndexPlans<T>(fn: (db: QueryRunner) => Promise<T>): Promise<T> {
  const handle = getHandle();
  if (handle.indexPlanDb) return fn(handle.indexPlanDb);
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
    return fn(tx);
  });
}

function filterConditions(filters: SearchFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.year) where.push(sql`${game.releaseYear} = ${filters.year}`);
  if (filters.genre) where.push(sql`${game.genres} @> array[${filters.genre}]::text[]`);
  if (filters.platformId) {
    where.push(
      sql`exists (select 1 from ${platformGames} where ${platformGames.gameId} = ${game.id} and ${platformGames.platformId} = ${filters.platformId})`,
    );
  }
  return where;
}

/**
 * Dictionary words (search_word) near the given words: sharing enough trigrams (GIN trigram index, `%`)
 * with one of `words`, or equal to one of `edits` (primary-key lookups). Separate branches (UNION ALL)
 * so each one uses its index.
 */
export async function findDictionaryWords(db: QueryRunner, words: readonly string[], edits: readonly string[]): Promise<string[]> {
  const branches = words.map((w) => sql`(select ${searchWord.word} as word from ${searchWord} where ${searchWord.word} % ${w})`);
  if (edits.length)
    branches.push(
      // The array behind an InitPlan: planned as a parameter, not estimated element by element (a
      // few hundred one-edit strings cost milliseconds of planning as a constant); still the primary key.
      sql`(select ${searchWord.word} as word from ${searchWord} where ${searchWord.word} = any((select ${sql.param([...edits])}::text[])::text[]))`,
    );
  if (!branches.length) return [];
  const result = await db.execute<{ word: string }>(sql.join(branches, sql` union all `));
  return result.rows.map((r) => r.word);
}

export interface CandidateTerms {
  /** The normalised term. */
  normalized: string;
  /** The term without spaces. */
  compact: string;
  /** Spellings matched as a title prefix (and, with `substring`, spacing-free anywhere in the title). */
  prefixes: readonly string[];
  /** Match the spacing-free spellings anywhere (trigram index); only for terms of 3+ characters. */
  substring: boolean;
  /** Full-text query over name + alternative names, or null. */
  tsQuery: string | null;
  /**
   * Also titles whose spacing-free form is similar to a spacing-free spelling (trigram `%`, the
   * search_compact trigram index): a word split in two with a typo ("time spliters 2" → TimeSplitters 2).
   * The last resort only, which then reads only this and the full-text branch (not the exact, prefix
   * and substring ones: the strict pass read those).
   */
  similarCompact?: boolean;
}

/**
 * The order inside a tier of the pre-score: most reviewed, then shortest title, then id — the order
 * of game_search_order_idx (rating_count is never null; "nulls last" matches the index).
 */
const tierOrder = sql`${game.ratingCount} desc nulls last, length(${game.searchName}), ${game.id}`;

/**
 * Rows a way of matching reads from its own index before search walks the games in tier order instead.
 * Reading a match costs a heap fetch (~2–3 µs); once a way has this many matches, the walk — an
 * index-only scan of game_search_order_idx (migration 0019) that checks about cap / (share of games
 * matching) entries — is bounded by a few milliseconds on 200,000 games. Lowered from 4,000: the picker's
 * broad three-letter terms read 4,000 rows twice before walking (PostgreSQL, p95 42 → 29–36 ms).
 */
export const BRANCH_SCAN_CAP = 1500;
/**
 * A way of matching the planner expects to match this many games is walked at once. Kept high: the
 * planner overestimates words combined (a two-word title's full text), and a walk for a way that in
 * truth matches few games checks the whole index ('half life' at 1,500: 17 → 105 ms).
 */
export const BROAD_ESTIMATE = 10_000;

type PlanNode = { "Node Type"?: string; "Plan Rows"?: number; Plans?: PlanNode[] };

/**
 * The planner's row estimate for each of the given selects (one EXPLAIN of their UNION ALL, nothing
 * executed): the children of the top Append, in order, or the one plan when there is one select.
 */
export async function estimateRows(db: QueryRunner, selects: SQL[]): Promise<number[]> {
  const result = await db.execute<Record<string, unknown>>(sql`explain (format json) ${sql.join(selects, sql` union all `)}`);
  const cell = Object.values(result.rows[0] ?? {})[0];
  const doc = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan?: PlanNode }[] | undefined;
  const top = doc?.[0]?.Plan;
  if (!top) return [];
  const parts = selects.length > 1 && top["Node Type"] === "Append" ? (top.Plans ?? []) : [top];
  return parts.map((p) => p["Plan Rows"] ?? 0);
}

/**
 * The search candidates: games matching any of title prefix (btree text_pattern_ops), spacing-free
 * substring (trigram index) or full text (search_tsv, game_fts_idx), with the filters. When more
 * than `cap` match, the best by a cheap pre-score are kept: exact title, then prefix, then
 * spacing-free substring, then anything else; inside each, the tier order (most reviewed, shortest
 * title, id).
 *
 * Each way of matching (a branch) finds its own best `cap` in tier order, and the pre-score picks from
 * their union: the same answer as ordering every match (a tier's best rows are among its branch's
 * best `cap`, whatever other tiers the branch also holds), at a cost that stays small at both ends:
 * - A broad branch ("the" matches 58,000 of 200,000 games; ordering them all cost 200 ms on
 *   PostgreSQL, and reading even 4,000 of them 40 ms) walks game_search_order_idx, already in tier
 *   order, checking each game from the index itself (its INCLUDE columns: no heap page), and stops at
 *   `cap` matches: a few thousand index entries, about a millisecond.
 * - Any other branch reads its matches from its own index, at most BRANCH_SCAN_CAP, and keeps its best
 *   `cap`; below that it is complete (a rare term costs a few index reads), at the cap it is walked too.
 * A branch is broad when the planner expects BROAD_ESTIMATE matches or more (one EXPLAIN of all branches).
 * Left to itself, asked for the top `cap`, the planner walked for rare terms too (25–60 ms, "sky").
 * The walk's condition is written so that no other index serves it.
 * The exact title and the prefix of the term as typed are read first: when that prefix alone fills the
 * cap (common for short type-ahead terms: "sie", "sup"), the other branches cannot change the answer
 * and are not read (see below). The columns ranking needs (and
 * the DLC check, an index probe) are read for the kept rows only. Tests lower the two limits.
 */
export async function findCandidates(
  db: QueryRunner,
  terms: CandidateTerms,
  filters: SearchFilters,
  cap: number,
  limits: { scanCap?: number; broadEstimate?: number } = {},
): Promise<CandidateRow[]> {
  const { scanCap = BRANCH_SCAN_CAP, broadEstimate = BROAD_ESTIMATE } = limits;
  const { normalized: main, compact } = terms;
  // The last resort reads only its own branches: the exact, prefix and substring ones are the strict
  // pass's, whose rows the caller already holds (reading them again cost a third of its time).
  const titleBranches = !terms.similarCompact;
  const matchers: SQL[] = titleBranches ? [sql`(${game.searchName} = ${main} or ${game.searchCompact} = ${compact})`] : [];
  // The title-prefix branch of the term as typed: its matches are exactly the pre-score's tier 3 (with tier 4).
  let mainPrefix = -1;
  for (const v of titleBranches ? terms.prefixes : []) {
    if (v === main && mainPrefix < 0) mainPrefix = matchers.length;
    matchers.push(sql`${game.searchName} like ${`${likePattern(v)}%`}`);
  }
  if (terms.substring && titleBranches) {
    for (const v of terms.prefixes) matchers.push(sql`${game.searchCompact} like ${`%${likePattern(v.replace(/ /g, ""))}%`}`);
  }
  if (terms.tsQuery) matchers.push(sql`${game.searchTsv} @@ to_tsquery('simple', ${terms.tsQuery})`);
  if (terms.similarCompact && terms.substring) {
    for (const v of terms.prefixes) matchers.push(sql`${game.searchCompact} % ${v.replace(/ /g, "")}`);
  }
  if (!matchers.length) return [];
  const filtered = filterConditions(filters);

  const estimates = await estimateRows(
    db,
    matchers.map((m) => sql`(select ${game.id} from ${game} where ${and(m, ...filtered)})`),
  );
  const broad = new Set(matchers.flatMap((_, i) => ((estimates[i] ?? 0) >= broadEstimate ? [i] : [])));
  const ids = new Set<number>();
  /** Narrow branches whose read reached the scan cap: walked below. */
  const overflowed = new Set<number>();
  const branchFilter = filtered.length ? sql`and ${and(...filtered)}` : sql``;
  /** A narrow branch: at most scanCap matches from its own index, its best `cap` kept (`read`: how many). */
  const narrowPart = (i: number) => sql`(select ${i}::int as branch, t.id, t.read from (
      select s.id, count(*) over () as read,
        row_number() over (order by s.rating_count desc, length(s.search_name), s.id) as place
      from (select ${game.id}, ${game.ratingCount}, ${game.searchName} from ${game} where ${and(matchers[i], ...filtered)} limit ${scanCap}) s
    ) t where t.place <= ${cap})`;
  /** A broad branch walked at once: its best `cap` in tier order. */
  const walkPart = (i: number) =>
    sql`(select ${i}::int as branch, ${game.id} as id, 0::bigint as read from ${game} where (${matchers[i]}) is true ${branchFilter} order by ${tierOrder} limit ${cap})`;

  // The exact title and the prefix of the term as typed come first. When that prefix alone matches `cap`
  // games or more (its part returns `cap` rows: a narrow read of at least `cap`, or a walk that found
  // `cap`), the pre-score keeps exact and prefix matches only — tiers 4 and 3, in tier order — and those
  // are all among the two branches' best `cap`: the other branches (substring, full text), which can only
  // add rows of a lower tier or rows already found, cannot change the candidates and are not read. In
  // the same statement: their parts sit behind a one-time filter on the prefix's row count, which
  // PostgreSQL checks before running them. The picker's three-letter terms read 1,500 rows twice and then
  // walked ~13,000 index entries twice for rows that never made the cut (bench/README.md, 2026-11-27).
  const first = mainPrefix > 0 ? [0, mainPrefix] : [];
  const others = matchers.flatMap((_, i) => (first.includes(i) || broad.has(i) ? [] : [i]));
  const firstParts = first.map((i) => (broad.has(i) ? walkPart(i) : narrowPart(i)));
  let statement: SQL | null = null;
  if (first.length) {
    const gate = sql`(select count(*) from first_read where branch = ${mainPrefix}) < ${cap}`;
    statement = sql`with first_read as (${sql.join(firstParts, sql` union all `)})
      select branch, id, read from first_read${sql.join(
        others.map((i) => sql` union all (select branch, id, read from ${narrowPart(i)} o where ${gate})`),
        sql``,
      )}`;
  } else if (others.length) statement = sql.join(others.map(narrowPart), sql` union all `);
  let prefixFull = false;
  if (statement) {
    const found = await db.execute<{ branch: number; id: number; read: number | string }>(statement);
    let prefixRows = 0;
    for (const row of found.rows) {
      const i = Number(row.branch);
      ids.add(Number(row.id));
      if (i === mainPrefix) prefixRows++;
      if (!broad.has(i) && Number(row.read) >= scanCap) overflowed.add(i);
    }
    prefixFull = first.length > 0 && prefixRows >= cap;
  }
  // Still to walk: the branches expected broad that were not walked above, and those whose read reached
  // the scan cap; with a full prefix, only the exact and prefix branches.
  const toWalk = [...broad.keys()]
    .filter((i) => !first.includes(i))
    .concat([...overflowed])
    .filter((i) => !prefixFull || first.includes(i));
  if (ids.size === 0 && toWalk.length === 0) return [];
  const walks = toWalk.map(
    (i) => sql`(select ${game.id} from ${game} where (${matchers[i]}) is true ${branchFilter} order by ${tierOrder} limit ${cap})`,
  );
  const pool = sql.join([sql`(select unnest(${sql.param([...ids])}::int[]))`, ...walks], sql` union `);
  const preScore = sql`case when ${game.searchName} = ${main} or ${game.searchCompact} = ${compact} then 4
    when ${game.searchName} like ${`${likePattern(main)}%`} then 3
    when ${game.searchCompact} like ${`%${likePattern(compact)}%`} then 2 else 1 end`;
  const kept = db.$with("kept").as(
    db
      .select({ id: game.id })
      .from(game)
      .where(sql`${game.id} in (${pool})`)
      .orderBy(sql`${preScore} desc`, tierOrder)
      .limit(cap),
  );
  return (await db
    .with(kept)
    .select(candidateColumns)
    .from(game)
    .where(sql`${game.id} in (select ${kept.id} from ${kept})`)
    .orderBy(sql`${preScore} desc`, tierOrder)) as CandidateRow[];
}

/** A term inside a LIKE pattern: its own `%`, `_` and `\` match themselves. */
function likePattern(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Candidates by internal id with the filters (primary key lookups). */
export async function findCandidatesByIds(ids: readonly number[], filters: SearchFilters): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return (await getDb()
    .select(candidateColumns)
    .from(game)
    .where(and(sql`${game.id} = any(${sql.param([...ids])}::int[])`, ...filterConditions(filters)))) as CandidateRow[];
}

function browseOrder(field: SortField, order: SortOrder): SQL[] {
  const desc = order === "desc";
  switch (field) {
    case "release_date":
      // game_release_sort_idx (asc) / game_release_sort_desc_idx (desc); undated games last.
      return desc
        ? [sql`${releaseSortKey} desc nulls last`, sql`${game.id} desc nulls last`]
        : [sql`${releaseSortKey} asc nulls last`, sql`${game.id} asc`];
    case "rating":
      // game_avg_rating_idx serves desc; unrated games last in both orders.
      return desc
        ? [sql`${avgRatingExpr} desc nulls last`, sql`${game.id} desc nulls last`]
        : [sql`${avgRatingExpr} asc nulls last`, sql`${game.id} asc`];
    case "rating_count":
      return desc ? [sql`${game.ratingCount} desc`, sql`${game.id} desc`] : [sql`${game.ratingCount} asc`, sql`${game.id} asc`];
    case "name":
    case "relevance":
      return desc ? [sql`${game.searchName} desc`, sql`${game.id} desc`] : [sql`${game.searchName} asc`, sql`${game.id} asc`];
  }
}

/**
 * Index entries an index-only walk may check per game of the genre before reading the genre's games from
 * the genre index and sorting them is cheaper: checking an entry costs ~0.6 µs, reading a game from the
 * heap ~5 µs (PostgreSQL, 200,000 games).
 */
const WALK_ENTRIES_PER_MATCH = 8;

/**
 * Whether the index-only walk in the sort's order suits a genre page ending at `end`: it checks about
 * end × (games / games of the genre) entries, the genre index reads every game of the genre. A rare genre's
 * last pages (MOBA, 1.3 % of the games: ~79,000 entries for offset 980, 46–58 ms) go the other way
 * (bitmap on game_genres_idx and a sort, 12–16 ms; figures of a busy machine), its first page (1,600 entries) walks. The planner's
 * estimates, one EXPLAIN: it prices the walk as nearly free (all its pages cached) whatever its length.
 */
async function genreWalkPays(db: QueryRunner, filters: SearchFilters, end: number): Promise<boolean> {
  const [matching = 0, games = 0] = await estimateRows(db, [
    sql`(select ${game.id} from ${game} where ${and(...filterConditions(filters))})`,
    sql`(select ${game.id} from ${game})`,
  ]);
  const share = Math.max(matching, 1) / Math.max(games, 1);
  return end / share <= WALK_ENTRIES_PER_MATCH * Math.max(matching, 1);
}

/** The ids of a browse page: `limit` games with the filters from `offset`, in the sort's order. */
export function browsePageIds(filters: SearchFilters, sort: { field: SortField; order: SortOrder }, offset: number, limit: number) {
  return getDb()
    .select({ id: game.id })
    .from(game)
    .where(and(...filterConditions(filters)))
    .orderBy(...browseOrder(sort.field, sort.order))
    .limit(limit)
    .offset(offset);
}

/** `limit` games of the whole catalogue with the filters from `offset`, in the sort's index order. */
export async function browseCatalogue(
  filters: SearchFilters,
  sort: { field: SortField; order: SortOrder },
  offset: number,
  limit: number,
): Promise<GameSearchHit[]> {
  const db = getDb();
  const order = browseOrder(sort.field, sort.order);
  if (filters.genre && (await genreWalkPays(db, filters, offset + limit))) {
    // One genre: the page's ids first, from the sort's index alone (it carries `genres`, migration 0026:
    // an index-only walk, no heap page per game checked), then the page's rows by id. A common genre's
    // last page checks ~4,000 entries (offset 980 of GENRE_CAP at a quarter of the catalogue): 7–22 ms
    // reading the heap, ~1 ms index-only (PostgreSQL, 200,000 games).
    return (await db
      .select(hitColumns)
      .from(game)
      .where(sql`${game.id} in (${browsePageIds(filters, sort, offset, limit)})`)
      .orderBy(...order)) as GameSearchHit[];
  }
  return (await db
    .select(hitColumns)
    .from(game)
    .where(and(...filterConditions(filters)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as GameSearchHit[];
}

/** Games matching the filters, counted up to `cap` (counting stops there). */
export async function countCatalogue(filters: SearchFilters, cap: number): Promise<number> {
  const db = getDb();
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(game)
    .where(and(...filterConditions(filters)))
    .limit(cap)
    .as("capped");
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(count?.n ?? 0);
}

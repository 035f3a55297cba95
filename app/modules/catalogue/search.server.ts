import { and, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { game, platformGames, searchWord } from "~/db/schema";
import { arabicToRoman, numeralVariants, sanitizeSearchTerm } from "~/lib/search-text";
import { editSimilarity, prepareQuery, rankCandidates, type RankCandidate, type Ranked, type RankQuery } from "./search-ranking";
import type { GameSearchHit, SearchOptions, SearchResult, SortField, SortOrder } from "./search.types";

/**
 * The one game search (spec 2 §4, §5, §9) behind the search page, the header dropdown and the
 * JSON API.
 *
 * Two statements per search, in one transaction (see withIndexPlans):
 * 1. Spelling corrections for the term's words from the search_word dictionary (trigram `%` plus
 *    one-deletion / one-swap lookups): "metriod" → "metroid", "tiem" → "time".
 * 2. Candidates, one index-backed query capped at 150 rows (spec's database result cap), any of:
 *    - full text on name + alternative names (game_fts_idx): every word of the term, each as typed,
 *      with its numeral twin ("7" | "vii") and its corrections, the last word also as a prefix —
 *      finds a subtitle or part alone ("skyrim", "new vegas"), typos, numerals, aliases;
 *    - the spacing-free form anywhere in search_compact (trigram index, LIKE '%…%'), for each
 *      numeral spelling: "halflife", "spiderman", "pac man";
 *    - title prefix (search_name LIKE 'v%', btree text_pattern_ops), the only branch that serves
 *      terms under 3 letters.
 *    Platform / year filters apply in the same query. When more than 150 match, the best 150 by a
 *    cheap pre-score are kept: exact title, then prefix, then spacing-free substring, then most
 *    reviewed, then shortest title.
 * Then scoring in TypeScript (search-ranking.ts, pure and unit-tested; candidates below the
 * relevance threshold are dropped), sorting (relevance, or a field with relevance as tie-break)
 * and paging in memory. total = candidates that passed the filters and the threshold (≤ 150).
 */

export const CANDIDATE_CAP = 150;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
export const BROWSE_TOTAL_CAP = 10_000;
/** Shorter compact terms have no complete trigram: prefix matching only. */
const MIN_TRIGRAM_LENGTH = 3;

const avgRatingExpr = sql<number | null>`(${game.ratingSum} / nullif(${game.ratingCount}, 0))`;

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
  viewCount: game.viewCount,
};

type CandidateRow = {
  [K in keyof typeof hitColumns]: GameSearchHit[K];
} & {
  alternativeNames: string[];
  igdbRating: number | null;
  igdbRatingCount: number | null;
  viewCount: number;
};

type Candidate = CandidateRow & RankCandidate;

type QueryRunner = Pick<Database, "select" | "execute">;

/**
 * Runs the search statements in one transaction with sequential scans disabled (SET LOCAL via
 * set_config(..., true)). The embedded database runs no autovacuum, so tables are often never
 * analysed; without statistics the planner may pick a sequential scan that computes trigram
 * similarity or a tsvector for every row (100× slower). Every search branch has an index.
 */
async function withIndexPlans<T>(fn: (db: QueryRunner) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    return fn(tx);
  });
}

function pageParams(opts: SearchOptions): { page: number; pageSize: number } {
  const page = Number.isSafeInteger(opts.page) && (opts.page ?? 0) >= 1 ? (opts.page as number) : 1;
  const size = Number.isSafeInteger(opts.pageSize) ? (opts.pageSize as number) : DEFAULT_PAGE_SIZE;
  return { page, pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, size)) };
}

function filterConditions(opts: SearchOptions): SQL[] {
  const where: SQL[] = [];
  if (opts.year) where.push(sql`${game.releaseYear} = ${opts.year}`);
  if (opts.platformId) {
    where.push(
      sql`exists (select 1 from ${platformGames} where ${platformGames.gameId} = ${game.id} and ${platformGames.platformId} = ${opts.platformId})`,
    );
  }
  return where;
}

/** Spellings of the term searched for in SQL: as typed, numerals both ways, without a leading article. */
function termVariants(query: RankQuery): string[] {
  const out = new Set(numeralVariants(query.normalized));
  const [first, ...rest] = query.tokens;
  if (rest.length && ARTICLES.has(first ?? "")) out.add(rest.join(" "));
  return [...out].slice(0, 4);
}

const ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);
/** search_word holds words of 4+ characters; shorter words are not corrected. */
const MIN_CORRECTED_LENGTH = 4;
const CORRECTIONS_PER_WORD = 8;
/** A last word of 1–2 letters as a prefix would match a large part of the catalogue. */
const MIN_PREFIX_LENGTH = 3;

/**
 * Strings one deletion or one adjacent swap away ("dooom" → "doom", "tiem" → "time"): the typos
 * trigrams miss in short words. Replacements in longer words keep enough trigrams for `%`.
 */
export function singleEdits(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  out.delete(word);
  return [...out];
}

/**
 * Spelling corrections for the term's words from the search_word dictionary, in one query: words
 * sharing enough trigrams (GIN trigram index, `%`), plus words one deletion or swap away (primary-key
 * lookups; trigrams miss swaps in short words: "tiem" → "time", "haerts" → "hearts"). The best 8 per word
 * with an edit similarity ≥ 0.6 (spec 2 §9) are kept.
 */
async function spellingAlternatives(db: QueryRunner, query: RankQuery): Promise<Map<string, string[]>> {
  const words = [...new Set(query.tokens.filter((t) => t.length >= MIN_CORRECTED_LENGTH && !/^\d+$/.test(t)))];
  const out = new Map<string, string[]>();
  if (!words.length) return out;
  const edits = [...new Set(words.flatMap(singleEdits))].filter((w) => w.length >= MIN_CORRECTED_LENGTH);
  // Separate branches (UNION ALL) so each one uses its index: the trigram GIN index per word, the
  // primary key for the one-edit variants.
  const branches = words.map((w) => sql`(select ${searchWord.word} as word from ${searchWord} where ${searchWord.word} % ${w})`);
  if (edits.length)
    branches.push(sql`(select ${searchWord.word} as word from ${searchWord} where ${searchWord.word} = any(${sql.param(edits)}::text[]))`);
  const result = await db.execute<{ word: string }>(sql.join(branches, sql` union all `));
  const rows = result.rows;
  for (const w of words) {
    const best = rows
      .map((r) => ({ word: r.word, sim: r.word === w ? 0 : editSimilarity(r.word, w) }))
      .filter((r) => r.sim >= 0.6)
      .sort((x, y) => y.sim - x.sim || (x.word < y.word ? -1 : 1))
      .slice(0, CORRECTIONS_PER_WORD)
      .map((r) => r.word);
    if (best.length) out.set(w, best);
  }
  return out;
}

/** Lexemes are letters and digits only (normalizeTitle), so they are safe inside to_tsquery. */
function lexeme(word: string): string | null {
  return /^[\p{L}\p{N}]+$/u.test(word) ? word : null;
}

/**
 * tsquery: every word of the term (a leading article is optional), each as typed, with its numeral
 * twin ("7" | "vii") and its spelling corrections; the last word (3+ letters) also as a prefix (type-ahead).
 * Null when no word is usable.
 */
export function buildTsQuery(query: RankQuery, corrections: ReadonlyMap<string, string[]>): string | null {
  const skipFirst = query.tokens.length > 1 && ARTICLES.has(query.tokens[0] ?? "");
  const groups: string[] = [];
  query.tokens.forEach((token, i) => {
    if (i === 0 && skipFirst) return;
    const alts = new Set<string>();
    const add = (w: string | undefined, prefix = false) => {
      const lx = w ? lexeme(w) : null;
      if (lx) alts.add(prefix ? `${lx}:*` : lx);
    };
    add(token);
    const canon = query.canon[i];
    if (canon && canon !== token) add(canon);
    const roman = /^\d+$/.test(token) ? arabicToRoman(Number(token))?.toLowerCase() : undefined;
    add(roman);
    for (const c of corrections.get(token) ?? []) add(c);
    if (i === query.tokens.length - 1 && token.length >= MIN_PREFIX_LENGTH && !/^\d+$/.test(token)) add(token, true);
    if (alts.size) groups.push(alts.size === 1 ? [...alts][0]! : `(${[...alts].join(" | ")})`);
  });
  return groups.length ? groups.join(" & ") : null;
}

const ftsDocument = sql`to_tsvector('simple', ${game.searchName} || ' ' || ${game.searchAliases})`;

function candidateQuery(db: QueryRunner, query: RankQuery, tsQuery: string | null, opts: SearchOptions) {
  const main = query.normalized;
  const compact = query.compact;
  const matchers: SQL[] = termVariants(query).map((v) => sql`${game.searchName} like ${`${v}%`}`);
  if (compact.length >= MIN_TRIGRAM_LENGTH) {
    for (const v of termVariants(query)) matchers.push(sql`${game.searchCompact} like ${`%${v.replace(/ /g, "")}%`}`);
  }
  if (tsQuery) matchers.push(sql`${ftsDocument} @@ to_tsquery('simple', ${tsQuery})`);
  // Cheap pre-score to keep the best 150: exact, then prefix, then spacing-free substring.
  const preScore = sql`case when ${game.searchName} = ${main} or ${game.searchCompact} = ${compact} then 4
    when ${game.searchName} like ${`${main}%`} then 3
    when ${game.searchCompact} like ${`%${compact}%`} then 2 else 1 end`;
  return db
    .select(candidateColumns)
    .from(game)
    .where(and(sql`(${sql.join(matchers, sql` or `)})`, ...filterConditions(opts)))
    .orderBy(sql`${preScore} desc`, sql`${game.ratingCount} desc`, sql`length(${game.searchName})`, game.id)
    .limit(CANDIDATE_CAP);
}

function toCandidate(row: CandidateRow): Candidate {
  return { ...row, releaseYear: row.year, ratingCount: row.userRatingCount, platformCount: row.platforms.length };
}

function toHit(c: Candidate): GameSearchHit {
  return {
    id: c.id,
    igdbId: c.igdbId,
    name: c.name,
    slug: c.slug,
    year: c.year,
    releaseDate: c.releaseDate,
    coverUrl: c.coverUrl,
    category: c.category,
    platforms: c.platforms,
    avgUserRating: c.avgUserRating,
    userRatingCount: c.userRatingCount,
  };
}

type Comparable = string | number | null;

function fieldValue(c: Candidate, field: Exclude<SortField, "relevance">): Comparable {
  switch (field) {
    case "name":
      return c.name.toLocaleLowerCase("en");
    case "release_date":
      return c.releaseDate ?? (c.year ? `${c.year}-07-01` : null);
    case "rating":
      return c.avgUserRating;
    case "rating_count":
      return c.userRatingCount;
  }
}

/** Sorts ranked results by a field (missing values last in both orders); ties keep relevance order. */
export function sortRanked<T extends Candidate>(ranked: Ranked<T>[], field: SortField, order: SortOrder): Ranked<T>[] {
  if (field === "relevance") return ranked;
  const dir = order === "asc" ? 1 : -1;
  return ranked
    .map((r, index) => ({ r, index, value: fieldValue(r.candidate, field) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      if (a.value < b.value) return -dir;
      if (a.value > b.value) return dir;
      return a.index - b.index;
    })
    .map((x) => x.r);
}

function emptyResult(page: number, pageSize: number): SearchResult {
  return { games: [], total: 0, page, pageSize, source: "database", filteredCount: 0 };
}

/**
 * Ranked search. An empty term (after sanitising) returns nothing. Relevance is always best match
 * first (its order is ignored); other sorts order the matching games by that field.
 */
export async function searchGames(opts: SearchOptions): Promise<SearchResult> {
  const { page, pageSize } = pageParams(opts);
  const query = prepareQuery(sanitizeSearchTerm(opts.q));
  if (!query) return emptyResult(page, pageSize);
  const rows = await withIndexPlans(async (db) => {
    const tsQuery = buildTsQuery(query, await spellingAlternatives(db, query));
    return (await candidateQuery(db, query, tsQuery, opts)) as CandidateRow[];
  });
  const ranked = rankCandidates(query, rows.map(toCandidate));
  const sort = opts.sort ?? { field: "relevance", order: "desc" };
  const sorted = sortRanked(ranked, sort.field, sort.order);
  const games = sorted.slice((page - 1) * pageSize, page * pageSize).map((r) => toHit(r.candidate));
  return { games, total: sorted.length, page, pageSize, source: "database", filteredCount: 0 };
}

function browseOrder(field: SortField, order: SortOrder): SQL[] {
  const desc = order === "desc";
  switch (field) {
    case "release_date":
      // game_release_date_idx (asc) / game_release_date_desc_idx (desc nulls last).
      return desc
        ? [sql`${game.releaseDate} desc nulls last`, sql`${game.id} desc nulls last`]
        : [sql`${game.releaseDate} asc nulls last`, sql`${game.id} asc`];
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
 * All games, optionally filtered by platform and year, for the search page without a term.
 * Default sort name:asc (relevance means name without a term). Paging with the sort's index; total
 * is the exact count of filtered games up to 10,000 (the search page's last page is 500 × 20);
 * beyond that total is 10,000 and totalCapped is set.
 */
export async function browseGames(opts: SearchOptions): Promise<SearchResult> {
  const { page, pageSize } = pageParams(opts);
  const sort = opts.sort ?? { field: "name", order: "asc" };
  const where = and(...filterConditions(opts));
  const db = getDb();
  const games = (await db
    .select(hitColumns)
    .from(game)
    .where(where)
    .orderBy(...browseOrder(sort.field, sort.order))
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as GameSearchHit[];
  // Counting 200,000 rows costs ~70 ms on the embedded database; counting stops at the cap instead.
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(game)
    .where(where)
    .limit(BROWSE_TOTAL_CAP)
    .as("capped");
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const total = count?.n ?? 0;
  return {
    games,
    total,
    page,
    pageSize,
    source: "database",
    filteredCount: 0,
    ...(total >= BROWSE_TOTAL_CAP ? { totalCapped: true } : {}),
  };
}

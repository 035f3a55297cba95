import { arabicToRoman, normalizeTitle, numeralVariants, sanitizeSearchTerm } from "~/lib/search-text";
import { applyContentFilter } from "../content-filter";
import { initialismWords } from "./initialisms";
import { getContentPolicy } from "../content-policy.server";
import { convertIgdbGames, IgdbError, igdbConfigured, searchIgdbGames, upsertIgdbGames } from "../igdb/igdb.server";
import {
  DIGIT_WORDS,
  editSimilarity,
  firstGameQuery,
  isNicknameCut,
  prepareQuery,
  rankCandidates,
  SOUND_ALIKE_SIMILARITY,
  soundAlikeSpellings,
  soundsTheSame,
  type RankCandidate,
  type Ranked,
  type RankQuery,
} from "./search-ranking";
import {
  browseCatalogue,
  countCatalogue,
  findCandidates,
  findCandidatesByIds,
  findDictionaryWords,
  withIndexPlans,
  type CandidateRow,
  type QueryRunner,
  type SearchFilters,
} from "./search.queries.server";
import type { GameSearchHit, SearchOptions, SearchResult, SearchSource, SortField, SortOrder } from "./search.types";

/**
 * The one game search behind the search page, the header dropdown and the
 * JSON API.
 *
 * Two statements per search, planned with index scans only (see withIndexPlans):
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
 * and paging in memory. total = candidates that passed the filters and the threshold (≤ 150);
 * totalCapped says more titles matched than the 150 ranked.
 */

export const CANDIDATE_CAP = 150;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
export const BROWSE_TOTAL_CAP = 10_000;
/** Browsing one genre lists and counts at most this many games (the genre look-up's limit). */
export const GENRE_CAP = 1000;
/** Shorter compact terms have no complete trigram: prefix matching only. */
const MIN_TRIGRAM_LENGTH = 3;

type Candidate = CandidateRow & RankCandidate;

function pageParams(opts: SearchOptions): { page: number; pageSize: number } {
  const page = Number.isSafeInteger(opts.page) && (opts.page ?? 0) >= 1 ? (opts.page as number) : 1;
  const size = Number.isSafeInteger(opts.pageSize) ? (opts.pageSize as number) : DEFAULT_PAGE_SIZE;
  return { page, pageSize: Math.min(MAX_PAGE_SIZE, Math.max(1, size)) };
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
const MAX_SUBSTITUTED_LENGTH = 6;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
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
  // Short words share too few trigrams for `%`: one letter replaced or added too ("king" → "kong",
  // "lost" → "last", "heart" → "hearts"), all primary-key lookups.
  if (word.length <= MAX_SUBSTITUTED_LENGTH && /^[a-z]+$/.test(word)) {
    for (let i = 0; i <= word.length; i++) {
      for (const ch of LETTERS) {
        if (i < word.length) out.add(word.slice(0, i) + ch + word.slice(i + 1));
        out.add(word.slice(0, i) + ch + word.slice(i));
      }
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * Spelling corrections for the term's words from the search_word dictionary, in one query: words
 * sharing enough trigrams (GIN trigram index, `%`), plus words one deletion or swap away (primary-key
 * lookups; trigrams miss swaps in short words: "tiem" → "time", "haerts" → "hearts"). The best 8 per word
 * with an edit similarity ≥ 0.6 are kept.
 */
async function spellingAlternatives(db: QueryRunner, query: RankQuery): Promise<Map<string, string[]>> {
  const words = [...new Set(query.tokens.filter((t) => t.length >= MIN_CORRECTED_LENGTH && !/^\d+$/.test(t)))];
  const out = new Map<string, string[]>();
  if (!words.length) return out;
  // And the spellings that sound the same ("roblocks" → "roblox", "kwake" → "quake"): more keys of the same look-up.
  const edits = [...new Set([...words.flatMap(singleEdits), ...words.flatMap(soundAlikeSpellings)])].filter(
    (w) => w.length >= MIN_CORRECTED_LENGTH,
  );
  // Every word one edit from a short a–z word is among the edits already; trigrams (a few thousand
  // index candidates to check for a common word: 5 ms) only for the words the edits do not cover.
  const found = await findDictionaryWords(db, words.filter(needsTrigrams), edits);
  for (const w of words) {
    const best = found
      .map((word) => ({
        word,
        sim: word === w ? 0 : Math.max(editSimilarity(word, w), soundsTheSame(w, word) ? SOUND_ALIKE_SIMILARITY : 0),
      }))
      .filter((r) => r.sim >= 0.6)
      .sort((x, y) => y.sim - x.sim || (x.word < y.word ? -1 : 1))
      .slice(0, CORRECTIONS_PER_WORD)
      .map((r) => r.word);
    if (best.length) out.set(w, best);
  }
  return out;
}

/** Words singleEdits does not cover with every one-edit spelling (replacements and insertions too). */
function needsTrigrams(word: string): boolean {
  return word.length > MAX_SUBSTITUTED_LENGTH || !/^[a-z]+$/.test(word);
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
  const groups = tsGroups(query, corrections, false);
  return groups.length ? groups.join(" & ") : null;
}

/**
 * Candidates for the last resort when every word together finds nothing: titles holding all the words
 * but one ("star war battlefront 2" finds "Star Wars: Battlefront II"); with two words, either word
 * (the ranking then keeps only titles where the other word matches too, misspelt). Words of three
 * letters or fewer are not in the spelling dictionary, so a term with short words also asks its longer
 * words alone ("hte hing kng masscare"), all but one of three or more ("peearl hharbor trulogy 1941 ref dun rsing").
 */
export function buildRelaxedTsQuery(query: RankQuery, corrections: ReadonlyMap<string, string[]>): string | null {
  const groups = tsGroups(query, corrections, false);
  const long = tsGroups(query, corrections, true);
  const branches = new Set<string>();
  if (groups.length >= 2) branches.add(allButOne(groups));
  // Misspelt short words ("hte", "ref dun") find nothing in the dictionary: the longer words alone too
  // (all of them when fewer than three, so that "2" alone never fills the candidate cap).
  if (long.length < groups.length && long.some((g) => /[a-z]/.test(g)))
    branches.add(long.length >= 3 ? allButOne(long) : `(${long.join(" & ")})`);
  return branches.size ? [...branches].join(" | ") : null;
}

/** Any of two groups, or all groups but one of three or more. */
function allButOne(groups: readonly string[]): string {
  if (groups.length === 2) return groups.join(" | ");
  return groups.map((_, skip) => `(${groups.filter((_, i) => i !== skip).join(" & ")})`).join(" | ");
}

/**
 * One tsquery group per word, with its numeral twin and corrections. `loose` (the last resort) leaves
 * out words of three letters or fewer ("hte", "ref dun"): the dictionary holds no such words to correct
 * them with, and the ranking still matches them one edit away.
 */
function tsGroups(query: RankQuery, corrections: ReadonlyMap<string, string[]>, loose: boolean): string[] {
  const skipFirst = query.tokens.length > 1 && ARTICLES.has(query.tokens[0] ?? "");
  // A trailing "1" is optional: the first game of a series usually has no number ("sonic 1").
  const skipLast = firstGameQuery(query) !== null;
  const groups: string[] = [];
  query.tokens.forEach((token, i) => {
    if (i === 0 && skipFirst) return;
    if (i === query.tokens.length - 1 && skipLast) return;
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
    // A digit 2–12 as a number word too ("inazuma 11" → Inazuma Eleven); a number word's digit is its canon.
    add(DIGIT_WORDS.get(canon ?? token));
    // A word glued to its number ("ys4", "jak2"): also the word and the number apart, the number with its
    // twins, so a title writing the number as its own word, roman or not, is found (Ys IV: …). Words of
    // four letters or more are often found anyway through their spelling corrections; short ones never are.
    const glued = gluedNumber(token);
    if (glued) alts.add(glued);
    const short = token.length < MIN_CORRECTED_LENGTH && !/^\d+$/.test(canon ?? token);
    if (loose && short) return;
    for (const c of corrections.get(token) ?? []) add(c);
    if (i === query.tokens.length - 1 && token.length >= MIN_PREFIX_LENGTH && !/^\d+$/.test(token)) add(token, true);
    // A word cut short before a number: a nickname taking the series word's first syllables ("bayo 2" for
    // Bayonetta 2, "suiko 2"); the ranking takes it as the start of the title word only before the number.
    else if (isNicknameCut(query, i)) add(token, true);
    if (alts.size) groups.push(alts.size === 1 ? [...alts][0]! : `(${[...alts].join(" | ")})`);
  });
  return groups;
}

/** A word of two letters or more glued to a number 1–20 ("ys4" → "(ys & (4 | iv | four))"), or null. */
export function gluedNumber(token: string): string | null {
  const m = /^(\p{L}{2,})([1-9]\d?)$/u.exec(token);
  if (!m || Number(m[2]) > 20) return null;
  const word = lexeme(m[1]!);
  if (!word) return null;
  const n = m[2]!;
  const twins = [...new Set([n, arabicToRoman(Number(n))?.toLowerCase(), DIGIT_WORDS.get(n)].filter(Boolean))];
  return `(${word} & ${twins.length > 1 ? `(${twins.join(" | ")})` : twins[0]})`;
}

function candidateQuery(
  db: QueryRunner,
  query: RankQuery,
  tsQuery: string | null,
  opts: SearchOptions,
  lastResort = false,
): Promise<CandidateRow[]> {
  const terms = {
    normalized: query.normalized,
    compact: query.compact,
    prefixes: initialsOnly(query) ? [] : termVariants(query),
    substring: query.compact.length >= MIN_TRIGRAM_LENGTH,
    tsQuery,
    similarCompact: lastResort,
  };
  return findCandidates(db, terms, filtersOf(opts), CANDIDATE_CAP);
}

/**
 * A term of two letters alone ("me", "sh") is an initialism or a short word, not the start of longer
 * titles: it is looked up by full text only (names' words and the initialisms in search_aliases), with no
 * title-prefix branch. With one, the titles starting with those letters ("Metroid", "Mega Man", "Shadow
 * …": hundreds) filled the candidate cap ahead of every initialism match (Mass Effect was not among the
 * 150 candidates for "me", Silent Hill for "sh"). The exact title still matches.
 */
export function initialsOnly(query: RankQuery): boolean {
  return query.tokens.length === 1 && /^\p{L}{2}$/u.test(query.compact);
}

function filtersOf(opts: SearchOptions): SearchFilters {
  return { platformId: opts.platformId, year: opts.year, genre: opts.genre };
}

function toCandidate(row: CandidateRow): Candidate {
  return {
    ...row,
    releaseYear: row.year,
    ratingCount: row.userRatingCount,
    platformCount: row.platforms.length,
    hasDeveloper: Boolean(row.developer),
    hasDlc: Boolean(row.hasDlc),
    hasSummary: Boolean(row.hasSummary),
    genreCount: Number(row.genreCount ?? 0),
  };
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

// ---------------------------------------------------------------------------
// IGDB fallback
// ---------------------------------------------------------------------------

/** Fewer local results than this ask IGDB. */
export const IGDB_FALLBACK_BELOW = 5;
/** Games asked from IGDB. */
export const IGDB_FALLBACK_LIMIT = 20;
/** The whole fallback (limiter queue, 429 back-off, request) gives up after this; local results are shown. */
export const IGDB_FALLBACK_BUDGET_MS = 15_000;
/** After IGDB timed out or could not be reached, searches stay local this long (no 15 s waits in a row). */
export const IGDB_FALLBACK_PAUSE_MS = 30_000;

const PAUSE_KEY = Symbol.for("savepoint.search.igdbPausedUntil");
type WithPause = typeof globalThis & { [PAUSE_KEY]?: number };

function igdbFallbackPaused(): boolean {
  return ((globalThis as WithPause)[PAUSE_KEY] ?? 0) > Date.now();
}

/** Tests: ask IGDB again right away after a time-out or network failure. */
export function resumeIgdbFallback(): void {
  delete (globalThis as WithPause)[PAUSE_KEY];
}

/**
 * Asks IGDB for the term (up to 20 games; cached 1800 s in the client), saves the games not stored
 * yet (by igdb_id; stored games are left as they are: refreshing them is the game page's job) and
 * returns the stored games the local search did not find, as candidates with the same filters.
 * Never throws: an IGDB failure is logged and the local results stand (HTTP 500 is
 * already an empty list in the client). The second search for the same term costs no IGDB call
 * (client cache) and writes nothing (the games are stored), and its games come from the database.
 */
async function igdbCandidates(term: string, opts: SearchOptions, local: readonly CandidateRow[]): Promise<CandidateRow[]> {
  try {
    const raws = await searchIgdbGames(term, IGDB_FALLBACK_LIMIT, { signal: AbortSignal.timeout(IGDB_FALLBACK_BUDGET_MS) });
    const stored = await upsertIgdbGames(convertIgdbGames(raws), { onlyMissing: true });
    const localIds = new Set(local.map((r) => r.id));
    return await findCandidatesByIds(
      stored.map((s) => s.id).filter((id) => !localIds.has(id)),
      filtersOf(opts),
    );
  } catch (err) {
    if (err instanceof IgdbError && err.kind === "http") console.error(err.message);
    else console.warn(`[search] IGDB fallback failed; showing local results: ${err instanceof Error ? err.message : String(err)}`);
    const unreachable =
      (err instanceof IgdbError && (err.kind === "timeout" || err.kind === "network")) ||
      (err instanceof Error && err.name === "TimeoutError");
    if (unreachable) (globalThis as WithPause)[PAUSE_KEY] = Date.now() + IGDB_FALLBACK_PAUSE_MS;
    return [];
  }
}

function sourceOf<T extends { id: number }>(ranked: readonly Ranked<T>[], fromIgdb: ReadonlySet<number>): SearchSource {
  const external = ranked.filter((r) => fromIgdb.has(r.candidate.id)).length;
  if (external === 0) return "database";
  return external === ranked.length ? "igdb" : "mixed";
}

/**
 * Ranked search. An empty term (after sanitising) returns nothing. Relevance is always best match
 * first (its order is ignored); other sorts order the matching games by that field.
 *
 * With fewer than 5 local results and IGDB configured, IGDB is asked too (igdbCandidates); its
 * games are ranked together with the local ones by the same ranking (same threshold), and `source`
 * says where the results came from: "database", "igdb" (all from IGDB) or "mixed".
 * `opts.igdbFallback: false` keeps the search local; so does an IGDB that just timed out or could not
 * be reached, for 30 s.
 *
 * Only when all of that finds nothing (IGDB off, paused, failed or without an answer) does the last
 * resort run: titles holding more than half of the words (buildRelaxedTsQuery, ranked with
 * `mostWords`), flagged `partialMatch`. It never mixes with real matches, so it can neither outrank
 * them nor stand in for IGDB.
 */
export async function searchGames(opts: SearchOptions): Promise<SearchResult> {
  const { page, pageSize } = pageParams(opts);
  const term = sanitizeSearchTerm(opts.q);
  const query = prepareQuery(term);
  if (!query) return emptyResult(page, pageSize);
  const { rows: strict, corrections } = await withIndexPlans(async (db) => {
    const corrections = opts.exact ? new Map<string, string[]>() : await spellingAlternatives(db, query);
    return { rows: await candidateQuery(db, query, buildTsQuery(query, corrections), opts), corrections };
  });
  let rows = strict;
  let ranked = rankCandidates(query, rows.map(toCandidate));
  let fromIgdb: ReadonlySet<number> = new Set();
  // IGDB answers before any last resort: a title only IGDB has must not be hidden by local look-alikes.
  if (ranked.length < IGDB_FALLBACK_BELOW && opts.igdbFallback !== false && igdbConfigured() && !igdbFallbackPaused()) {
    const extra = await igdbCandidates(term, opts, rows);
    if (extra.length > 0) {
      fromIgdb = new Set(extra.map((r) => r.id));
      rows = [...rows, ...extra];
      ranked = rankCandidates(query, rows.map(toCandidate));
    }
  }
  // The last resort, only when neither the local words (as typed or corrected) nor IGDB found anything:
  // titles holding most of the words, flagged so the page can say the match is partial.
  let mostWords = false;
  // Letters joined around "&" that no title's initialism holds ("bt&dd") are asked as typed, apart.
  const lastResort = query.tokens.length >= 2 ? query : (prepareQuery(term, false) ?? query);
  if (ranked.length === 0 && !opts.exact && lastResort.tokens.length >= 2) {
    const loose = buildRelaxedTsQuery(lastResort, corrections);
    // Also titles whose spacing-free form is close to the term's: a word split in two with a typo
    // ("earth bond" → EarthBound), which no word of the term finds.
    const relaxed = await withIndexPlans((db) => candidateQuery(db, lastResort, loose, opts, true));
    const known = new Set(rows.map((r) => r.id));
    rows = [...rows, ...relaxed.filter((r) => !known.has(r.id))];
    ranked = rankCandidates(lastResort, rows.map(toCandidate), new Date(), { mostWords: true });
    // A whole title matched with a split word and a typo ("earth bond") is no partial match.
    mostWords = ranked.length > 0 && !ranked[0]?.score.whole;
  }
  // One word one edit from a stored initialism, or two glued together ("gtsa", "h3odst"): read as its nearest
  // stored forms (nearReadings), one more statement, only when everything else found nothing.
  if (ranked.length === 0 && !opts.exact && query.tokens.length === 1 && lastResort.tokens.length < 2) {
    const readings = nearReadings(query, corrections);
    const tsNear = nearTsQuery(readings);
    if (tsNear) {
      const near = await withIndexPlans((db) => candidateQuery(db, query, tsNear, opts, true));
      const known = new Set(rows.map((r) => r.id));
      rows = [...rows, ...near.filter((r) => !known.has(r.id))];
      ranked = rankNearReadings(readings, rows.map(toCandidate));
      mostWords = ranked.length > 0;
    }
  }
  // The content filter before sorting and paging: seasons, bundles, e-Reader titles and
  // the listed rights holders' fan games and mods go; filteredCount says how many.
  const filtered = applyContentFilter(ranked, getContentPolicy(), { read: (r) => r.candidate });
  ranked = filtered.kept;
  const source = sourceOf(ranked, fromIgdb);
  const sort = opts.sort ?? { field: "relevance", order: "desc" };
  const sorted = sortRanked(ranked, sort.field, sort.order);
  const games = sorted.slice((page - 1) * pageSize, page * pageSize).map((r) => toHit(r.candidate));
  const didYouMean = opts.exact ? null : correctedTerm(query, ranked[0]?.candidate);
  return {
    games,
    total: sorted.length,
    page,
    pageSize,
    source,
    filteredCount: filtered.removedCount,
    ...(didYouMean ? { didYouMean } : {}),
    ...(mostWords && ranked.length ? { partialMatch: true as const } : {}),
    // More titles matched than the candidate cap: total counts the best of them only.
    ...(strict.length >= CANDIDATE_CAP ? { totalCapped: true as const } : {}),
  };
}

/**
 * A reading of a one-word term as a nearby stored form, and what it costs: the term with a letter dropped
 * ("gtsa" → "gtasa"), two letters swapped ("swgho" → "swgoh"), a letter too many ("mkms" → …, "sdr2" → "dr2"),
 * a letter replaced, or split in two ("h3odst" → "h3 odst", "cvsotn" → "cv sotn"). Readings explaining every
 * typed letter cost least.
 */
export interface NearReading {
  query: RankQuery;
  penalty: number;
  /** The lexemes that find its titles (full text): one word, or two that must both match. */
  lexemes: string[];
}

/** What a reading costs below the same match typed right (title scores: an exact initialism is 850). */
export const NEAR_PENALTY = { dropped: 20, swapped: 30, split: 40, extra: 80, replaced: 120 } as const;
/** Shorter one-word terms are too close to too many initialisms to be read as another. */
const MIN_NEAR_LENGTH = 4;

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
}

/**
 * The readings of a one-word term of four or more letters and digits (nothing for other terms): its
 * spelling corrections (dictionary words one edit away, initialisms included), each with the cost of its
 * kind of edit, the word with one character left out or two swapped (three characters or more: the
 * dictionary holds none shorter), and the word split in two (each part two characters or more).
 */
export function nearReadings(query: RankQuery, corrections: ReadonlyMap<string, string[]>): NearReading[] {
  const token = query.tokens[0] ?? "";
  if (query.tokens.length !== 1 || token.length < MIN_NEAR_LENGTH || !/^[a-z0-9]+$/.test(token) || /^\d+$/.test(token)) return [];
  const out = new Map<string, NearReading>();
  const add = (words: string[], penalty: number) => {
    const q = prepareQuery(words.join(" "), false);
    if (!q || words.some((w) => !lexeme(w))) return;
    const seen = out.get(q.normalized);
    if (!seen || seen.penalty > penalty) out.set(q.normalized, { query: q, penalty, lexemes: words });
  };
  const kindOf = (c: string): number => {
    if (c.length === token.length + 1 && isSubsequence(token, c)) return NEAR_PENALTY.dropped;
    if (c.length === token.length - 1 && isSubsequence(c, token)) return NEAR_PENALTY.extra;
    if (c.length === token.length && [...c].sort().join("") === [...token].sort().join("")) return NEAR_PENALTY.swapped;
    return NEAR_PENALTY.replaced;
  };
  for (const c of corrections.get(token) ?? []) add([c], kindOf(c));
  for (let i = 0; i < token.length; i++) {
    const dropped = token.slice(0, i) + token.slice(i + 1);
    if (dropped.length >= 3 && /[a-z]/.test(dropped)) add([dropped], NEAR_PENALTY.extra);
    if (i + 1 < token.length && token[i] !== token[i + 1])
      add([token.slice(0, i) + token[i + 1] + token[i] + token.slice(i + 2)], NEAR_PENALTY.swapped);
  }
  for (let i = 2; i <= token.length - 2; i++) add([token.slice(0, i), token.slice(i)], NEAR_PENALTY.split);
  return [...out.values()];
}

/** The full-text query finding the readings' titles: any reading's word, both words of a split. */
export function nearTsQuery(readings: readonly NearReading[]): string | null {
  const parts = new Set<string>();
  for (const r of readings) parts.add(r.lexemes.length === 1 ? r.lexemes[0]! : `(${r.lexemes.join(" & ")})`);
  return parts.size ? [...parts].join(" | ") : null;
}

/**
 * The candidates ranked by their best reading: each reading ranked as a term of its own (the usual
 * threshold), its cost taken off, the best per title kept. A reading's words must be words of the title,
 * its initialisms or its alternative names (the others cannot match it; ranking them costs).
 */
export function rankNearReadings<T extends RankCandidate & { id: number }>(
  readings: readonly NearReading[],
  candidates: readonly T[],
  now = new Date(),
): Ranked<T>[] {
  if (!readings.length || !candidates.length) return [];
  const wordsOf = new Map<number, Set<string>>();
  for (const c of candidates) {
    const words = new Set([
      ...normalizeTitle(c.name).split(" "),
      ...c.alternativeNames.flatMap((a) => normalizeTitle(a).split(" ")),
      ...initialismWords(c.name),
    ]);
    wordsOf.set(c.id, words);
  }
  const best = new Map<number, Ranked<T>>();
  for (const r of readings) {
    const pool = candidates.filter((c) => r.query.tokens.some((t) => t.length >= 2 && !/^\d+$/.test(t) && wordsOf.get(c.id)?.has(t)));
    if (!pool.length) continue;
    for (const x of rankCandidates(r.query, pool, now)) {
      const total = x.score.total - r.penalty;
      const seen = best.get(x.candidate.id);
      if (!seen || seen.score.total < total)
        best.set(x.candidate.id, { candidate: x.candidate, score: { ...x.score, exact: false, total } });
    }
  }
  return [...best.values()].sort((a, b) => b.score.total - a.score.total || a.candidate.id - b.candidate.id);
}

/**
 * The term with each word the best result lacks replaced by that result's closest word (a spelling
 * correction), or null when the best result holds every word as typed (or no word was corrected).
 */
export function correctedTerm(query: RankQuery, best: { name: string; alternativeNames: readonly string[] } | undefined): string | null {
  if (!best) return null;
  const nameWords = normalizeTitle(best.name).split(" ");
  // Its initialisms are words of it too: "randc" ('r&c') is no misspelling of "and".
  const known = new Set([
    ...nameWords,
    ...best.alternativeNames.flatMap((a) => normalizeTitle(a).split(" ")),
    ...initialismWords(best.name),
  ]);
  let changed = false;
  const words = query.tokens.map((t, i) => {
    if (known.has(t) || known.has(query.canon[i] ?? t) || /\d/.test(t) || t.length < 3) return t;
    const close = nameWords
      .filter((w) => !/\d/.test(w) && Math.abs(w.length - t.length) <= 2)
      .map((w) => ({ w, sim: editSimilarity(w, t) }))
      .filter((x) => x.sim >= 0.6)
      .sort((a, b) => b.sim - a.sim)[0];
    if (!close) return t;
    changed = true;
    return close.w;
  });
  return changed ? words.join(" ") : null;
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
  const filters = filtersOf(opts);
  // Games of one genre: at most the first GENRE_CAP in the sort's order.
  const cap = filters.genre ? GENRE_CAP : BROWSE_TOTAL_CAP;
  const offset = (page - 1) * pageSize;
  const limit = filters.genre ? Math.min(pageSize, cap - offset) : pageSize;
  const games = limit > 0 ? await browseCatalogue(filters, sort, offset, limit) : [];
  // Counting 200,000 rows costs ~70 ms on the embedded database; counting stops at the cap instead.
  const total = await countCatalogue(filters, cap);
  return {
    games,
    total,
    page,
    pageSize,
    source: "database",
    filteredCount: 0,
    ...(total >= cap ? { totalCapped: true } : {}),
  };
}

import { categoryPriority } from "~/lib/categories";
import { normalizeTitle, romanToArabic } from "~/lib/search-text";
import { communityAliases } from "./community-aliases";
import { brandAliases, initialismAliases, initialismWords, NUMBER_WORDS, ordinalNumber, yearCuts } from "./initialisms";

/**
 * Relevance ranking of search candidates.
 * Pure: the database finds at most 150 candidates by trigram / word / compact matching, this
 * module scores them. Nothing here knows any title or franchise.
 *
 * ## Score = title score + category + rating + popularity + recency
 *
 * Title score (best over the name and each alternative name; an alternative name counts 2 % less,
 * so a game called exactly that wins over a game merely also known as that):
 *
 *   1000  exact title                      "doom" → Doom
 *    990  exact with spacing differences   "half life 2" → Half-Life 2, "spiderman" → Spider-Man
 *    980  exact with numerals converted    "final fantasy 7" → Final Fantasy VII, "mega man ii" → Mega Man 2
 *    950  exact without a leading article  "last of us" → The Last of Us (either side)
 *    900  title starts with the term       "halo 5" → Halo 5: Guardians
 *    880  a part of the title is the term  "skyrim" → The Elder Scrolls V: Skyrim (parts split at ':', ' - ', '(')
 *    850  a part starts with the term      "vice city" → Grand Theft Auto: Vice City Stories
 *    800  the term's words, contiguous, anywhere
 *    700  the term's words in order, with gaps
 *    650  the term's words in any order
 *    ≤500 most (≥ 60 %) of the term's letters matched: 500 × share
 *
 *  - Edition / DLC words (Edition, Bundle, DLC, Map Pack, Season Pass, GOTY, Remastered, HD,
 *    Soundtrack, Demo …) among the title words the term did not match: −150 (so "starts with"
 *    becomes the spec's 750). Most imported rows have category 0, so the title is the signal.
 *  - Title words left unmatched after the match: −15 each (at most −45), so "Ocarina of Time" comes
 *    before "Ocarina of Time 3D"; unmatched words before or inside it (a series name before a
 *    subtitle): −2 each (at most −20). Exact matches have no remainder.
 *  - Typos: words match when their edit (optimal string alignment) similarity is ≥ 0.6; the tier is
 *    multiplied by the square of the letter-weighted similarity ("metriod prime" → Metroid Prime
 *    ≈ 840, below any exact or starts-with match); a whole title of 2+ words with a slip (similarity
 *    ≥ 0.85) scores at least 850, above words inside a longer title ("crysis" typed "crisis" is not
 *    Time Crisis). A word spelt as it sounds ("roblocks" for Roblox, "tail" for Tale: the same soundKey)
 *    matches with similarity 0.8 at least. Numbers never match fuzzily ("halo 2" is not
 *    "halo 3"); the last word of the term may be the start of a title word ("zeld" → Zelda).
 *  - Below 300 the candidate is not shown (text-relevance threshold; value chosen).
 *
 * Category (priority main 10000 … mod 100): −(10000 − priority) / 50, so DLC −180, bundle
 * −190, mod −198, remaster −120, remake −100. Main games rank above their DLC, editions, bundles,
 * mods and seasons with the same title match, yet a DLC typed exactly still comes first.
 *
 * Rating: average user rating (≥ 3 ratings; else IGDB rating with ≥ 5 votes) on a
 * 100 scale ≥ 90 +50, ≥ 80 +30, ≥ 70 +15, < 50 −25.
 * Popularity (weights chosen small so the title decides):
 * 15·log10(1 + user ratings) ≤ 40, 8·log10(1 + IGDB votes) ≤ 20, 1.5 per platform ≤ 15,
 * 5·log10(1 + views) ≤ 15.
 * Recency: released within 1 year +20, within 3 years +10, over 20 years −10.
 * Sequels: a number 2–20 left unmatched in the title, for a term without a number: −20.
 * Series prior (rankCandidates, over the whole candidate set): see seriesPrior.
 *
 * Order: exact matches (title score ≥ 950 without typos) first whatever their bonuses, then by
 * score, then newer first, then id. So the exact title is always first.
 */

export const MIN_TITLE_SCORE = 300;

export const TITLE_TIERS = {
  exact: 1000,
  exactCompact: 990,
  exactNumerals: 980,
  withoutArticle: 950,
  startsWith: 900,
  partExact: 880,
  partStartsWith: 850,
  contains: 800,
  inOrder: 700,
  anyOrder: 650,
  partial: 500,
} as const;

export const EDITION_PENALTY = 150;
/** Below the same match with one more trailing word: the first game before its sequels. */
export const SEQUEL_PENALTY = 20;
const ALIAS_FACTOR = 0.98;
const LEADING_WORD_PENALTY = 2;
const MAX_LEADING_WORD_PENALTY = 20;
const TRAILING_WORD_PENALTY = 15;
const MAX_TRAILING_WORD_PENALTY = 45;
/** A typo changes a word's length by at most this much ("bioshock" is not "shock"). */
const MAX_FUZZY_LENGTH_DIFFERENCE = 2;
const FUZZY_MIN_SIMILARITY = 0.6;
const PARTIAL_MIN_SHARE = 0.6;

/** A whole title with one slip (letter-weighted similarity ≥ this) … */
const WHOLE_SLIP_MIN_SIMILARITY = 0.85;
/** … scores at least as a part of a title starting with the term (partStartsWith). */
const WHOLE_SLIP_SCORE = 850;

const ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);

/** Words that mark an edition, a DLC or other extra content (normalised form). */
const EDITION_WORDS: ReadonlySet<string> = new Set([
  "edition",
  "editions",
  "bundle",
  "dlc",
  "pack",
  "pass",
  "goty",
  "soundtrack",
  "ost",
  "demo",
  "trial",
  "beta",
  "collection",
  "trilogy",
  "compilation",
  "anthology",
  "remastered",
  "remaster",
  "definitive",
  "deluxe",
  "upgrade",
  "costume",
  "costumes",
  "outfit",
  "skin",
  "skins",
  "addon",
  "expansion",
  "season",
  "prologue",
  "hd",
  "pal",
  "ntsc",
  "aus",
  "eur",
  // Re-releases and shop / regional variants.
  "substance",
  "subsistence",
  "gh",
  "greatest",
  "hits",
  "platinum",
  "canada",
  "canadian",
  "japan",
  "europe",
  "usa",
  "ce",
  "redux",
  "reloaded",
  "ultimate",
  "enhanced",
  "remake",
  // "Atelier Rorona Plus: …", "Ninja Gaiden Sigma 2 Plus": an enhanced re-release of the game without it.
  "plus",
]);
/** Multi-word markers, checked on the joined remainder. */
const EDITION_PHRASES: readonly string[] = [
  "game of the year",
  "directors cut",
  "add on",
  "2 in 1",
  "3 in 1",
  "players choice",
  "final mix",
];

/** A trailing tag in parentheses ("(GH)", "(Canadian)", "(PAL)(Demo)"): a variant of the untagged game. */
const TRAILING_TAG = /\([^()]*\)\s*$/;
/** Below the same title without the tag, whatever the popularity bonuses. */
export const TAG_PENALTY = 60;

// ---------------------------------------------------------------------------
// Query and title preparation
// ---------------------------------------------------------------------------

export interface RankQuery {
  /** Normalised term ("final fantasy 7"). */
  normalized: string;
  tokens: string[];
  /** Tokens with roman numerals as digits. */
  canon: string[];
  /** Normalised term without spaces. */
  compact: string;
}

/**
 * A title's number words (two to twelve, initialisms.ts) read as their digits: players type "army of 2" for
 * Army of Two, "inazuma 11" for Inazuma Eleven. Titles only: a number word typed stays a word (a term's
 * "six" read as 6 lost a held-out case).
 */
export { NUMBER_WORDS };
/** The number word of a digit 2–12 ("11" → "eleven"). */
export const DIGIT_WORDS: ReadonlyMap<string, string> = new Map([...NUMBER_WORDS].map(([w, d]) => [d, w]));

/** Tokens with roman numerals (and, with `words`, number words) as digits. */
function canonTokens(tokens: readonly string[], words: boolean): string[] {
  return tokens.map((token, index) => {
    if (/^\d+$/.test(token)) return String(Number(token));
    // An ordinal ("3rd", "2nd") is its number: "trails in the sky 3" for "… the 3rd", "mhp3" for "Portable 3rd".
    const ordinal = ordinalNumber(token);
    if (ordinal) return ordinal;
    const spelt = words ? NUMBER_WORDS.get(token) : undefined;
    if (spelt) return spelt;
    const value = romanToArabic(token);
    if (value === null || value > 20) return token;
    // A lone 'i' is usually the pronoun: only the last of two or more words is a numeral.
    if (value === 1 && !(index === tokens.length - 1 && tokens.length >= 2)) return token;
    return String(value);
  });
}

/**
 * Single letters joined by an ampersand, spaced or not ("r&c", "m & l"), or groups of two ("ad&d": Advanced
 * Dungeons & Dragons, round 14): an initialism that keeps the title's "&" ("Ratchet & Clank"). Read as one word with "and" whole ("randc"), the form the
 * initialisms derive for titles holding "&" (initialisms.ts); a title spelt so ("R&C") still matches
 * it joined. Letters only: "3 & 4" are numbers. A number may follow ("j&m2", "c&c 4": the title's number
 * glued to the initialism, as "jandm2" is derived for "Joe & Mac 2").
 */
const AMPERSAND_INITIALS = /(^|[^\p{L}\p{N}])(\p{L}{1,2})\s*&\s*(?=\p{L}{1,2}(?:[^\p{L}]|$))/gu;

/**
 * "Episode" shortened before its number ("ep1", "ep 2", "ep. 3", "episode3", "ep iii"): read "episode 1", the form
 * titles write and the initialisms keep ("sw episode 1: racer", initialisms.ts episodeAliases). Only before a number
 * ("EP" alone is a word of its own), a roman one apart ("epix" is no "ep ix").
 */
const EPISODE_SHORT = /(^|[^\p{L}\p{N}])(?:ep\.?|episode)(?:\s*(\d{1,2})|\.?\s+([ivx]{1,4}))(?![\p{L}\p{N}])/giu;

/**
 * The matching form of a sanitised search term; null when nothing searchable is left. `ampersands: false` leaves
 * letters around "&" apart (the last resort's reading when the joined one finds nothing: "bt&dd").
 */
export function prepareQuery(term: string, ampersands = true): RankQuery | null {
  const joined = ampersands ? term.replace(AMPERSAND_INITIALS, "$1$2and") : term;
  const normalized = normalizeTitle(joined.replace(EPISODE_SHORT, "$1episode $2$3"));
  if (!normalized) return null;
  const tokens = normalized.split(" ");
  return { normalized, tokens, canon: canonTokens(tokens, false), compact: tokens.join("") };
}

/**
 * A term of one word and a number, the word of three letters or more ("bayo 2", "suiko 2", "wiz 2"): the
 * word may be a nickname cutting the series word to its first syllables, so it may match the start of a
 * title word (full text: as a prefix; ranking: as type-ahead), as the term's last word always may. Not
 * before "1": a first game typed with 1 ("sonic 1") is asked without the number, its word the last one.
 */
export function isNicknameCut(query: RankQuery, i: number): boolean {
  return (
    query.tokens.length === 2 &&
    i === 0 &&
    /^[a-z]{3,}$/.test(query.tokens[0]!) &&
    /^\d+$/.test(query.canon[1] ?? "") &&
    query.canon[1] !== "1"
  );
}

/** Shared between searches (titleForm remembers them): read-only. */
interface TitleForm {
  readonly tokens: readonly string[];
  readonly canon: readonly string[];
  /** Token indexes where a part of the title starts (after ':', ' - ', '(' …); always has 0. */
  readonly partStarts: ReadonlySet<number>;
  /** Token index where the part starting at each part start ends (exclusive). */
  readonly partEnd: ReadonlyMap<number, number>;
  readonly isAlias: boolean;
}

// ':' and '|' always split; dashes only with a space on at least one side ("Half-Life" stays one part).
const PART_SEPARATORS = /\s*[:|()[\]]\s*|\s+[-–—]+\s*|\s*[–—]+\s+/;

const FORM_CACHE_SIZE = 20_000;
const formCache = new Map<string, TitleForm | null>();

/**
 * A title (or alternative name) split into words and parts, for matching. Remembered for the most
 * recent 20,000 titles like initialismAliases: the same games come up search after search (type-ahead
 * asks "sup", "supe", "super"), and splitting them was a third of the ranking's time. Forms are shared:
 * callers never change them.
 */
export function titleForm(raw: string, isAlias = false): TitleForm | null {
  const key = (isAlias ? "a" : "t") + raw;
  const known = formCache.get(key);
  if (known !== undefined) return known;
  const form = deriveTitleForm(raw, isAlias);
  if (formCache.size >= FORM_CACHE_SIZE) formCache.delete(formCache.keys().next().value!);
  formCache.set(key, form);
  return form;
}

function deriveTitleForm(raw: string, isAlias: boolean): TitleForm | null {
  const tokens: string[] = [];
  const partStarts = new Set<number>();
  const partEnd = new Map<number, number>();
  for (const part of raw.split(PART_SEPARATORS)) {
    const normalized = normalizeTitle(part);
    if (!normalized) continue;
    const start = tokens.length;
    tokens.push(...normalized.split(" "));
    partStarts.add(start);
    partEnd.set(start, tokens.length);
  }
  if (!tokens.length) return null;
  return { tokens, canon: canonTokens(tokens, true), partStarts, partEnd, isAlias };
}

// ---------------------------------------------------------------------------
// Word similarity
// ---------------------------------------------------------------------------

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] ?? Math.max(m, n);
}

/** 1 − distance / longer length. */
export function editSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - editDistance(a, b) / longer;
}

const HAS_DIGIT = /\d/;

/**
 * A word as it sounds, roughly (English spelling): the key two spellings of one sound share ("roblocks" and
 * "roblox", "kwake" and "quake", "tail" and "tale", "gait" and "gate", "zenogears" and "xenogears"). Letters
 * that spell one sound are made one (ph/f, ck/ch/k/c, c before e/i/y as s, x/ks, qu/kw, z/s, an initial x as z, y/i), a
 * silent "gh" before t and a silent final e go, double letters are one, and a run of vowels keeps its first
 * (ai/a…e: "tail", "tale"; ou/o…e: "souls", "soles"). Null for anything but a–z.
 */
export function soundKey(word: string): string | null {
  const known = soundKeys.get(word);
  if (known !== undefined) return known;
  let key: string | null = null;
  if (/^[a-z]+$/.test(word)) {
    key = word
      .replace(/^x/, "z")
      .replace(/ph/g, "f")
      .replace(/gh(?=t|$)/g, "")
      .replace(/qu/g, "kw")
      .replace(/ck/g, "k")
      .replace(/ch/g, "k")
      .replace(/c(?=[eiy])/g, "s")
      .replace(/c/g, "k")
      .replace(/x/g, "ks")
      .replace(/z/g, "s")
      .replace(/y/g, "i")
      .replace(/(?<=[^aeiou])e(?=s?$)/, "")
      .replace(/([a-z])\1+/g, "$1")
      .replace(/[aeiou]+/g, (v) => v[0]!);
  }
  if (soundKeys.size >= SOUND_KEY_CACHE) soundKeys.delete(soundKeys.keys().next().value!);
  soundKeys.set(word, key);
  return key;
}
const SOUND_KEY_CACHE = 20_000;
const soundKeys = new Map<string, string | null>();

/** A word spelt as another that sounds the same ("roblocks" for Roblox) matches with this similarity. */
export const SOUND_ALIKE_SIMILARITY = 0.8;
/** Words shorter than this are not compared by sound (too many short words share a key). */
const MIN_SOUND_ALIKE_LENGTH = 4;

/** Two different spellings of one sound (soundKey), neither of them short. */
export function soundsTheSame(q: string, t: string): boolean {
  if (Math.min(q.length, t.length) < MIN_SOUND_ALIKE_LENGTH - 1 || q.length < MIN_SOUND_ALIKE_LENGTH || Math.abs(q.length - t.length) > 3)
    return false;
  const key = soundKey(q);
  return key !== null && key === soundKey(t);
}

/** Respellings of a sound, for the dictionary look-up (search.service.server.ts): the same key, one change each. */
const RESPELLINGS: readonly (readonly [string, string])[] = [
  ["cks", "x"],
  ["ks", "x"],
  ["ck", "k"],
  ["c", "k"],
  ["k", "c"],
  ["ch", "k"],
  ["kw", "qu"],
  ["ph", "f"],
  ["z", "x"],
  ["z", "s"],
  ["ight", "ite"],
  ["y", "i"],
  ["ail", "ale"],
  ["ait", "ate"],
  ["oul", "ole"],
];

/**
 * Spellings of a word that sound the same (one rule of RESPELLINGS applied once, either way): "roblocks" →
 * "roblox", "kwake" → "quake", "tail" → "tale". Only those with the word's soundKey.
 */
export function soundAlikeSpellings(word: string): string[] {
  const key = soundKey(word);
  if (!key || word.length < MIN_SOUND_ALIKE_LENGTH) return [];
  const out = new Set<string>();
  for (const [a, b] of RESPELLINGS) {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      for (let i = word.indexOf(from); i >= 0; i = word.indexOf(from, i + 1)) {
        const respelt = word.slice(0, i) + to + word.slice(i + from.length);
        if (respelt !== word && soundKey(respelt) === key) out.add(respelt);
      }
    }
  }
  return [...out];
}

/** How a unit matched: exact letters, numerals converted / spacing joined, or a typo. */
type UnitKind = "exact" | "variant" | "fuzzy" | "prefix";

interface UnitMatch {
  sim: number;
  kind: UnitKind;
}

const NO_MATCH: UnitMatch = { sim: 0, kind: "fuzzy" };

/** Similarity of a query word (or words joined) with a title word (or words joined). */
function wordMatch(q: string, qCanon: string, t: string, tCanon: string, lastQueryWord: boolean, joined: boolean): UnitMatch {
  if (q === t) return { sim: 1, kind: joined ? "variant" : "exact" };
  if (qCanon === tCanon) return { sim: 1, kind: "variant" };
  // A title's year typed short ("05" or "2k5" for 2005): the same number, written otherwise.
  if (HAS_DIGIT.test(q) && yearCuts(t).includes(q)) return { sim: 1, kind: "variant" };
  if (HAS_DIGIT.test(q) || HAS_DIGIT.test(t)) return NO_MATCH;
  // Type-ahead: the last word of the term may be the start of a title word.
  // One letter missing at the end is a typo ("heart" for "hearts"), more is type-ahead.
  if (lastQueryWord && q.length >= 2 && t.startsWith(q))
    return { sim: 0.75 + (0.2 * q.length) / t.length, kind: t.length - q.length > 1 ? "prefix" : "fuzzy" };
  // A short word missing its last letter anywhere in the term ("ax" for Axe, "jo" for Joe, before a number):
  // the type-ahead rule's one-letter typo, for words too short for the edit-distance rule below.
  if (q.length >= 2 && q.length < 4 && t.length === q.length + 1 && t.startsWith(q)) return { sim: editSimilarity(q, t), kind: "fuzzy" };
  // A word spelt as it sounds ("roblocks" for Roblox, "tail" for Tale): at least SOUND_ALIKE_SIMILARITY.
  const sound = soundsTheSame(q, t) ? SOUND_ALIKE_SIMILARITY : 0;
  if (Math.min(q.length, t.length) < 4 || Math.abs(q.length - t.length) > MAX_FUZZY_LENGTH_DIFFERENCE)
    return sound ? { sim: sound, kind: "fuzzy" } : NO_MATCH;
  const sim = Math.max(editSimilarity(q, t), sound);
  return sim >= FUZZY_MIN_SIMILARITY ? { sim, kind: "fuzzy" } : NO_MATCH;
}

// ---------------------------------------------------------------------------
// Alignment of the term with a title
// ---------------------------------------------------------------------------

interface Alignment {
  /** First and (exclusive) last title token matched. */
  start: number;
  end: number;
  /** Letter-weighted similarity 0..1. */
  sim: number;
  variant: boolean;
  /** The last word matched only the start of a title word (type-ahead). */
  prefix: boolean;
  /** Title token indexes consumed. */
  used: Set<number>;
  /** A title article inside the match was left out by the term. */
  skipped?: boolean;
}

interface State {
  score: number;
  variant: boolean;
  prefix: boolean;
  used: number[];
  /** A title article inside the match was skipped ("saint seiya sanctuary" ↔ "Saint Seiya: The Sanctuary"). */
  skipped?: boolean;
}

const MAX_JOIN = 3;

/** A term word standing for the initials of title words in a row (round 15b): its weight counts this much. */
const INITIALS_MATCH: UnitMatch = { sim: 0.9, kind: "variant" };
const MAX_INITIALS = 4;

/** Whether `q` (2–4 letters) is the initials of the title words from `j` on, one word per letter. */
function initialsOf(q: string, tokens: readonly string[], j: number): boolean {
  if (q.length < 2 || q.length > MAX_INITIALS || j + q.length > tokens.length || !/^[a-z]+$/.test(q)) return false;
  for (let x = 0; x < q.length; x++) if (tokens[j + x]?.[0] !== q[x] || !/^[a-z]/.test(tokens[j + x] ?? "")) return false;
  return true;
}

/**
 * Contiguous alignments of all query tokens with title tokens from `start`: one query word to one
 * title word, several query words joined to one title word ("half life" ↔ "halflife") or one query
 * word to several title words joined ("spiderman" ↔ "spider man"). Returns the best alignment for
 * each end position.
 */
function alignFrom(query: RankQuery, title: TitleForm, start: number, queryFrom: number): Map<number, State> {
  const n = query.tokens.length;
  const m = title.tokens.length;
  const weight = (i: number, k: number) => query.tokens.slice(i, i + k).join("").length;
  // states[i] = map title position → best state after consuming query tokens [queryFrom, i).
  let frontier = new Map<string, { i: number; j: number; s: State }>();
  frontier.set(`${queryFrom}:${start}`, { i: queryFrom, j: start, s: { score: 0, variant: false, prefix: false, used: [] } });
  const finished = new Map<number, State>();
  while (frontier.size) {
    const next = new Map<string, { i: number; j: number; s: State }>();
    for (const { i, j, s } of frontier.values()) {
      if (i === n) {
        const best = finished.get(j);
        if (!best || s.score > best.score) finished.set(j, s);
        continue;
      }
      if (j >= m) continue;
      const options: { di: number; dj: number; match: UnitMatch }[] = [];
      for (let k = 1; k <= MAX_JOIN && i + k <= n; k++) {
        const q = query.tokens.slice(i, i + k).join("");
        const qc = query.canon.slice(i, i + k).join("");
        const last = i + k === n;
        // A nickname's cut word matches the start of one title word, never of words joined ("mario" is no
        // start of "mario kart").
        const cut = k === 1 && isNicknameCut(query, i);
        if (k === 1) {
          for (let l = 1; l <= MAX_JOIN && j + l <= m; l++) {
            const t = title.tokens.slice(j, j + l).join("");
            const tc = title.canon.slice(j, j + l).join("");
            // Type-ahead across title words joined only when the typed word reaches past the first of them
            // ("spiderma" → Spider Man): a word typed whole ("arms") is no start of "arms ds", or a name
            // continued by a short word ("Brothers in Arms DS", "… II") would match as the whole title.
            const typeAhead = l === 1 ? last || cut : last && q.length > (title.tokens[j] ?? "").length;
            options.push({ di: 1, dj: l, match: wordMatch(q, qc, t, tc, typeAhead, l > 1) });
          }
          // A word of the term that is the initials of as many title words in a row ("lego sw 2" ↔ LEGO Star Wars
          // II, "ddr extreme 2"): aligned as those words, a little below them typed whole. Terms of two words
          // or more only (an initialism alone is ranked by the title's initialism aliases).
          if (n >= 2 && initialsOf(q, title.tokens, j)) options.push({ di: 1, dj: q.length, match: INITIALS_MATCH });
        } else {
          const t = title.tokens[j] ?? "";
          const tc = title.canon[j] ?? "";
          options.push({ di: k, dj: 1, match: wordMatch(q, qc, t, tc, last, true) });
        }
      }
      // An article opening a subtitle after the first matched word, which the term leaves out ("Saint Seiya:
      // The Sanctuary" typed 'saint seiya sanctuary'), is skipped: the title's words still follow each other
      // in the term. Only at a part start: inside a name ("Legend of the Dragon") the article is a real word.
      if (
        j > start &&
        i > queryFrom &&
        j + 1 < m &&
        title.partStarts.has(j) &&
        ARTICLES.has(title.tokens[j] ?? "") &&
        !ARTICLES.has(query.tokens[i] ?? "")
      ) {
        const key = `${i}:${j + 1}`;
        const prior = next.get(key);
        if (!prior || prior.s.score < s.score) next.set(key, { i, j: j + 1, s: { ...s, skipped: true } });
      }
      for (const { di, dj, match } of options) {
        if (match.sim <= 0) continue;
        const key = `${i + di}:${j + dj}`;
        const score = s.score + match.sim * weight(i, di);
        const prior = next.get(key);
        if (prior && prior.s.score >= score) continue;
        const used = s.used.slice();
        for (let x = j; x < j + dj; x++) used.push(x);
        next.set(key, {
          i: i + di,
          j: j + dj,
          s: {
            score,
            variant: s.variant || match.kind === "variant",
            prefix: s.prefix || match.kind === "prefix",
            used,
            ...(s.skipped ? { skipped: true } : {}),
          },
        });
      }
    }
    frontier = next;
  }
  return finished;
}

function totalWeight(query: RankQuery, from = 0): number {
  return query.tokens.slice(from).join("").length || 1;
}

/** Best contiguous alignment for each start position. */
function contiguousAlignments(query: RankQuery, title: TitleForm, queryFrom = 0): Alignment[] {
  const out: Alignment[] = [];
  const total = totalWeight(query, queryFrom);
  for (let start = 0; start < title.tokens.length; start++) {
    for (const [end, s] of alignFrom(query, title, start, queryFrom)) {
      out.push({
        start,
        end,
        sim: s.score / total,
        variant: s.variant,
        prefix: s.prefix,
        used: new Set(s.used),
        skipped: s.skipped === true,
      });
    }
  }
  return out;
}

interface LooseMatch {
  inOrder: boolean;
  share: number;
  /** Query words matched (exactly, as a numeral twin or fuzzily). */
  words: number;
  sim: number;
  used: Set<number>;
}

/** The last resort also takes words of 3 letters one edit away ("day gone" → Days Gone, "nfk 97" → NFL '97). */
function shortTypo(q: string, t: string): UnitMatch {
  if (HAS_DIGIT.test(q) || HAS_DIGIT.test(t) || Math.min(q.length, t.length) < 3 || editDistance(q, t) > 1) return NO_MATCH;
  return { sim: editSimilarity(q, t), kind: "fuzzy" };
}

/** Each query word to its best unused title word (single words only). */
function looseMatch(query: RankQuery, title: TitleForm, lenient = false): LooseMatch {
  const used = new Set<number>();
  const total = totalWeight(query);
  let matchedWeight = 0;
  let score = 0;
  let lastIndex = -1;
  let inOrder = true;
  query.tokens.forEach((q, i) => {
    let best = -1;
    let bestSim = 0;
    title.tokens.forEach((t, j) => {
      if (used.has(j)) return;
      let m = wordMatch(q, query.canon[i] ?? q, t, title.canon[j] ?? t, i === query.tokens.length - 1, false);
      if (lenient && m.sim === 0) m = shortTypo(q, t);
      // Prefer the first best match after the previous one, to detect order.
      if (m.sim > bestSim || (m.sim === bestSim && m.sim > 0 && best < lastIndex && j > lastIndex)) {
        best = j;
        bestSim = m.sim;
      }
    });
    if (best >= 0) {
      used.add(best);
      matchedWeight += q.length;
      score += bestSim * q.length;
      if (best < lastIndex) inOrder = false;
      lastIndex = best;
    }
  });
  return { inOrder, share: matchedWeight / total, words: used.size, sim: matchedWeight ? score / matchedWeight : 0, used };
}

function hasEditionWords(title: TitleForm, used: ReadonlySet<number>, query: RankQuery): boolean {
  const queryWords = new Set(query.tokens);
  const rest = title.tokens.filter((t, i) => !used.has(i) && !queryWords.has(t));
  if (rest.some((t) => EDITION_WORDS.has(t))) return true;
  const joined = ` ${rest.join(" ")} `;
  return EDITION_PHRASES.some((p) => joined.includes(` ${p} `) && !query.normalized.includes(p));
}

/**
 * A sequel number (2–20, arabic or roman) among the title words the term did not match, for a term
 * without a number: "lost planet" means Lost Planet, not Lost Planet 2.
 */
function isSequel(title: TitleForm, used: ReadonlySet<number>, query: RankQuery): boolean {
  if (query.canon.some((t) => /^\d+$/.test(t))) return false;
  // "007" is a code name, not a sequel number.
  // A number word ("Army of Two", "Rainbow Six") is part of the name, not a sequel number.
  return title.canon.some(
    (t, i) =>
      !used.has(i) &&
      /^\d+$/.test(t) &&
      !title.tokens[i]?.startsWith("0") &&
      !NUMBER_WORDS.has(title.tokens[i] ?? "") &&
      Number(t) >= 2 &&
      Number(t) <= 20,
  );
}

export interface TitleMatch {
  score: number;
  /** Exact or article-less exact, without typos. */
  exact: boolean;
  /** The term spans the whole title (an exact tier), possibly with typos. */
  whole: boolean;
  /** Matched through an alternative name or an initialism, not the game's own name. */
  alias?: boolean;
  /** Matched through an initialism derived from the title. */
  initialism?: boolean;
}

const NONE: TitleMatch = { score: 0, exact: false, whole: false };

function aliasFlag(title: TitleForm): { alias?: true } {
  return title.isAlias ? { alias: true } : {};
}

/**
 * The term is the title's whole name and a subtitle follows ("baten kaitos" → "Baten Kaitos: Eternal Wings and
 * the Lost Ocean"): the subtitle costs this much however long it is, a little less than one word continuing
 * the name ("Baten Kaitos Origins"). A series' first game is often its name and a long subtitle.
 */
const NAME_THEN_SUBTITLE_PENALTY = 10;

function finish(
  tier: number,
  sim: number,
  title: TitleForm,
  used: ReadonlySet<number>,
  query: RankQuery,
  exact: boolean,
  nameThenSubtitle = false,
): TitleMatch {
  let score = tier * sim * sim;
  if (exact) return { score: title.isAlias ? score * ALIAS_FACTOR : score, exact: sim === 1, whole: true, ...aliasFlag(title) };
  const extra = title.tokens.length - used.size;
  const lastUsed = Math.max(-1, ...used);
  const trailing = title.tokens.length - 1 - lastUsed;
  score -= nameThenSubtitle ? NAME_THEN_SUBTITLE_PENALTY : Math.min(MAX_TRAILING_WORD_PENALTY, trailing * TRAILING_WORD_PENALTY);
  score -= Math.min(MAX_LEADING_WORD_PENALTY, (extra - trailing) * LEADING_WORD_PENALTY);
  if (extra > 0 && hasEditionWords(title, used, query)) score -= EDITION_PENALTY;
  if (extra > 0 && isSequel(title, used, query)) score -= SEQUEL_PENALTY;
  if (title.isAlias) score *= ALIAS_FACTOR;
  return { score, exact: false, whole: false, ...aliasFlag(title) };
}

function better(a: TitleMatch, b: TitleMatch): TitleMatch {
  if (a.exact !== b.exact) return a.exact ? a : b;
  return a.score >= b.score ? a : b;
}

interface PartialRule {
  /** Share of the term's letters a partial match must hold. */
  minShare: number;
  /** A partial match must hold more than half of the term's words. */
  majority: boolean;
}

const STRICT_PARTIAL: PartialRule = { minShare: PARTIAL_MIN_SHARE, majority: false };

/** How well the term matches one title form (see the tiers above). */
export function matchTitle(query: RankQuery, title: TitleForm, partial: PartialRule = STRICT_PARTIAL): TitleMatch {
  let best = NONE;
  const m = title.tokens.length;
  const titleArticle = ARTICLES.has(title.tokens[0] ?? "") && m > 1;
  const queryArticle = ARTICLES.has(query.tokens[0] ?? "") && query.tokens.length > 1;

  const consider = (align: Alignment, termArticleSkipped: boolean) => {
    const { start, end, sim, variant, prefix, used } = align;
    const articleSkipped = termArticleSkipped || align.skipped === true;
    let tier: number;
    let exact = false;
    const startsTitle = start === 0 || (start === 1 && titleArticle);
    if (startsTitle && end === m) {
      exact = true;
      if (start === 1 || articleSkipped) tier = TITLE_TIERS.withoutArticle;
      else if (variant) tier = title.tokens.length === query.tokens.length ? TITLE_TIERS.exactNumerals : TITLE_TIERS.exactCompact;
      else tier = TITLE_TIERS.exact;
    } else if (startsTitle) {
      tier = TITLE_TIERS.startsWith - (start === 1 || articleSkipped ? 10 : 0);
    } else if (title.partStarts.has(start) || (title.partStarts.has(start - 1) && ARTICLES.has(title.tokens[start - 1] ?? ""))) {
      const partStart = title.partStarts.has(start) ? start : start - 1;
      tier = end === title.partEnd.get(partStart) ? TITLE_TIERS.partExact : TITLE_TIERS.partStartsWith;
    } else {
      tier = TITLE_TIERS.contains;
    }
    // The term is the whole name before the title's subtitle (not a type-ahead start of its last word).
    const nameThenSubtitle = startsTitle && !exact && !prefix && end < m && title.partEnd.get(0) === end;
    let found = finish(tier, sim, title, used, query, exact, nameThenSubtitle);
    // A whole title of two or more words typed with a slip ("crisis 2" for Crysis 2) weighs as much as a
    // part of a longer title starting with the typed words, above the words inside a longer title
    // ("Time Crisis II": a typo that lands on another title's word). Titles the words start still win.
    if (exact && !prefix && sim < 1 && sim >= WHOLE_SLIP_MIN_SIMILARITY && query.tokens.length >= 2)
      found = { ...found, score: Math.max(found.score, WHOLE_SLIP_SCORE * (title.isAlias ? ALIAS_FACTOR : 1)) };
    best = better(best, prefix ? { ...found, whole: false } : found);
  };

  for (const align of contiguousAlignments(query, title)) consider(align, false);
  // "the last of us" typed against "Last of Us": match without the term's article.
  if (queryArticle && !titleArticle) {
    const rest = { ...query, tokens: query.tokens, canon: query.canon };
    for (const align of contiguousAlignments(rest, title, 1)) consider(align, true);
  }
  if (best.score > 0) return best;

  const loose = looseMatch(query, title, partial.majority);
  if (loose.share === 1) {
    return finish(loose.inOrder ? TITLE_TIERS.inOrder : TITLE_TIERS.anyOrder, loose.sim, title, loose.used, query, false);
  }
  // A partial match must still contain every number of the term ("halo 3" is not "Halo 2").
  const numbersMatched = query.tokens.every((t, i) => !/^\d+$/.test(t) || title.canon.includes(query.canon[i] ?? t));
  const enoughWords = !partial.majority || loose.words * 2 > query.tokens.length;
  if (loose.share >= partial.minShare && numbersMatched && enoughWords) {
    return finish(TITLE_TIERS.partial * loose.share, loose.sim, title, loose.used, query, false);
  }
  return NONE;
}

// ---------------------------------------------------------------------------
// Whole score
// ---------------------------------------------------------------------------

export interface RankCandidate {
  id: number;
  /** Picks the community-alias entry restricted to this IGDB id (community-aliases.json), where one is. */
  igdbId?: number | null;
  name: string;
  alternativeNames: readonly string[];
  category: number | null;
  releaseYear: number | null;
  releaseDate: string | null;
  ratingCount: number;
  /** Average user rating 1..10, null without ratings. */
  avgUserRating: number | null;
  igdbRating: number | null;
  igdbRatingCount: number | null;
  platformCount: number;
  viewCount: number;
  /** Catalogue facts that make a game more notable (optional: absent counts as unknown). */
  hasDeveloper?: boolean;
  hasDlc?: boolean;
  igdbPopularity?: number | null;
  hasSummary?: boolean;
  genreCount?: number;
  franchiseName?: string | null;
}

export interface ScoreParts {
  title: number;
  exact: boolean;
  /** The term spans the whole title, possibly misspelt. */
  whole: boolean;
  /** Matched through an alternative name or an initialism only. */
  alias: boolean;
  /** Matched through a derived initialism. */
  initialism: boolean;
  category: number;
  rating: number;
  popularity: number;
  recency: number;
  /** Set-level prior (rankCandidates): notability among many similar titles, the first of a series. */
  series: number;
  /** The trailing-tag penalty taken from `title` ("(PAL)", "(GH)"): it survives the crowd's title cap. */
  tag: number;
  total: number;
}

export function categoryAdjustment(category: number | null): number {
  return Math.round((categoryPriority(category) - 10000) / 50);
}

/** Rating bonus on a 0..100 scale. */
export function ratingAdjustment(c: Pick<RankCandidate, "ratingCount" | "avgUserRating" | "igdbRating" | "igdbRatingCount">): number {
  let value: number | null = null;
  if (c.ratingCount >= 3 && c.avgUserRating !== null) value = c.avgUserRating * 10;
  else if (c.igdbRating !== null && (c.igdbRatingCount ?? 0) >= 5) value = c.igdbRating;
  if (value === null) return 0;
  if (value >= 90) return 50;
  if (value >= 80) return 30;
  if (value >= 70) return 15;
  if (value < 50) return -25;
  return 0;
}

export function popularityBonus(
  c: Pick<RankCandidate, "ratingCount" | "igdbRatingCount" | "platformCount" | "viewCount"> &
    Partial<Pick<RankCandidate, "hasDeveloper" | "hasDlc" | "igdbPopularity" | "releaseYear">>,
): number {
  return (
    Math.min(40, 15 * Math.log10(1 + c.ratingCount)) +
    Math.min(20, 8 * Math.log10(1 + (c.igdbRatingCount ?? 0))) +
    Math.min(15, 1.5 * c.platformCount) +
    Math.min(15, 5 * Math.log10(1 + c.viewCount)) +
    notabilityBonus(c)
  );
}

/**
 * A weak prior from what the catalogue knows about a game (at most 25, below the 100 between title
 * tiers): IGDB hypes / follows / popularity, being the parent of DLC, a known developer and year.
 * It breaks ties between similar titles; it never beats a better title match.
 */
export function notabilityBonus(c: Partial<Pick<RankCandidate, "hasDeveloper" | "hasDlc" | "igdbPopularity" | "releaseYear">>): number {
  return (
    Math.min(10, 4 * Math.log10(1 + Math.max(0, c.igdbPopularity ?? 0))) +
    (c.hasDlc ? 8 : 0) +
    (c.hasDeveloper ? 4 : 0) +
    (c.releaseYear ? 3 : 0)
  );
}

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

function releaseTime(c: Pick<RankCandidate, "releaseDate" | "releaseYear">): number | null {
  if (c.releaseDate) {
    const t = Date.parse(c.releaseDate);
    if (Number.isFinite(t)) return t;
  }
  if (c.releaseYear) return Date.UTC(c.releaseYear, 6, 1);
  return null;
}

export function recencyAdjustment(c: Pick<RankCandidate, "releaseDate" | "releaseYear">, now: Date): number {
  const t = releaseTime(c);
  if (t === null) return 0;
  const age = Math.abs(now.getTime() - t) / YEAR_MS;
  if (now.getTime() - t < -YEAR_MS) return 0; // announced far ahead: no bonus
  if (age <= 1) return 20;
  if (age <= 3) return 10;
  if (now.getTime() - t > 20 * YEAR_MS) return -10;
  return 0;
}

/**
 * A reviewed community alias (community-aliases.json: "sly 4", "mk9") counts less than real words and
 * more than a derived initialism: typed whole it scores 872, below a subtitle typed whole (880), above an
 * exact derived initialism (833); it takes no part in the reach penalty among shared initialisms.
 */
export const COMMUNITY_FACTOR = 0.89;

/** The best match of the term with the title's community aliases, when better than `match`. */
function communityMatch(query: RankQuery, c: Pick<RankCandidate, "name" | "igdbId">, match: TitleMatch): TitleMatch {
  let best = match;
  for (const alias of communityAliases(c.name, c.igdbId)) {
    const form = titleForm(alias, true);
    if (!form) continue;
    const m = matchTitle(query, form);
    if (m.score * COMMUNITY_FACTOR > best.score && !best.exact)
      best = { score: m.score * COMMUNITY_FACTOR, exact: false, whole: m.whole, alias: true, initialism: false };
  }
  return best;
}

/** An initialism counts less than real words: an exact initialism (850) is below a subtitle typed whole (880). */
export const INITIALISM_FACTOR = 0.85;
/** Initialisms are tried only when the words themselves match less well than this. */
const INITIALISM_BELOW = TITLE_TIERS.startsWith * INITIALISM_FACTOR;
const MAX_INITIALISM_FORMS = 3;

/**
 * The best match of the term with the title's initialism aliases, when better than `match`. Only
 * aliases holding one of the term's words that the title itself lacks are aligned (the cost is per alias).
 */
function initialismMatch(query: RankQuery, name: string, match: TitleMatch): TitleMatch {
  return aliasInitialismMatch(query, name, initialismAliases(name), match, INITIALISM_FACTOR, true);
}

/**
 * An initialism of the title without its possessive brand ("gr2", "scb": Tom Clancy's Ghost Recon 2, Tom
 * Clancy's Splinter Cell: Blacklist) counts this much of a title's own initialism: players leave the brand out,
 * but letters that are another game's own initialism name that game ("ps2": Phantasy Star II before Tony
 * Hawk's Pro Skater 2). Typed whole it scores 765, below an exact initialism (850), above a title missing a
 * typed word. It takes no part in the reach penalty among shared initialisms.
 */
export const BRAND_FACTOR = 0.9;

function brandMatch(query: RankQuery, name: string, match: TitleMatch): TitleMatch {
  const aliases = brandAliases(name);
  return aliases.length ? aliasInitialismMatch(query, name, aliases, match, INITIALISM_FACTOR * BRAND_FACTOR, false) : match;
}

function aliasInitialismMatch(
  query: RankQuery,
  name: string,
  aliases: readonly string[],
  match: TitleMatch,
  factor: number,
  initialism: boolean,
): TitleMatch {
  const own = new Set(normalizeTitle(name).split(" "));
  const wanted = query.tokens.filter((t) => !own.has(t));
  if (!wanted.length) return match;
  const forms: { form: TitleForm; hits: number }[] = [];
  for (const alias of aliases) {
    const form = titleForm(alias, true);
    if (!form || !wanted.some((t) => form.tokens.includes(t))) continue;
    const hits = query.canon.filter((t) => form.canon.includes(t)).length * 100 - form.tokens.length;
    forms.push({ form, hits });
  }
  // Aligning costs; the aliases sharing the most words with the term (then the shortest) are enough.
  forms.sort((a, b) => b.hits - a.hits);
  let best = match;
  for (const { form } of forms.slice(0, MAX_INITIALISM_FORMS)) {
    const m = matchTitle(query, form);
    const score = Math.max(m.score, headMatchScore(query, form));
    // The initialism of the whole title typed whole ("nfs": Need for Speed) names that one game, as a
    // title typed whole does (the crowd's full bonus in seriesPrior).
    const whole = initialism && m.whole && m.score >= score && form.tokens.length === 1;
    if (score * factor > best.score) best = { score: score * factor, exact: false, whole, alias: true, initialism };
  }
  return best;
}

/** Small words a title's initialisms may leave out of the subtitle's letters. */
const SUBTITLE_SMALL_WORDS: ReadonlySet<string> = new Set(["the", "a", "an", "of", "and", "to", "in", "on", "for"]);

/**
 * The name's initials typed before the subtitle's words (round 15b): "kz liberation" for Killzone: Liberation,
 * whose initialisms hold "kzl" — the term's first word and the initials of the subtitle words together are one
 * of the title's own initialisms. Matched as the title with its name written as that word ("kz: liberation"),
 * weighed as an initialism, so it beats a title holding only the subtitle word ("Assassin's Creed III: Liberation").
 */
function headInitialsMatch(query: RankQuery, name: string, match: TitleMatch): TitleMatch {
  if (query.tokens.length < 2) return match;
  const form = titleForm(name);
  const head = form?.partEnd.get(0);
  if (!form || head === undefined || head >= form.tokens.length) return match;
  const first = query.tokens[0] ?? "";
  if (!/^[a-z][a-z0-9]{1,5}$/.test(first) || form.tokens.includes(first)) return match;
  const rest = form.tokens.slice(head);
  const restCanon = form.canon.slice(head);
  const initials = (skipSmall: boolean) =>
    rest.map((t, x) => (/^\d+$/.test(restCanon[x] ?? "") ? restCanon[x] : skipSmall && SUBTITLE_SMALL_WORDS.has(t) ? "" : t[0])).join("");
  const own = new Set(initialismWords(name));
  if (!own.has(first + initials(false)) && !own.has(first + initials(true))) return match;
  const synthetic = titleForm(`${first}: ${rest.join(" ")}`, true);
  if (!synthetic) return match;
  const score = matchTitle(query, synthetic).score * INITIALISM_FACTOR;
  return score > match.score ? { score, exact: false, whole: false, alias: true, initialism: true } : match;
}

/** An initialism standing for the whole name before the subtitle counts one trailing word less than exact. */
const HEAD_INITIALISM_PENALTY = TRAILING_WORD_PENALTY;

/**
 * An initialism alias's first part typed whole ("wc2" for "wc2: tides of darkness"): an initialism names
 * the game by its head, and players leave subtitles out, so "Warcraft II: Tides of Darkness" meets "wc2"
 * almost as well as a title that is nothing but "WC 2"; notability then decides between them.
 */
function headMatchScore(query: RankQuery, form: TitleForm): number {
  const end = form.partEnd.get(0);
  if (end === undefined || end === form.tokens.length || end !== query.tokens.length) return 0;
  // A re-release or edition subtitle ("mgs3: subsistence") keeps its penalty: the original comes first.
  if (hasEditionWords(form, new Set(Array.from({ length: end }, (_, i) => i)), query)) return 0;
  const head = titleForm(form.tokens.slice(0, end).join(" "), true);
  const m = head ? matchTitle(query, head) : NONE;
  return m.whole ? m.score - HEAD_INITIALISM_PENALTY : 0;
}

/** A numberless title matched for "… 1" counts a little less than a title holding the 1. */
const FIRST_GAME_FACTOR = 0.98;

/**
 * The term without a trailing "1" ("sonic 1" → "sonic"), or null: players number the first game of a
 * series that has no number itself.
 */
export function firstGameQuery(query: RankQuery): RankQuery | null {
  const n = query.tokens.length;
  if (n < 2 || query.canon[n - 1] !== "1" || !/^(1|i)$/.test(query.tokens[n - 1] ?? "")) return null;
  const tokens = query.tokens.slice(0, -1);
  return { normalized: tokens.join(" "), tokens, canon: query.canon.slice(0, -1), compact: tokens.join("") };
}

/** A version number ending in ".0" ("Tron 2.0", "Disney Infinity 3.0"). */
const WHOLE_VERSION = /\b(\d+)\.0\b(?!\.)/g;

/**
 * A title whose version number ends in ".0", as players type it: the whole number ("tron 2" for Tron 2.0;
 * normalised, the title's number is "20"). An alternative name's form; null for any other title.
 */
export function versionForm(name: string): TitleForm | null {
  if (!/\d\.0\b/.test(name)) return null;
  const whole = name.replace(WHOLE_VERSION, "$1");
  return whole === name ? null : titleForm(whole, true);
}

export function scoreCandidate(query: RankQuery, c: RankCandidate, now: Date, opts: RankOptions = {}): ScoreParts {
  let match: TitleMatch = NONE;
  const partial = opts.mostWords ? MOST_WORDS : STRICT_PARTIAL;
  const forms = [titleForm(c.name), ...c.alternativeNames.map((a) => titleForm(a, true)), versionForm(c.name)];
  for (const form of forms) if (form) match = better(match, matchTitle(query, form, partial));
  // "sonic 1", "halo 1": the first game of a series usually has no number.
  const first = firstGameQuery(query);
  if (first) {
    for (const form of forms) {
      if (!form || form.canon.some((t) => /^\d+$/.test(t))) continue;
      const m = matchTitle(first, form, partial);
      match = better(match, { ...m, score: m.score * FIRST_GAME_FACTOR });
    }
  }
  if (match.score < INITIALISM_BELOW) match = initialismMatch(query, c.name, match);
  // The title without its possessive brand ("gr2": Tom Clancy's Ghost Recon 2), below its own initialisms.
  if (match.score < INITIALISM_BELOW * BRAND_FACTOR) match = brandMatch(query, c.name, match);
  if (match.score < INITIALISM_BELOW) match = headInitialsMatch(query, c.name, match);
  match = communityMatch(query, c, match);
  if (opts.mostWords && match.score < MOST_WORDS_MIN_TITLE_SCORE) match = better(match, soundsAlike(query, forms));
  // "Road Rash (GH)" below "Road Rash", unless the term names the tag.
  const tag = TRAILING_TAG.exec(c.name)?.[0];
  let tagPenalty = 0;
  if (
    tag &&
    !match.exact &&
    !normalizeTitle(tag)
      .split(" ")
      .every((w) => !w || query.tokens.includes(w))
  )
    tagPenalty = TAG_PENALTY;
  match = { ...match, score: match.score - tagPenalty };
  const category = categoryAdjustment(c.category);
  const rating = ratingAdjustment(c);
  const popularity = popularityBonus(c);
  const recency = recencyAdjustment(c, now);
  return {
    title: match.score,
    exact: match.exact,
    whole: match.whole,
    alias: Boolean(match.alias),
    initialism: Boolean(match.initialism),
    category,
    rating,
    popularity,
    recency,
    series: 0,
    tag: tagPenalty,
    total: match.score + category + rating + popularity + recency,
  };
}

export interface Ranked<T> {
  candidate: T;
  score: ScoreParts;
}

export interface RankOptions {
  /**
   * The last resort after nothing matched: titles holding most of the term's words (more than half of
   * them, fuzzy matches included, and ≥ 40 % of its letters) are kept, best share first, instead of an
   * empty result. With two words both must match, one of them possibly misspelt: a word that resembles
   * nothing in a title ("zyxwv chronicles") finds no look-alikes.
   */
  mostWords?: boolean;
}

const MOST_WORDS: PartialRule = { minShare: 0.4, majority: true };

/** Whole-title letter similarity the last resort accepts: two or three edits in a title of ten letters. */
const SOUNDS_ALIKE_MIN = 0.65;

/**
 * The last resort's whole-title comparison, spacing left out: a word misspelt by ear ("guitar man" →
 * Gitaroo Man) is more than one edit from its title word, yet the title as a whole is close. Scored
 * as a partial match, 500 × similarity², so any title holding most of the words as typed comes first.
 */
function soundsAlike(query: RankQuery, forms: readonly (TitleForm | null)[]): TitleMatch {
  let best = NONE;
  const typed = withoutArticle(query.tokens);
  for (const form of forms) {
    if (!form) continue;
    // A leading article on either side is left out, as the title tiers do ("bards tail" → The Bard's Tale).
    for (const compact of withoutArticle(form.tokens)) {
      for (const term of typed) {
        if (Math.abs(compact.length - term.length) > term.length / 3) continue;
        const sim = editSimilarity(term, compact);
        if (sim >= SOUNDS_ALIKE_MIN && TITLE_TIERS.partial * sim * sim > best.score)
          best = { score: TITLE_TIERS.partial * sim * sim, exact: false, whole: false, ...aliasFlag(form) };
      }
    }
  }
  return best;
}

/** Words joined without spaces, and without a leading article when there is one and more words follow. */
function withoutArticle(tokens: readonly string[]): string[] {
  const whole = tokens.join("");
  return tokens.length > 1 && ARTICLES.has(tokens[0] ?? "") ? [whole, tokens.slice(1).join("")] : [whole];
}
const MOST_WORDS_MIN_TITLE_SCORE = 150;

/**
 * How complete the catalogue's record of a game is, 0..1: summary, genres, developer, year, series,
 * DLC, platforms. A catalogue describes its notable games fully and lists minor ones by name.
 */
export function completeness(
  c: Partial<
    Pick<RankCandidate, "hasSummary" | "genreCount" | "hasDeveloper" | "releaseYear" | "franchiseName" | "hasDlc" | "platformCount">
  >,
): number {
  return (
    (c.hasSummary ? 0.2 : 0) +
    ((c.genreCount ?? 0) > 0 ? 0.1 : 0) +
    (c.hasDeveloper ? 0.15 : 0) +
    (c.releaseYear ? 0.1 : 0) +
    (c.franchiseName ? 0.1 : 0) +
    (c.hasDlc ? 0.1 : 0) +
    Math.min(0.25, 0.025 * (c.platformCount ?? 0))
  );
}

/** A title holding every word of the term (any order or better, before remainder penalties). */
const FULL_MATCH_TITLE = 600;
/** With this many full matches the term names a series or a character rather than one game. */
const CROWDED_AT = 8;
/** Weight of completeness among a crowd: enough to lift a famous game over minor titles one tier up. */
const CROWD_WEIGHT = 130;
/** The earliest notable full match: players naming a series or an entry mean the original. */
const FIRST_OF_SERIES_BONUS = 70;
/** In a crowd, starting the title or a part of it counts no more than holding the words contiguously. */
const CROWD_TITLE_CAP = TITLE_TIERS.contains;
/** A record this complete counts as a notable game for the first-of-series bonus. */
const NOTABLE_COMPLETENESS = 0.3;

/**
 * The prior that needs the whole candidate set. When many titles hold every word (a series or a
 * character name: "zelda"), title tiers say little (starts with / contains are all the same series),
 * so complete records get up to 130 over bare ones (a title typed whole, typos at most, gets the full
 * 130; with two words or more its typo costs nothing), and starting the title counts no more than
 * containing the words; a trailing tag still costs its penalty. A title that two or more others of the
 * crowd extend ("Crash Bandicoot" → "Crash Bandicoot 2: …", "Crash Bandicoot: Warped") is the family's
 * head: +60. And among two or more full matches with a complete record (completeness ≥ 0.3) and a year,
 * the earliest gets +70 — the earliest family head when there is one, else the earliest game matched by
 * its own name: players naming a series or an entry mean the original, and an original comes before its
 * re-releases.
 * Without a crowd, the titles matching about as well as the best one get up to 40 for a complete record
 * (nearTieNotability), and games sharing an initialism are weighed by reach (initialismNotability).
 * Exact titles are ordered first anyway; other partial matches get nothing.
 */
function seriesPrior<T extends RankCandidate>(scored: { candidate: T; score: ScoreParts }[], query: RankQuery): void {
  const full = scored.filter((r) => !r.score.exact && r.score.title >= FULL_MATCH_TITLE);
  const heads = familyHeads(full.filter((r) => !r.score.alias).map((r) => r.candidate.name));
  if (full.length >= CROWDED_AT) {
    for (const r of full) {
      // A title typed whole (a typo at most: "kingdom haerts") names one game: the crowd's best bonus;
      // with two words or more ("fantasy star") its title counts as much as one typed without a typo.
      if (r.score.whole && (r.score.title >= CROWD_TITLE_CAP || query.tokens.length >= 2))
        r.score.series += CROWD_WEIGHT + Math.max(0, CROWD_TITLE_CAP - r.score.title);
      else r.score.series += CROWD_WEIGHT * completeness(r.candidate) - Math.max(0, r.score.title + r.score.tag - CROWD_TITLE_CAP);
      // The title other titles of the crowd extend ("Crash Bandicoot" → "Crash Bandicoot 2…", "Forza
      // Motorsport" → "Forza Motorsport 6"): the original its sequels are named after.
      if (heads.has(r.candidate.name)) r.score.series += FAMILY_HEAD_BONUS;
    }
  } else nearTieNotability(scored.filter((r) => !r.score.exact));
  const notable = full.filter((r) => !r.score.whole && r.candidate.releaseYear && completeness(r.candidate) >= NOTABLE_COMPLETENESS);
  if (notable.length >= 2) {
    // The first of the family heads when there are any, else of the games named so (not through an
    // alternative name or initialism) when there are any, else of all.
    const named = notable.filter((r) => !r.score.alias);
    const headed = named.filter((r) => heads.has(r.candidate.name));
    const pool = headed.length ? headed : named.length ? named : largestSeries(notable);
    const first = Math.min(...pool.map((r) => r.candidate.releaseYear as number));
    for (const r of pool) if (r.candidate.releaseYear === first) r.score.series += FIRST_OF_SERIES_BONUS;
  }
  initialismNotability(full);
  for (const r of scored) r.score.total += r.score.series;
}

/** Title scores this close are a tie the record's completeness breaks ("tony hawk 2": Pro Skater 2, Underground 2). */
const NEAR_TIE = 25;
const NEAR_TIE_WEIGHT = 40;

/**
 * A few full matches (no crowd) whose titles match about equally well: up to 40 for the complete records
 * among those within 25 of the best title, so the game the catalogue knows well wins a near tie.
 */
function nearTieNotability(rows: readonly { candidate: RankCandidate; score: ScoreParts }[]): void {
  const best = Math.max(...rows.map((r) => r.score.title));
  const close = rows.filter((r) => r.score.title >= best - NEAR_TIE);
  if (close.length < 2) return;
  for (const r of close) r.score.series += NEAR_TIE_WEIGHT * completeness(r.candidate);
}

/**
 * Games matched only through aliases may be unrelated games sharing an initialism ("tf2": Team
 * Fortress 2, Thunder Force II, Titanfall 2): the earliest of them is no series' original. All of them
 * when two or more share the first word of their names ("gta": the Grand Theft Auto games), else none.
 */
function largestSeries<T extends { candidate: RankCandidate }>(rows: readonly T[]): T[] {
  const firstWords = new Set(rows.map((r) => normalizeTitle(r.candidate.name).split(" ")[0] ?? ""));
  return firstWords.size < rows.length ? [...rows] : [];
}

/** Weight of reach among games sharing an initialism: the notable one is the one players abbreviate. */
const INITIALISM_REACH_WEIGHT = 2;
/** Being part of a known series counts as this much reach. */
const SERIES_REACH = 5;

/**
 * Among two or more full matches through a derived initialism ("wc2": Warcraft II and WE CHEER 2), the
 * title says nothing about which game is meant, and players abbreviate the games they talk about: each
 * loses twice its reach short of the widest-reaching one. Reach is what the issue lists as notability —
 * the popularity bonus (ratings, IGDB votes and popularity, platforms, views, DLC, developer, year) plus
 * 5 for a series — and not how long the record's summary is. Only a penalty, so no initialism rises
 * above a match of real words.
 */
function initialismNotability(full: readonly { candidate: RankCandidate; score: ScoreParts }[]): void {
  const shared = full.filter((r) => r.score.initialism);
  if (shared.length < 2) return;
  const reach = (r: { candidate: RankCandidate; score: ScoreParts }) => r.score.popularity + (r.candidate.franchiseName ? SERIES_REACH : 0);
  const most = Math.max(...shared.map(reach));
  // The series' namesake among them ("Need for Speed" for "nfs", which "Need for Speed: Underground" and
  // others extend) is what the bare initialism names: it loses nothing, however thin its record.
  const heads = familyHeads(shared.map((r) => r.candidate.name));
  for (const r of shared) if (!heads.has(r.candidate.name)) r.score.series -= INITIALISM_REACH_WEIGHT * (most - reach(r));
}

/** Other titles starting with a title (then a space, ':' or '-') that make it a family's head. */
const FAMILY_MIN_MEMBERS = 2;
/** The head of a family of titles in a crowd: its sequels and subtitles are named after it. */
const FAMILY_HEAD_BONUS = 60;

/** Names that at least two other names of the set start with, followed by a word boundary. */
export function familyHeads(names: readonly string[]): Set<string> {
  const keys = names.map((n) => ({ name: n, key: normalizeTitle(n) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const heads = new Set<string>();
  for (let i = 0; i < keys.length; i++) {
    const { name, key } = keys[i]!;
    if (!key || TRAILING_TAG.test(name)) continue;
    let members = 0;
    // Sorted: the names extending `key` follow it directly.
    for (let j = i + 1; j < keys.length && keys[j]!.key.startsWith(key); j++) {
      const member = keys[j]!;
      // A tagged variant ("Crash Bandicoot (PAL)") is the same game, not a family member.
      if (member.key.charAt(key.length) === " " && normalizeTitle(member.name.replace(TRAILING_TAG, "")) !== key) members++;
    }
    if (members >= FAMILY_MIN_MEMBERS) heads.add(name);
  }
  return heads;
}

/** A year written the 2K way: "2k" (2000) or "2k5", "2k10". */
const TWO_K_YEAR = /^2k\d{0,2}$/;
/** What a title matching a typed 2K year only as its four digits loses when another title writes it so. */
const YEAR_WRITTEN_OTHERWISE_PENALTY = 200;

/**
 * A year typed the 2K way is how 2K-branded titles write it ("nhl 2k5": ESPN NHL 2K5), and a title's year
 * typed so is the same year written otherwise (yearCuts: "tempest 2k" → Tempest 2000). When a candidate's
 * title holds the typed word itself, the others (NHL 2005: the term read as its exact title) come after it:
 * no longer exact, 200 less.
 */
function yearAsWritten(scored: readonly { candidate: RankCandidate; score: ScoreParts }[], query: RankQuery): void {
  const codes = query.tokens.filter((t) => TWO_K_YEAR.test(t));
  if (!codes.length) return;
  const writes = (r: { candidate: RankCandidate }) => {
    const words = new Set(normalizeTitle(r.candidate.name).split(" "));
    return codes.every((c) => words.has(c));
  };
  if (!scored.some(writes)) return;
  for (const r of scored) {
    if (writes(r)) continue;
    r.score.exact = false;
    r.score.total -= YEAR_WRITTEN_OTHERWISE_PENALTY;
  }
}

/** Scores, drops candidates below the relevance threshold, sorts best first. */
export function rankCandidates<T extends RankCandidate>(
  query: RankQuery,
  candidates: readonly T[],
  now = new Date(),
  opts: RankOptions = {},
): Ranked<T>[] {
  const threshold = opts.mostWords ? MOST_WORDS_MIN_TITLE_SCORE : MIN_TITLE_SCORE;
  const scored = candidates
    .map((candidate) => ({ candidate, score: scoreCandidate(query, candidate, now, opts) }))
    .filter((r) => r.score.title >= threshold);
  seriesPrior(scored, query);
  yearAsWritten(scored, query);
  return scored
    .map((r) => ({ ...r, time: releaseTime(r.candidate) ?? 0 }))
    .sort(
      (a, b) =>
        Number(b.score.exact) - Number(a.score.exact) ||
        b.score.total - a.score.total ||
        b.time - a.time ||
        a.candidate.id - b.candidate.id,
    )
    .map(({ candidate, score }) => ({ candidate, score }));
}

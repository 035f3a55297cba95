import { normalizeTitle } from "../../app/lib/search-text";
import type { Rng } from "../../scripts/synthetic/prng";

/**
 * Queries one step away from a stored title, the way players miss: one edit in a word, one edit in
 * every word, or one run of words typed as its initialism. Search must never come back empty for
 * them (near-miss.ts counts the empty ones).
 *
 * - typo-one-word:   one word of 3+ letters (not a roman numeral) with one edit ("metal gear sloid")
 * - typo-every-word: every word of 3+ letters with one edit, when there are two or more
 * - initialism:      the words before a colon (or the whole title) as initials, numerals kept, spaced
 *                    and glued ("rdr 2", "rdr2", "sotc", "ff x", "ffx"); three characters or more
 * - initialism-head: the words before a colon as initials, numerals dropped, then the subtitle
 *                    ("tes skyrim", "gta san andreas")
 * - initialism-subtitle: a subtitle of three or more words, no numbers, as initials ("botw", "kotor")
 * Trailing tags in parentheses ("(PAL)", "(GH)") are left out of the queries.
 */

export const NEAR_MISS_KINDS = ["typo-one-word", "typo-every-word", "initialism", "initialism-head", "initialism-subtitle"] as const;
export type NearMissKind = (typeof NEAR_MISS_KINDS)[number];

export interface NearMissQuery {
  q: string;
  title: string;
  kind: NearMissKind;
}

const KEYBOARD_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
/** Letters next to each letter on a QWERTY keyboard (same row), the usual substitution typo. */
const NEIGHBOURS: ReadonlyMap<string, string> = new Map(
  KEYBOARD_ROWS.flatMap((row) => [...row].map((ch, i) => [ch, (row[i - 1] ?? "") + (row[i + 1] ?? "")] as const)),
);

/** Kept whole in an initialism: numbers, roman numerals and tokens with digits ("p7", "2k17"). */
const NUMERAL = /^([ivx]+|\p{L}*\d[\p{L}\d]*)$/u;
/** Shorter pure initialisms ("tp", "dw") match too many titles to ask anything of. */
const MIN_INITIALISM_LENGTH = 3;
/** Trailing region / shop / edition tags ("(PAL)", "(GH)"): players do not type them. */
const TRAILING_TAGS = /(\s*\([^)]*\))+\s*$/;
const MIN_EDITED_LENGTH = 3;

/** One deletion, adjacent swap, neighbouring-key substitution or doubled letter; never the word itself. */
export function oneEdit(word: string, rng: Rng): string {
  for (let attempt = 0; attempt < 12; attempt++) {
    const i = rng.int(0, word.length - 1);
    const ch = word[i] ?? "";
    let out = word;
    switch (rng.int(0, 3)) {
      case 0:
        out = word.slice(0, i) + word.slice(i + 1);
        break;
      case 1:
        if (i + 1 < word.length) out = word.slice(0, i) + word[i + 1] + ch + word.slice(i + 2);
        break;
      case 2: {
        const near = NEIGHBOURS.get(ch);
        if (near) out = word.slice(0, i) + rng.pick([...near]) + word.slice(i + 1);
        break;
      }
      default:
        out = word.slice(0, i) + ch + word.slice(i);
    }
    if (out !== word && out.length > 0) return out;
  }
  return word.slice(1);
}

/** Words of 3+ letters; not roman numerals, whose one-edit twins are other titles or noise ("xii" → "xi"). */
function editable(word: string): boolean {
  return word.length >= MIN_EDITED_LENGTH && /^[a-z]+$/.test(word) && !/^[ivx]+$/.test(word);
}

/** Words for initials: hyphens and slashes split words ("Counter-Strike" → counter, strike). */
function initialWords(part: string): string[] {
  return part
    .split(/[\s\-–—/]+/)
    .map((w) => normalizeTitle(w))
    .filter(Boolean);
}

const initials = (words: readonly string[]) => words.map((w) => (NUMERAL.test(w) ? w : w[0])).join("");

/** Every near-miss query for one title (typos drawn from `rng`), without repeats or the title itself. */
export function nearMissQueries(title: string, rng: Rng): NearMissQuery[] {
  const typed = title.replace(TRAILING_TAGS, "") || title;
  const normalized = normalizeTitle(typed);
  const out = new Map<string, NearMissQuery>();
  const add = (q: string, kind: NearMissKind) => {
    const clean = q.replace(/\s+/g, " ").trim();
    if (clean && clean !== normalized && clean !== normalizeTitle(title) && !out.has(clean)) out.set(clean, { q: clean, title, kind });
  };

  const words = normalized.split(" ");
  const editableAt = words.flatMap((w, i) => (editable(w) ? [i] : []));
  if (editableAt.length) {
    const i = rng.pick(editableAt);
    add(words.map((w, j) => (j === i ? oneEdit(w, rng) : w)).join(" "), "typo-one-word");
  }
  if (editableAt.length >= 2) add(words.map((w) => (editable(w) ? oneEdit(w, rng) : w)).join(" "), "typo-every-word");

  const [head = "", ...rest] = typed.split(/\s*(?::|\s[-–—]\s)\s*/);
  const subtitle = rest.join(" ");
  const headWords = initialWords(head);
  const lettersOnly = headWords.filter((w) => !NUMERAL.test(w));
  if (lettersOnly.length >= 2) {
    if (initials(headWords).length >= MIN_INITIALISM_LENGTH) {
      add(headWords.map((w) => (NUMERAL.test(w) ? ` ${w} ` : w[0])).join(""), "initialism");
      if (headWords.length > lettersOnly.length) add(initials(headWords), "initialism");
    }
    if (subtitle) add(`${initials(lettersOnly)} ${normalizeTitle(subtitle)}`, "initialism-head");
  }
  const subtitleWords = initialWords(subtitle);
  if (subtitleWords.length >= 2 && !subtitleWords.some((w) => NUMERAL.test(w)) && subtitleWords.length >= MIN_INITIALISM_LENGTH) {
    add(initials(subtitleWords), "initialism-subtitle");
  }
  return [...out.values()];
}

/** Search-term sanitising and title normalisation for matching. */

export const MAX_SEARCH_TERM_LENGTH = 100;

const FORBIDDEN_CHARS = /['"`\\;()%_]/g;
const SQL_COMMENT_MARKERS = /--|\/\*|\*\//g;
// Control characters other than whitespace (whitespace is collapsed separately).
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Removes quotes (' " `), backslash, semicolon, parentheses, percent, underscore and SQL comment
 * markers (--, /*, *\/), collapses whitespace, trims and cuts to 100 characters.
 * Non-strings give ''.
 */
export function sanitizeSearchTerm(raw: unknown): string {
  if (typeof raw !== "string") return "";
  let text = raw.replace(CONTROL_CHARS, "").replace(FORBIDDEN_CHARS, "");
  // Repeat: removing one marker can join characters into a new one ('-/**/-' → '--').
  let previous: string;
  do {
    previous = text;
    text = text.replace(SQL_COMMENT_MARKERS, "");
  } while (text !== previous);
  text = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(text);
  if (chars.length > MAX_SEARCH_TERM_LENGTH) {
    text = chars.slice(0, MAX_SEARCH_TERM_LENGTH).join("").trimEnd();
  }
  return text;
}

// Accent marks of Latin, Greek and Cyrillic letters (after NFD). Other scripts' marks, such as
// Japanese voicing marks (ジ → シ + ゛), are meaningful and kept (recomposed with NFC at the end).
const LATIN_DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

// Letters NFD does not decompose.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/**
 * Matching form of a title: lowercase, accents stripped, '&' → 'and', everything that is not a
 * letter, digit or space removed ("Assassin's" → "assassins", "Half-Life" → "halflife"),
 * whitespace collapsed and trimmed. Idempotent.
 */
export function normalizeTitle(value: string | null | undefined): string {
  if (typeof value !== "string") return "";
  return value
    .normalize("NFD")
    .replace(LATIN_DIACRITICS, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{M}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .normalize("NFC");
}

/** normalizeTitle without spaces ("Half-Life 2" → "halflife2"). */
export function compactTitle(value: string | null | undefined): string {
  return normalizeTitle(value).replace(/\s+/g, "");
}

// ---------------------------------------------------------------------------
// Roman numerals (1 to 30)
// ---------------------------------------------------------------------------

export const MAX_ROMAN = 30;

const ROMAN_PARTS: readonly (readonly [number, string])[] = [
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** 1..30 → 'I'..'XXX' (uppercase); null outside that range or for non-integers. */
export function arabicToRoman(value: number): string | null {
  if (!Number.isInteger(value) || value < 1 || value > MAX_ROMAN) return null;
  let rest = value;
  let out = "";
  for (const [amount, symbol] of ROMAN_PARTS) {
    while (rest >= amount) {
      out += symbol;
      rest -= amount;
    }
  }
  return out;
}

const ROMAN_TO_ARABIC: ReadonlyMap<string, number> = new Map(
  Array.from({ length: MAX_ROMAN }, (_, i) => [arabicToRoman(i + 1)?.toLowerCase() ?? "", i + 1] as const),
);

/** Canonical numerals 'I'..'XXX' (any case) → 1..30; null otherwise ('IIII', 'IC', 'XL' …). */
export function romanToArabic(value: string): number | null {
  if (typeof value !== "string") return null;
  return ROMAN_TO_ARABIC.get(value.trim().toLowerCase()) ?? null;
}

/** Numbers converted by numeralVariants (numerals ii..xx and digits 1..20). */
const VARIANT_MAX = 20;
const ARABIC_TOKEN = /^[1-9]\d?$/;

function romanTokenToArabic(token: string, index: number, tokens: readonly string[]): string | null {
  const value = ROMAN_TO_ARABIC.get(token);
  if (value === undefined || value > VARIANT_MAX) return null;
  // 'i' is usually the pronoun: only a trailing 'i' after at least one other word is a numeral.
  if (value === 1 && !(index === tokens.length - 1 && tokens.length >= 2)) return null;
  return String(value);
}

function arabicTokenToRoman(token: string): string | null {
  if (!ARABIC_TOKEN.test(token)) return null;
  const value = Number(token);
  if (value > VARIANT_MAX) return null;
  return arabicToRoman(value)?.toLowerCase() ?? null;
}

/**
 * Spelling variants for numbered titles. The input is normalised first (normalizeTitle), then:
 * [normalised, with standalone roman numerals ii..xx as digits, with digits 1..20 as numerals],
 * de-duplicated (the normalised form always first). A lone 'i' is only read as 1 when it is the
 * last of two or more words ("rocky i" → "rocky 1", but "i am setsuna" stays).
 *
 * "final fantasy vii" → ["final fantasy vii", "final fantasy 7"]
 * "doom 3"            → ["doom 3", "doom iii"]
 */
export function numeralVariants(value: string): string[] {
  const normalized = normalizeTitle(value);
  if (normalized === "") return [];
  const tokens = normalized.split(" ");
  const toArabic = tokens.map((token, index) => romanTokenToArabic(token, index, tokens) ?? token).join(" ");
  const toRoman = tokens.map((token) => arabicTokenToRoman(token) ?? token).join(" ");
  return Array.from(new Set([normalized, toArabic, toRoman]));
}

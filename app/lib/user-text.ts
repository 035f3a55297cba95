/**
 * Text a member types that others see (names, bios, reviews, comments): the characters that could
 * make it read as something it is not. Policy in docs/decisions/024-invisible-and-direction-characters.md.
 *
 * - Direction controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069) reorder the
 *   text after them, up to the end of the paragraph: in a name shown inline ("<name> liked your
 *   review", a page title) that is the rest of the line. Nobody types them; right-to-left letters
 *   need none (the browser orders them itself). Removed from every text.
 * - Other invisible characters (zero-width space, word joiner, byte order mark, Hangul fillers,
 *   left/right marks...) let a name look like another or look empty. Removed from names; long texts
 *   keep the ones that have a use in writing (zero-width joiners in Persian, Indic scripts and emoji,
 *   the zero-width space as a line-break hint in Thai, the direction marks in Hebrew and Arabic).
 * - Control characters (NUL, escape...) carry nothing visible and NUL cannot be stored.
 * Isomorphic: the forms use the same rules before sending.
 */

/** Direction embeddings, overrides and isolates. */
const DIRECTION_CONTROLS = "\\u202A-\\u202E\\u2066-\\u2069";
/** Deprecated format characters, the byte order mark and interlinear annotation marks. */
const STRAY_FORMAT = "\\u206A-\\u206F\\uFEFF\\uFFF9-\\uFFFB";
/** Control characters other than tab and line feed (carriage returns are turned into line feeds first). */
const CONTROLS = "\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F";

const LONG_TEXT_REMOVED = new RegExp(`[${DIRECTION_CONTROLS}${STRAY_FORMAT}${CONTROLS}]`, "gu");

/**
 * Invisible in a name: every default-ignorable code point (zero-width space, joiners, direction
 * marks, soft hyphen, Hangul fillers, variation selectors, tags...) except those an emoji needs to
 * draw: zero-width joiner and non-joiner, the text/emoji presentation selectors, and the tag
 * characters of a subdivision flag (they follow U+1F3F4, the black flag). (No lookbehind: older
 * Safari cannot parse one, and this module reaches the browser.)
 */
const NAME_INVISIBLE = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|(?![\u200C\u200D\uFE0E\uFE0F])\p{Default_Ignorable_Code_Point}/gu;
const NAME_ALSO_REMOVED = new RegExp(`[${DIRECTION_CONTROLS}${STRAY_FORMAT}]`, "gu");

/** Something one can see: a letter, digit, punctuation mark or symbol (the blank Braille cell is none). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const BLANK_LOOKALIKES = /[\u2800\u3164\u115F\u1160\uFFA0]/gu;

/** True when the text shows at least one character (not only spaces, marks or invisible characters). */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(text.replace(BLANK_LOOKALIKES, ""));
}

/**
 * A long text (bio, review, comment) as stored: line breaks as \n, direction controls, stray format
 * characters and control characters removed. Right-to-left text and the joiners and marks that
 * writing uses stay.
 */
export function cleanLongText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(LONG_TEXT_REMOVED, "");
}

/**
 * A name as stored: invisible and direction characters removed, every run of white space (line and
 * paragraph separators too) one space, no space at either end. Control characters are left for the
 * caller's rule to refuse.
 */
export function cleanName(text: string): string {
  return text
    .replace(NAME_INVISIBLE, (_, flag: string | undefined) => flag ?? "")
    .replace(NAME_ALSO_REMOVED, "")
    .replace(/\s+/gu, " ")
    .trim();
}

import { arabicToRoman, normalizeTitle, romanToArabic } from "~/lib/search-text";
import { communityAliases } from "./community-aliases";

/**
 * Initialisms players type, derived from a title itself (no list of games): of the words before a
 * colon or a number ("mgs 2", "rdr2", "ffx", "tes skyrim"), of leading words ("fe awakening"), of the
 * words before a number inside a long prefix ("kotor 2"), of a subtitle ("botw", "ttyd") and of the
 * whole title ("tlou", "csgo", "ssbm"); each with and without small words. Hyphens split words
 * ("hl2"), numbers stay whole ("l4d2", "sm64"), a numeral after the initialism is glued both as typed
 * and converted ("ffx", "ff10"); a compound word gives both halves' initials ("bf4", "swbf").
 *
 * `initialismAliases` gives whole alternative titles for the ranking (the initialism in place of the
 * words); `initialismWords` the initialisms alone, stored in search_aliases so full text finds them.
 */

const SMALL_WORDS: ReadonlySet<string> = new Set(["of", "the", "a", "an", "and", "to", "in", "on", "for", "at", "no"]);
const PART_SEPARATORS = /\s*[:|()[\]]\s*|\s+[-–—]+\s*|\s*[–—]+\s+/;
const MAX_ALIASES = 24;

function words(part: string): string[] {
  return part
    .replace(/['’]/g, "")
    .split(/[\s\-–—/.]+/)
    .map((w) => normalizeTitle(w))
    .filter(Boolean)
    .flatMap((w) => w.split(" "));
}

/** An ordinal's number ("3rd" → "3", "2nd" → "2", "11th" → "11"), or null (a normalised word). */
export function ordinalNumber(word: string): string | null {
  const m = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  return m && Number(m[1]) > 0 ? String(Number(m[1])) : null;
}

function isNumeral(word: string, index: number): boolean {
  if (/^\d+$/.test(word)) return true;
  // A crossover's letter X ("Project X Zone"), in the derivation that reads it as a letter.
  if (crossX && word === "x") return false;
  const v = romanToArabic(word);
  return index > 0 && v !== null && v <= 20 && !(v === 1 && word === "i");
}

/**
 * A word's part of an initialism: numbers, roman numerals and words holding a digit stay whole
 * ("Final Fantasy XIII" is "ffxiii", never "ffx"; "Super Mario 3D World" is "sm3dw"), else the initial.
 */
function letterOf(w: string, i: number): string {
  if (keepAnd && w === "and") return w;
  return isNumeral(w, i) || /\d/.test(w) ? w : w[0]!;
}

/**
 * Words that game titles glue into one ("Battlefield", "Fallout", "StarCraft", "Killzone"): players
 * initial both halves ("bf4", "fo4", "sc2", "kz2", "bfbc2"). A title word counts as such a compound
 * when it is two of these, each of three letters or more. English words, not titles: the list names
 * no game, and a word not split keeps its one initial.
 */
const COMPOUND_PARTS: ReadonlySet<string> = new Set(
  (
    "battle field front star craft war frame fall out over watch border land lands kill zone titan " +
    "hearth stone blood borne bio shock home dead light fire storm night day mind heart gold golden eye " +
    "world wide last black smith break down sun moon dark side earth worm snow board under ground coming " +
    "keeper walker runner hunter master " +
    // Round 12: more halves of compounds titles coin ("Fireteam", "Xenoverse", "Hyperdimension", "Cyberpunk").
    "team verse xeno hyper dimension cyber punk " +
    // Round 14: "Xenosaga" (xs), "WrestleMania" (wm).
    "saga wrestle mania"
  ).split(" "),
);
const MIN_COMPOUND_PART = 3;

/**
 * Words the title itself writes in camel case ("TimeSplitters", "LittleBigPlanet", "SoulCalibur"):
 * lowercased word → the initials of its capitalised pieces ("ts", "lbp", "sc"). Only the title's own
 * casing decides, so every word split is one the title shows, whatever dictionary the parts are in.
 */
export function camelCaseWords(title: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of title.split(/[^\p{L}\p{N}']+/u)) {
    const word = raw.replace(/['’]/g, "");
    // A capital after a lower-case letter and followed by one starts a piece: "TimeSplitters", not "NieR" or "DmC".
    const pieces = word.split(/(?<=\p{Ll})(?=\p{Lu}\p{Ll})/u);
    if (pieces.length < 2 || pieces.some((p) => p.length < 2)) continue;
    out.set(normalizeTitle(word), pieces.map((p) => normalizeTitle(p)[0] ?? "").join(""));
  }
  return out;
}

/**
 * Words a title writes in capitals at the end of a part, after other words: a platform or edition tag
 * ("Harvest Moon DS", "Sonic Adventure DX: Director's Cut", "Earthworm Jim HD"). Players keep the tag
 * whole after the initialism ("hmds", "sadx"), as they keep numbers whole. A title in capitals throughout
 * has none (its casing says nothing).
 */
export function trailingTagWords(title: string): Set<string> {
  const out = new Set<string>();
  if (!/[A-Z]{2}/.test(title) || !/\p{Ll}/u.test(title)) return out;
  for (const part of title.split(PART_SEPARATORS)) {
    const ws = part.trim().split(/\s+/);
    // A tag written after a symbol is the tag all the same (round 15: "Tokyo Mirage Sessions ♯FE" → "tmsfe").
    const last = (ws[ws.length - 1] ?? "").replace(/^[^\p{L}\p{N}]+(?=[A-Z]{2,3}$)/u, "");
    if (ws.length >= 2 && /^[A-Z]{2,3}$/.test(last) && romanToArabic(last.toLowerCase()) === null) out.add(last.toLowerCase());
    // Round 15: a long word in capitals closing a part after words that are not ("BlazBlue: Continuum Shift EXTEND").
    else if (ws.length >= 3 && /^[A-Z]{4,8}$/.test(last) && ws.slice(0, -1).every((w) => /\p{Ll}/u.test(w))) out.add(last.toLowerCase());
  }
  return out;
}

/**
 * Words a title writes in capitals inside a part, between other words: an abbreviation of its own ("Konami GB
 * Collection", "Metal Gear Solid VR Missions"). Players keep it whole in the initialism ("kgbc"), as a trailing tag.
 * Not a roman numeral, not "VS" (a crossover's join), none in a title in capitals throughout.
 */
export function innerCapsWords(title: string): Set<string> {
  const out = new Set<string>();
  if (!/[A-Z]{2}/.test(title) || !/\p{Ll}/u.test(title)) return out;
  for (const part of title.split(PART_SEPARATORS)) {
    const ws = part.trim().split(/\s+/);
    for (const w of ws.slice(1, -1))
      if (/^[A-Z]{2,3}$/.test(w) && w !== "VS" && romanToArabic(w.toLowerCase()) === null) out.add(w.toLowerCase());
  }
  return out;
}

/** The title being derived: its inner capitals words (set by deriveAliases, read by initials). */
let capsWords: ReadonlySet<string> = new Set();

/** The title being derived, read as a crossover: its lone capital X is a letter (set by deriveAliases). */
let crossX = false;
/** The title being derived, with its ampersand kept: "&" gives "and" whole (set by deriveAliases). */
let keepAnd = false;

/** The title being derived: its camel-case words (set by deriveAliases, read by compoundInitials). */
let camelWords: ReadonlyMap<string, string> = new Map();
/** The title being derived: its trailing tag words (set by deriveAliases, read by initials). */
let tagWords: ReadonlySet<string> = new Set();

/** The initials of a compound word's halves ("battlefield" → "bf", "timesplitters" → "ts"), or null. */
function compoundInitials(w: string): string | null {
  const camel = camelWords.get(w);
  if (camel) return camel;
  if (!/^[a-z]+$/.test(w) || w.length < 2 * MIN_COMPOUND_PART) return null;
  for (let cut = MIN_COMPOUND_PART; cut <= w.length - MIN_COMPOUND_PART; cut++) {
    if (COMPOUND_PARTS.has(w.slice(0, cut)) && COMPOUND_PARTS.has(w.slice(cut))) return w[0]! + w[cut]!;
  }
  return null;
}

/** A word's part of an initialism with a compound word's two initials ("battlefield" → "bf"). */
function compoundLetterOf(w: string, i: number): string {
  return (!isNumeral(w, i) && compoundInitials(w)) || letterOf(w, i);
}

/**
 * Number words two to twelve and their digits. Players type "army of 2" for Army of Two and "t2t" for The
 * Two Thrones, as they type "ff7" for VII. ("one" is left out: a pronoun as often as a number.)
 */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"].map((w, i) => [w, String(i + 2)]),
);

/**
 * Initials of the words (numbers whole), with and without small words; 2+ characters. With a
 * compound word, also with its two initials ("swb" and "swbf" for Star Wars Battlefront); with a number
 * word, also with its digit ("t2t": The Two Thrones, "ds9": Deep Space Nine).
 */
function initials(ws: readonly string[]): string[] {
  const out = new Set<string>();
  const content = ws.filter((w) => !SMALL_WORDS.has(w));
  const compound = ws.some((w, i) => !isNumeral(w, i) && compoundInitials(w));
  const letters = compound ? [letterOf, compoundLetterOf] : [letterOf];
  if (ws.some((w) => NUMBER_WORDS.has(w))) letters.push((w, i) => NUMBER_WORDS.get(w) ?? (compound ? compoundLetterOf : letterOf)(w, i));
  // "Deluxe" written DX, as players and many titles write it ("nsmbudx": New Super Mario Bros. U Deluxe).
  if (ws.length >= 2 && ws.includes("deluxe"))
    letters.push((w, i) => (w === "deluxe" ? "dx" : (compound ? compoundLetterOf : letterOf)(w, i)));
  // A word in capitals inside the name kept whole ("kgbc": Konami GB Collection), after the plain initials.
  if (ws.some((w, i) => i > 0 && i < ws.length - 1 && capsWords.has(w)))
    letters.push((w, i) => (i > 0 && i < ws.length - 1 && capsWords.has(w) ? w : (compound ? compoundLetterOf : letterOf)(w, i)));
  // A trailing tag kept whole ("hmds"), after the plain initials.
  if (ws.length >= 2 && tagWords.has(ws[ws.length - 1]!))
    letters.push((w, i) => (i === ws.length - 1 ? w : (compound ? compoundLetterOf : letterOf)(w, i)));
  // The small words kept but "and" left out, with an article right after it: "homm" (Heroes of Might and
  // Magic), "hpcos" (Harry Potter and the Chamber of Secrets), "hpootp" (… and the Order of the Phoenix).
  const and = ws.indexOf("and");
  const withoutAnd = and > 0 ? ws.filter((w, i) => w !== "and" && !(ARTICLES.has(w) && ws[i - 1] === "and")) : [];
  for (const letter of letters) {
    const all = ws.map(letter).join("");
    if (ws.length >= 2 && all.length >= 2) out.add(all);
    if (content.length >= 2) out.add(content.map(letter).join(""));
    if (withoutAnd.length >= 3 && withoutAnd.length > content.length) out.add(withoutAnd.map(letter).join(""));
  }
  return [...out];
}

/**
 * A subtitle's initials glued after a numbered name ("ssf4ae"); a one-word subtitle gives its initial
 * ("ac3l": Assassin's Creed III: Liberation), or a compound word's two ("…: Underworld" → "uw"). With
 * `lone`, only the initial of a subtitle's first word (after an article), the subtitle having several
 * ("p3d": Persona 3: Dancing in Moonlight).
 */
function subtitleInitials(part: readonly string[], lone = false): string[] {
  if (lone) {
    const first = part[0] && ARTICLES.has(part[0]) ? part[1] : part[0];
    return part.length >= 2 && first && /^[a-z]{3,}$/.test(first) && !EDITION_WORDS.has(part[part.length - 1]!) ? [first[0]!] : [];
  }
  const out = initials(part);
  const word = part.length === 1 ? part[0]! : "";
  if (/^[a-z]{3,}$/.test(word) && !isNumeral(word, 1)) out.push(compoundInitials(word) ?? word[0]!);
  return out;
}

/** Words marking an edition or a bundle: a subtitle holding one is no name of its own. */
const EDITION_WORDS: ReadonlySet<string> = new Set([
  "edition",
  "editions",
  "remastered",
  "collection",
  "deluxe",
  "definitive",
  "bundle",
  "pack",
]);

/**
 * A long word's first syllable as players cut it ("civilization" → "civ", "budokai" → "bud",
 * "revelations" → "rev"): up to the first consonant after the first vowels; null for a short word or a
 * cut under three letters.
 */
export function firstSyllable(word: string): string | null {
  if (word.length < 6 || !/^[a-z]+$/.test(word)) return null;
  const clip = /^[^aeiouy]*[aeiouy]+[^aeiouy]/.exec(word)?.[0];
  return clip && clip.length >= 3 && word.length - clip.length >= 3 ? clip : null;
}

/**
 * Words closing a subtitle that mark a remaster or a platform release ("Twilight Princess HD", "Modern
 * Warfare Remastered", "The Mercenaries 3D"): players type the subtitle's initials, then the tag whole
 * ("tp hd"). Besides the title's own capitalised tags (trailingTagWords).
 */
const RELEASE_TAGS: ReadonlySet<string> = new Set(["hd", "3d", "dx", "remastered", "remaster", "redux", "reloaded"]);

/** Leading articles a player leaves out of an initialism ("boir": The Binding of Isaac: Rebirth). */
const ARTICLES: ReadonlySet<string> = new Set(["the", "a", "an"]);

function numeralForms(word: string): string[] {
  const out = new Set([word]);
  // A number with a leading zero ("05": a year cut short, "Ace Combat 04") has no roman twin.
  if (/^0\d/.test(word)) return [word];
  if (/^\d+$/.test(word)) {
    const r = arabicToRoman(Number(word));
    if (r) out.add(r.toLowerCase());
  } else {
    const v = romanToArabic(word);
    if (v !== null) out.add(String(v));
  }
  return [...out];
}

function parts(title: string): string[][] {
  return title
    .split(PART_SEPARATORS)
    .map(words)
    .filter((p) => p.length > 0);
}

const cache = new Map<string, string[]>();
const CACHE_SIZE = 5000;

/** initialismAliases, remembered for the most recent titles (the same games come up search after search). */
export function initialismAliases(title: string): string[] {
  let out = cache.get(title);
  if (!out) {
    out = deriveAliases(title);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(title, out);
  }
  return out;
}

/** A year of four digits in a title, 1970–2039 ("Football Manager 2005", "The King of Fighters 2001"). */
const TITLE_YEAR = /\b(?:19[7-9]\d|20[0-3]\d)\b/;

/**
 * How players shorten a title's year: its last two digits ("fm05", "svr 08", "madden 05"), and a year
 * 2000–2009 written with "k" for the thousands ("kof2k1", "ut2k4"; 2000 is "2k": "tempest 2k"). Empty for
 * a word that is no such year.
 */
export function yearCuts(word: string): string[] {
  if (!/^\d{4}$/.test(word) || !TITLE_YEAR.test(word)) return [];
  const n = Number(word);
  const out = [word.slice(2)];
  if (n >= 2000 && n <= 2009) out.push(n === 2000 ? "2k" : `2k${n - 2000}`);
  return out;
}

/** An ordinal number in a title ("3rd", "2nd", "4th"). */
const ORDINAL = /\b(\d{1,2})(?:st|nd|rd|th)\b/i;

/** A remaster's tag written between a name and its number ("Kingdom Hearts HD 1.5 Remix"). */
const TAG_BEFORE_NUMBER = /(?<=\p{L}) (?:HD|DX) (?=\d)/u;

/** A capital X standing as a word between two names: a crossover's letter ("Street Fighter X Tekken"). */
const CROSSOVER_X = /\p{L}\S* X \p{L}/u;

function deriveAliases(title: string): string[] {
  camelWords = camelCaseWords(title);
  tagWords = trailingTagWords(title);
  capsWords = innerCapsWords(title);
  editionApart = new Set();
  try {
    const out = deriveAliasesOf(title);
    const hyphened = /[A-Za-z]-\d/.test(title);
    const crossover = CROSSOVER_X.test(title);
    const ampersand = title.includes("&");
    const year = TITLE_YEAR.exec(title)?.[0];
    const tagBeforeNumber = TAG_BEFORE_NUMBER.test(title);
    const ordinal = ORDINAL.test(title);
    const marker = MARKER_NUMERAL.test(title);
    const innerArticle = withoutInnerArticle(title);
    const pair = ampersandPairAliases(title);
    const brandWord = [...capsBrandAliases(title), ...possessiveWordAliases(title)];
    if (!hyphened && !crossover && !ampersand && !year && !tagBeforeNumber && !ordinal && !marker && !innerArticle && !brandWord.length)
      return withEditionsApart(out);
    // An "&" pair opening a longer name, kept as the pair and the rest's initialisms ("candc ra3: cc"), first: the
    // other readings of such a title fill the capped list with forms nobody types ("cacra3").
    const more = new Set([...pair, ...out].slice(0, MAX_ALIASES));
    const also = (derive: () => string[]) => {
      for (const alias of derive()) if (more.size < MAX_ALIASES) more.add(alias);
    };
    // A letter joined to a number by a hyphen is one word to players ("R-2" → "r2": "kof r2").
    const glued = hyphened ? title.replace(/\b([A-Za-z]{1,2})-(\d{1,2})\b/g, "$1$2") : title;
    if (glued !== title) also(() => deriveAliasesOf(glued));
    // A crossover's X is the letter players type ("pxz": Project X Zone), besides the numeral ten.
    if (crossover) also(() => withFlag("crossX", () => deriveAliasesOf(title)));
    // An ampersand typed in the initialism ("r&c", "m & l": prepareQuery reads them "randc", "mandl").
    if (ampersand) also(() => withFlag("keepAnd", () => deriveAliasesOf(title)));
    // The year cut short, as players write it ("fm05", "svr08", "kof2k1"); after the title's other aliases.
    if (year) for (const cut of yearCuts(year)) also(() => deriveAliasesOf(title.replace(TITLE_YEAR, cut)));
    // A remaster's tag between the name and its version ("Kingdom Hearts HD 2.5 Remix"): players leave it
    // out ("kh 2.5"); after the title's other aliases.
    if (tagBeforeNumber) also(() => deriveAliasesOf(title.replace(new RegExp(TAG_BEFORE_NUMBER.source, "gu"), " ")));
    // An ordinal as its number ("Monster Hunter Portable 3rd" → "mhp3", "mhp3 hd ver" for "… 3rd HD Ver"), after the
    // title's other aliases (those with the ordinal whole, "mhp3rd", stay first).
    if (ordinal) also(() => deriveAliasesOf(title.replace(new RegExp(ORDINAL.source, "gi"), "$1")));
    // A numeral after a marker word as players shorten it ("sw episode 3", "ccc2", "ccc vol 2"): after the title's
    // other aliases.
    if (marker) also(() => markerAliases(title));
    // The name's initials without an article inside it ("rotk2": Romance of the Three Kingdoms II), weighed as a
    // title without its leading article (the article kept as a word before them); after the other aliases.
    if (innerArticle) also(() => deriveAliasesOf(innerArticle).map((a) => `the ${a}`));
    // A leading brand in capitals or a possessive one-word brand kept whole before the rest's initialisms ("wwe wm19",
    // "jojo eoh"); after the other aliases.
    if (brandWord.length) also(() => brandWord);
    return withEditionsApart([...more]);
  } finally {
    camelWords = new Map();
    tagWords = new Set();
    capsWords = new Set();
    editionApart = new Set();
  }
}

/** "Command & Conquer Red Alert 3…", "Wily & Light's Rockboard…": an "&" pair of single words opening a longer name. */
const AMPERSAND_PAIR = /^(\p{L}[\p{L}.]*) & (\p{L}[\p{L}.]*?)(?:['’]s)?\s+(?=[\p{L}\p{N}])/u;

/**
 * Round 15: an "&" pair opening a longer name, without a colon after it ("Command & Conquer Red Alert 3: Commander's
 * Challenge", "Bill & Ted's Excellent Adventure", "ToeJam & Earl III: …"): players type the pair as its letters around
 * "&" ("c&c", read "candc" by prepareQuery; a camel-case word's two: "tj&e"), then the rest's initialisms ("c&c ra3 cc",
 * "b&t ea"), a number right after the pair glued to it ("tj&e3").
 */
export function ampersandPairAliases(title: string): string[] {
  const m = AMPERSAND_PAIR.exec(title);
  if (!m) return [];
  const rest = title.slice(m[0].length);
  const sides = [m[1]!, m[2]!].map((raw) => {
    const w = normalizeTitle(raw.replace(/[.'’]/g, ""));
    const camel = camelCaseWords(raw).get(w);
    return /^[a-z]/.test(w) ? [...new Set([w[0]!, ...(camel ? [camel] : [])])] : [];
  });
  const pairs = sides[0]!.flatMap((a) => sides[1]!.map((b) => `${a}and${b}`));
  if (!pairs.length) return [];
  const ps = parts(rest);
  const lead = ps[0]![0]!;
  const n = numberDigits(lead);
  const out: string[] = [];
  for (const p of pairs) {
    if (n && (ps[0]!.length === 1 || /^\d+$/.test(lead) || romanToArabic(lead) !== null)) {
      // A number right after the pair: glued to it, then the subtitle whole or as its initials.
      const subs = ps[1] ? [ps[1].join(" "), ...initials(ps[1])] : [];
      out.push(`${p}${n}`, ...subs.map((s) => `${p}${n}: ${s}`));
    } else {
      // The shortest of the rest's initialisms (the most abbreviated: "ra3: cc", "ea"), and the rest whole.
      // The shortest of the rest's initialisms (the most abbreviated: "ra3: cc", "ea"; not a "…1" the rest does not
      // hold), the rest whole, and without its leading small words ("mands olympic winter games": "… at the Olympic …").
      const short = deriveAliasesOf(rest)
        .filter((a) => !/1$/.test(a) || /1/.test(rest))
        .sort((x, y) => x.length - y.length)
        .slice(0, 4);
      const whole = ps.map((q) => q.join(" ")).join(": ");
      const start = ps[0]!.findIndex((w) => !SMALL_WORDS.has(w));
      const content = start > 0 ? [[ps[0]!.slice(start).join(" "), ...ps.slice(1).map((q) => q.join(" "))].join(": ")] : [];
      out.push(...short.map((a) => `${p} ${a}`), `${p} ${whole}`, ...content.map((c) => `${p} ${c}`));
    }
    // A possessive pair before an episode marker: the pair is the head ("wandg episode 1", typed 'w&g ep1').
    if (/['’]s\s$/.test(m[0]) && MARKER_NUMERAL.test(title)) out.unshift(...markerAliases(title).filter((a) => a.startsWith(`${p} `)));
  }
  return [...new Set(out)].slice(0, 8);
}

/**
 * Round 15: a brand in capitals opening a title ("WWE WrestleMania XIX", "WWF Road to Wrestlemania"), kept whole
 * before the initialisms of the rest ("wwe wm19", "wwe wmxix"): players type the brand as it is, then the rest's
 * initials. Not a roman numeral, not in a title in capitals throughout.
 */
export function capsBrandAliases(title: string): string[] {
  const m = /^([A-Z]{3,5})\s+(?=\p{Lu})/u.exec(title);
  if (!m || !/\p{Ll}/u.test(title) || romanToArabic(m[1]!.toLowerCase()) !== null) return [];
  const rest = title.slice(m[0].length);
  if (PART_SEPARATORS.test(title.slice(0, m[0].length + 1))) return [];
  const brand = m[1]!.toLowerCase();
  return deriveAliasesOf(rest)
    .filter((a) => /^[a-z\d]+(?=[\s:]|$)/.test(a) && (a.split(/[\s:]/)[0] ?? "").length >= 2)
    .slice(0, 4)
    .map((a) => `${brand} ${a}`);
}

/**
 * Round 15: a one-word possessive brand opening a title (possessiveBrand: "JoJo's Bizarre Adventure: Eyes of Heaven")
 * typed whole without its "s", then the initials of the subtitle, the name after the brand left out ("jojo eoh"). (With
 * the name's initials too, at a title's own weight, it lowered a held-out floor: those are brand aliases,
 * possessiveNameAliases.)
 */
export function possessiveWordAliases(title: string): string[] {
  const m = /^(\p{Lu}\p{L}*)['’]s\s/u.exec(title);
  const b = m && possessiveBrand(title);
  if (!m || !b) return [];
  const word = normalizeTitle(m[1]!);
  const ps = parts(b.rest);
  const out = new Set<string>();
  for (const p of ps.slice(1, 2)) for (const init of initials(p)) if (init.length >= 2) out.add(`${word} ${init}`);
  return [...out].slice(0, 4);
}

/**
 * Round 15: the one-word possessive brand whole before the initials of the name after it ("kirby pl": Kirby's Pinball
 * Land, "jojo ba"); among the brand aliases (brandAliases), weighed below a title's own initialisms.
 */
export function possessiveNameAliases(title: string): string[] {
  const m = /^(\p{Lu}\p{L}*)['’]s\s/u.exec(title);
  const b = m && possessiveBrand(title);
  if (!m || !b) return [];
  const word = normalizeTitle(m[1]!);
  return initials(parts(b.rest)[0] ?? [])
    .filter((init) => init.length >= 2)
    .slice(0, 2)
    .map((init) => `${word} ${init}`);
}

/**
 * A marker word before a numeral ("Star Wars Episode III: Revenge of the Sith", "Capcom Classics Collection Vol. 2",
 * "Back to the Future Part III", "Star Wars: Episode I - Battle for Naboo"): the words before it are the name players
 * abbreviate, the numeral is typed in digits. "Episode" stays a word ("sw episode 3"; "ep3" is read "episode 3" in
 * the term: prepareQuery); the other markers are also left out ("ccc2", "ccc 2", "ccc vol 2"; "Volume" typed "vol").
 */
const MARKER_NUMERAL = /^(.+?)[\s,:–—-]*\b(Episode|Part|Chapter|Vol\.?|Volume)\s+([IVX]{1,4}|\d{1,2})\b[\s,:–—-]*(.*)$/iu;

/** The name's initials and the numeral in digits, the marker as players type it, then the rest whole or as initials. */
export function markerAliases(title: string): string[] {
  const m = MARKER_NUMERAL.exec(title);
  if (!m) return [];
  const name = words(m[1]!);
  const numeral = m[3]!.toLowerCase();
  const n = numeral === "i" ? "1" : numeralForms(numeral).find((f) => /^\d+$/.test(f));
  if (!name.length || !n) return [];
  const marker = normalizeTitle(m[2]!);
  // Every word's initial, small words too ("bttf3", not "bf3": the content initials name other games).
  const heads =
    name.length >= 2
      ? [
          ...new Set([
            name.map(letterOf).join(""),
            name.map(compoundLetterOf).join(""),
            name.map((w, i) => (i > 0 && i < name.length - 1 && capsWords.has(w) ? w : letterOf(w, i))).join(""),
          ]),
        ]
      : [compoundInitials(name[0]!)].filter((h): h is string => Boolean(h));
  // Round 15: a possessive owner opening the name is head enough ("Wallace & Gromit's Grand Adventures, Episode 1" →
  // "wandg episode 1", typed 'w&g ep1'), its "&" read as prepareQuery reads it.
  const owner = /^(.+?)['’]s\s/u.exec(m[1]!)?.[1];
  if (owner) {
    const ow = words(owner);
    if (ow.length >= 2) heads.push(ow.map((w) => (w === "and" ? w : w[0]!)).join(""));
  }
  const sub = parts(m[4]!)[0] ?? [];
  const subs = sub.length ? [sub.join(" "), ...subtitleInitials(sub)] : [];
  const forms = (h: string) =>
    marker === "episode"
      ? // Round 15: also glued to the marker's letter ("swe1: tpm"; "swe1r" below).
        [`${h} episode ${n}`, `${h}e${n}`]
      : [`${h}${n}`, `${h} ${n}`, `${h} ${marker} ${n}`, ...(marker === "volume" ? [`${h} vol ${n}`] : [])];
  const out: string[] = [];
  for (const h of heads) {
    if (h.length < 2) continue;
    for (const base of forms(h)) {
      if (!subs.length) out.push(base);
      for (const s of subs) out.push(`${base}: ${s}`);
    }
    // The episode's letter and number glued to the head and the subtitle's initials ("swe1r": Star Wars Episode I: Racer).
    if (marker === "episode") for (const s of subs.slice(1)) out.push(`${h}e${n}${s}`);
  }
  return out;
}

/**
 * The title with an article inside its name left out, after a small word ("Romance of the Three Kingdoms II" →
 * "Romance of Three Kingdoms II": players say "rotk"), or null: no such article, or a title opening with one (its
 * initials without the leading article are derived already).
 */
export function withoutInnerArticle(title: string): string | null {
  const name = title.split(PART_SEPARATORS)[0] ?? "";
  if (/^(?:the|a|an)\s/i.test(name)) return null;
  const m = /^(\S.*?\s(?:of|and|in|on|for|to|at))\s+the\s+(?=\S)/i.exec(name);
  return m ? m[1] + " " + title.slice(m[0].length) : null;
}

/** Edition initials typed apart ("kof98 um"), gathered while deriving; appended last, within the cap. */
let editionApart = new Set<string>();

function withEditionsApart(aliases: string[]): string[] {
  const out = new Set(aliases);
  for (const alias of editionApart) if (out.size < MAX_ALIASES) out.add(alias);
  return [...out];
}

function withFlag(flag: "crossX" | "keepAnd", derive: () => string[]): string[] {
  if (flag === "crossX") crossX = true;
  else keepAnd = true;
  try {
    return derive();
  } finally {
    crossX = false;
    keepAnd = false;
  }
}

function deriveAliasesOf(title: string): string[] {
  const ps = parts(title);
  const first = ps[0];
  if (!first) return [];
  const rest = ps.slice(1);
  const restText = rest.map((p) => p.join(" "));
  const out = new Set<string>();
  // Aliases added after all the others (the list is capped, and they must not push out a title's main
  // initialisms).
  const later = new Set<string>();
  const add = (head: string[], tail: readonly string[]) => {
    const text = [[...head, ...tail].join(" "), ...restText].filter(Boolean).join(": ");
    if (text) out.add(text);
  };
  // Two names joined by "vs" ("Mortal Kombat vs. DC Universe", "…: Gundam vs. Zeta Gundam"): each side's initials, or
  // a one-word side whole or as its initial, "vs" kept whole ("g vs zg", "bart vs sm"); after the other aliases.
  ps.forEach((p, i) => {
    const v = p.findIndex((w) => w === "vs" || w === "versus");
    if (v < 1 || v === p.length - 1) return;
    const side = (ws: readonly string[]) => (ws.length >= 2 ? initials(ws) : [ws[0]!, ...(/^[a-z]{3,}$/.test(ws[0]!) ? [ws[0]![0]!] : [])]);
    const left = p.slice(0, v);
    const right = p.slice(v + 1);
    for (const a of side(left))
      for (const b of side(right)) {
        if (a === left.join(" ") && b === right.join(" ")) continue;
        const form = `${a} vs ${b}`;
        later.add(ps.map((q, j) => (j === i ? form : q.join(" "))).join(": "));
        if (i > 0) later.add(form);
        else if (rest.length) for (const sub of initials(rest[0]!)) later.add(`${form}: ${sub}`);
      }
  });
  // A name closing with two numbers joined by "&" or "and" ("Final Fantasy I & II: Dawn of Souls", "Dragon Warrior I
  // & II"): the initials glued to the first number, "and", the second, in digits ("ff1&2 dos" is read "ff1 and 2 dos").
  // First of the title's aliases: the other rules read such a name badly ("ffia ii") and fill the capped list.
  for (const pair of numberPairHeads(first)) {
    if (!rest.length) out.add(pair);
    else for (const sub of [restText.join(": "), ...initials(rest[0]!)]) out.add(`${pair}: ${sub}`);
  }
  // The head before a number: the first number ("mgs 2") and the last one ("l4d 2").
  const numerals = first.map((w, i) => (isNumeral(w, i) ? i : -1)).filter((i) => i > 0);
  const cuts = numerals.length ? [...new Set([numerals[0]!, numerals[numerals.length - 1]!])] : [first.length];
  for (const k of cuts) {
    const head = first.slice(0, k);
    const tail = first.slice(k);
    const spans: [number, number][] = [[0, head.length]];
    // Leading words of a plain title: "fe awakening".
    if (!tail.length && !rest.length) for (let b = 2; b < head.length; b++) spans.push([0, b]);
    // A long name inside the head: "star wars kotor 2".
    for (let a = 1; a <= head.length - 3; a++) if (!SMALL_WORDS.has(head[a]!)) spans.push([a, head.length]);
    for (const [a, b] of spans) {
      const inits = initials(head.slice(a, b));
      // One word before a number: its initial glued to the number ("p5", "p4g" for Persona 4 Golden),
      // a compound word's two ("bf4", "fo4").
      if (a === 0 && b === 1 && head.length === 1 && tail.length && head[0]!.length >= 4) {
        inits.push(head[0]![0]!);
        const halves = compoundInitials(head[0]!);
        if (halves) inits.push(halves);
      }
      for (const init of inits) {
        const before = head.slice(0, a);
        if (init.length >= 2) add([...before, init, ...head.slice(b)], tail);
        if (b === head.length && tail.length) {
          const after = tail.slice(1);
          for (const n of numeralForms(tail[0]!)) {
            // A lone initial only with digits ("p5", never "pv").
            if (init.length < 2 && !/^\d+$/.test(n)) continue;
            add([...before, `${init}${n}`], after);
            // The words after the number glued too, digits only: "p4g", "mk8d"; a platform tag whole
            // ("Super Mario 64 DS" → "sm64ds").
            if (/^\d+$/.test(n) && after.length >= 1 && after.length <= 3)
              add([...before, `${init}${n}${after.map((w) => (tagWords.has(w) ? w : letterOf(w, 1))).join("")}`], []);
            // An edition of two or three words after the number, its initials typed apart: "kof98 um" (The King
            // of Fighters '98 Ultimate Match); last of all the title's aliases, where the cap leaves room.
            if (
              /^\d+$/.test(n) &&
              init.length >= 2 &&
              after.length >= 2 &&
              after.length <= 3 &&
              !after.some((w) => SMALL_WORDS.has(w) || /\d/.test(w))
            ) {
              const edition = after.map((w) => letterOf(w, 1)).join("");
              editionApart.add([...before, `${init}${n}`, edition].join(" "));
              editionApart.add([...before, init, n, edition].join(" "));
            }
            // A number closing the name, then the subtitle's initials, glued, digits only: "ssf4ae" (Super
            // Street Fighter IV: Arcade Edition), "kh2fm"; after the other aliases.
            if (/^\d+$/.test(n) && !after.length && rest[0] && init.length >= 2)
              for (const sub of subtitleInitials(rest[0])) later.add([...before, `${init}${n}${sub}`].join(" "));
            // The number, then the first initial of a subtitle of several words ("p4d"-shaped: Persona 3:
            // Dancing in Moonlight → "p3d"; "ac3b"), also after a one-word name's lone initial; after the others.
            if (/^\d+$/.test(n) && !after.length && rest[0])
              for (const sub of subtitleInitials(rest[0], true)) later.add([...before, `${init}${n}${sub}`].join(" "));
          }
          // "tes skyrim": the initialism, then the subtitle, without the number.
          if (restText.length && init.length >= 2) add([...before, init], tail.slice(1));
        }
      }
    }
  }
  const heads = ps.length > 1 ? initials(first) : [];
  const closer = first[first.length - 1]!;
  // A roman numeral closing the name, typed in digits before the subtitle's initials ("ff12: rw").
  const otherNumeralHeads =
    first.length >= 2 && isNumeral(closer, first.length - 1) && !/^\d+$/.test(closer)
      ? heads.flatMap((h) =>
          h.endsWith(closer)
            ? numeralForms(closer).flatMap((n) => (/^\d+$/.test(n) ? [h.slice(0, h.length - closer.length) + n] : []))
            : [],
        )
      : [];
  // A name starting with an article, its initials without it: "kof" (The King of Fighters), "loh".
  const article = first.length >= 3 && ARTICLES.has(first[0]!) ? first[0]! : "";
  const bareHeads = ps.length > 1 && article ? initials(first.slice(1)).filter((h) => h.length >= 2) : [];
  // Subtitles: "the legend of zelda: botw".
  const subtitle = (i: number, init: string, to: Set<string>) => {
    to.add([first.join(" "), ...rest.map((q, j) => (j === i ? init : q.join(" ")))].join(": "));
    // An edition's initials alone ("fe" for "…: Final Edition") name no game.
    if (!rest[i]!.some((w) => EDITION_WORDS.has(w))) to.add(init);
    // Both initialisms: "gta vc" (Grand Theft Auto: Vice City), "mgs pw".
    if (i === 0) for (const h of heads) to.add(`${h}: ${init}`);
    // The name's closing roman numeral in digits too, after the other aliases ("ff12: rw" besides "ffxii: rw").
    if (i === 0) for (const h of otherNumeralHeads) later.add(`${h}: ${init}`);
  };
  // A subtitle's closing numeral both ways ("bo2" and "boii": Black Ops II), added after the others.
  rest.forEach((p, i) => {
    // A subtitle closing with a remaster or platform tag: its other words' initials, then the tag whole
    // ("tp hd", "mw remastered"), alone and after the name; after the other aliases.
    const tag = p[p.length - 1]!;
    if (p.length >= 3 && (RELEASE_TAGS.has(tag) || tagWords.has(tag)))
      for (const init of initials(p.slice(0, -1))) {
        later.add(`${init} ${tag}`);
        // Round 15: glued after the name's initials too ("bbcs extend": BlazBlue: Continuum Shift EXTEND).
        if (i === 0)
          for (const h of first.length >= 2 ? heads : [compoundInitials(first[0]!) ?? ""]) if (h) later.add(`${h}${init} ${tag}`);
        later.add([first.join(" "), ...rest.map((q, j) => (j === i ? `${init} ${tag}` : q.join(" ")))].join(": "));
      }
    // The name's initials without its leading article, then the subtitle's ("kof mi": The King of
    // Fighters: Maximum Impact), the article kept as a word before them, so they weigh as a title
    // without its article does, below the initials with it.
    if (i === 0 && bareHeads.length) for (const h of bareHeads) for (const init of initials(p)) later.add(`${article} ${h}: ${init}`);
    const own = initials(p);
    // A subtitle of one compound word gives its halves' initials ("Underworld" → "uw": "tr uw").
    const halves = p.length === 1 ? compoundInitials(p[0]!) : null;
    if (halves) own.push(halves);
    for (const init of own) subtitle(i, init, out);
    const last = p[p.length - 1]!;
    const closing = p.length >= 2 && isNumeral(last, p.length - 1) ? numeralForms(last) : [];
    for (const init of own) {
      const forms = closing.length && init.endsWith(last) ? closing.map((n) => init.slice(0, init.length - last.length) + n) : [init];
      for (const f of forms) if (!own.includes(f)) subtitle(i, f, later);
    }
    // A subtitle opening with an article, its initials without it and its other small words kept ("The Angel of
    // Darkness" → "aod", "The Battle for Middle-earth II" → "bfme2"), after the name's initials ("tr: the aod",
    // "the lotr: the fotr"): the article stays a word before them, so they weigh as a subtitle typed without its
    // article, below the same letters with it or another title's own initialism. After the other aliases.
    if (p.length >= 3 && ARTICLES.has(p[0]!) && p.slice(2).some((w) => SMALL_WORDS.has(w))) {
      const bare = p.slice(1);
      for (const init of initials(bare)) {
        if (own.includes(init)) continue;
        const forms = closing.length && init.endsWith(last) ? closing.map((n) => init.slice(0, init.length - last.length) + n) : [init];
        for (const f of forms) {
          const sub = `${p[0]} ${f}`;
          later.add([first.join(" "), ...rest.map((q, j) => (j === i ? sub : q.join(" ")))].join(": "));
          if (i === 0) for (const h of heads) later.add(`${h}: ${sub}`);
          if (i === 0) for (const h of bareHeads) later.add(`${article} ${h}: ${sub}`);
        }
      }
    }
  });
  // The whole title's initials across its parts: "csgo", "tlou"; a closing numeral both ways ("swbf2").
  if (ps.length > 1) {
    const flat = ps.flat();
    const last = flat[flat.length - 1]!;
    for (const init of initials(flat)) {
      out.add(init);
      if (isNumeral(last, flat.length - 1) && init.endsWith(last))
        for (const n of numeralForms(last)) out.add(init.slice(0, init.length - last.length) + n);
    }
  }
  // The whole title's initials without its leading article ("boir": The Binding of Isaac: Rebirth,
  // "hotdo"), the article kept as a word before them (a title without its article weighs less).
  if (ps.length > 1 && article) {
    const flat = ps.flat().slice(1);
    for (const init of initials(flat)) later.add(`${article} ${init}`);
  }
  // A series name of two or three words with one word after the first left out, glued to the initials of
  // a numbered subtitle ("nuns2": Naruto [Shippuden]: Ultimate Ninja Storm 2).
  const flatRest = rest.flat();
  const last = flatRest[flatRest.length - 1] ?? "";
  if (first.length >= 2 && first.length <= 3 && flatRest.length >= 2 && isNumeral(last, flatRest.length)) {
    for (let d = 1; d < first.length; d++) {
      if (isNumeral(first[d]!, d) || SMALL_WORDS.has(first[d]!)) continue;
      for (const init of initials([...first.filter((_, i) => i !== d), ...flatRest])) {
        later.add(init);
        if (isNumeral(last, flatRest.length) && init.endsWith(last))
          for (const n of numeralForms(last)) later.add(init.slice(0, init.length - last.length) + n);
      }
    }
  }
  // A long word before a subtitle's closing number cut to its first syllable ("dbz bud 3", "re rev2").
  ps.forEach((p, i) => {
    if (i === 0) return;
    const k = p.length - 1;
    if (k < 1 || !isNumeral(p[k]!, k) || p.slice(0, k).some((w) => /\d/.test(w))) return;
    const clip = firstSyllable(p[k - 1]!);
    if (!clip) return;
    // In a subtitle, after the name's initialisms ("civ 5" alone is a community alias, not a rule: "met 2"
    // for Metroid 2 is nobody's name for it); the number in digits only
    // (a lone roman numeral indexed as a word would match every "2" typed).
    const before = i > 0 ? initials(first).map((h) => `${h}: `) : [];
    const n = numeralForms(p[k]!).find((f) => /^\d+$/.test(f));
    if (n) for (const lead of before) later.add(`${lead}${clip} ${n}`).add(`${lead}${clip}${n}`);
  });
  // A pair title, one series word then two versions of equal length joined by "and" ("Pokémon FireRed and
  // LeafGreen", "Pokémon Black 2 and White 2"): the versions' initials without the series word ("frlg",
  // "b2w2"), and a number both versions close with once, at the end ("bw2"); three characters or more.
  for (const pair of pairInitials(first)) later.add(pair);
  // A title without a number is typed with "1" when it starts a series ("rf1" Red Faction, "bfbc1"
  // Battlefield: Bad Company), glued to the initialism of the name or of the whole title.
  if (!ps.flat().some((w, i) => isNumeral(w, i) || /\d/.test(w) || NUMBER_WORDS.has(w)))
    for (const init of initials(ps.length > 1 ? ps.flat() : first)) if (init.length >= 2) later.add(`${init}1`);
  // An edition subtitle's initials after the numbered name's, the other subtitles left out ("tes4 goty": The Elder
  // Scrolls IV: Oblivion - Game of the Year Edition, "dmc3 se"); its closing "Edition" left out too ("goty").
  rest.forEach((p, i) => {
    if (p.length < 2 || p[p.length - 1] !== "edition") return;
    const eds = new Set([
      p.map((w) => letterOf(w, 1)).join(""),
      p
        .slice(0, -1)
        .map((w) => letterOf(w, 1))
        .join(""),
    ]);
    const leads = [...heads, ...otherNumeralHeads, ...(i > 0 ? initials(rest[0]!) : [])];
    for (const ed of eds) if (ed.length >= 2) for (const h of leads) later.add(`${h} ${ed}`);
  });
  // Round 15: a title of three parts, "Name: Subtitle - Variant" ("The Legend of Zelda: Ocarina of Time - Master Quest",
  // "Killzone: Shadow Fall - Intercept"): the subtitle's initials, then the variant as its initials or whole ("oot: mq",
  // "oot: master quest"), and the same glued after the name's initials ("ksf: intercept", "kzsf: intercept"). The
  // subtitle's initials alone name the plain game too; these name the variant. The first two before the capped list's
  // later aliases (a long title fills it: they must stay), the others after them.
  if (ps.length === 3 && rest[0]!.length >= 2 && !rest[1]!.every((w, i) => isNumeral(w, i + 1) || /^\d+$/.test(w))) {
    const [sub, variant] = [rest[0]!, rest[1]!];
    const subInits = initials(sub).filter((s) => s.length >= 2);
    const variantWhole = variant.join(" ");
    const variantInits = variant.length >= 2 ? initials(variant).filter((v) => v.length >= 2) : [];
    const nameHeads =
      first.length >= 2
        ? heads.filter((h) => h.length >= 2)
        : [first[0]![0]!, compoundInitials(first[0]!) ?? ""].filter((h) => /^[a-z]{1,2}$/.test(h));
    subInits.forEach((s, k) => {
      for (const v of [...variantInits.slice(0, 1), variantWhole]) (k === 0 ? out : later).add(`${s}: ${v}`);
      for (const v of variantInits.slice(1)) later.add(`${s}: ${v}`);
      for (const h of nameHeads) for (const v of [variantWhole, ...variantInits]) later.add(`${h}${s}: ${v}`);
    });
  }
  for (const alias of later) out.add(alias);
  return [...out].slice(0, MAX_ALIASES);
}

/** A number's digits, a roman numeral's (a lone "i" too), or null. */
function numberDigits(word: string): string | null {
  if (/^\d{1,2}$/.test(word)) return String(Number(word));
  const v = romanToArabic(word);
  return v !== null && v <= 20 ? String(v) : null;
}

/** "ff1 and 2", "ff 1 and 2": a name closing with two consecutive numbers joined by "and" (see deriveAliasesOf). */
function numberPairHeads(name: readonly string[]): string[] {
  const k = name.length;
  if (k < 4 || name[k - 2] !== "and") return [];
  const a = numberDigits(name[k - 3]!);
  const b = numberDigits(name[k - 1]!);
  if (!a || !b || Number(b) !== Number(a) + 1) return [];
  const head = name.slice(0, k - 3);
  const inits = head.length >= 2 ? initials(head) : [compoundInitials(head[0]!)].filter((h): h is string => Boolean(h));
  return inits.filter((h) => h.length >= 2).flatMap((h) => [`${h}${a} and ${b}`, `${h} ${a} and ${b}`]);
}

/** The versions of a pair title's name ("pokemon black 2 and white 2" → "b2w2", "bw2"); see deriveAliasesOf. */
function pairInitials(name: readonly string[]): string[] {
  const and = name.indexOf("and");
  const side = and - 1;
  if (side < 1 || side > 2 || name.length !== 2 * side + 2) return [];
  const a = name.slice(1, and);
  const b = name.slice(and + 1);
  if ([...a, ...b].some((w) => SMALL_WORDS.has(w))) return [];
  const out = new Set<string>();
  const glue = (ws: readonly string[]) => ws.map((w, i) => compoundLetterOf(w, i + 1)).join("");
  out.add(glue(a) + glue(b));
  const n = a[a.length - 1]!;
  if (side === 2 && /^\d+$/.test(n) && b[b.length - 1] === n) out.add(glue(a.slice(0, -1)) + glue(b.slice(0, -1)) + n);
  return [...out].filter((p) => p.length >= 3);
}

/**
 * A possessive brand opening a title: one or two capitalised words, the last one possessive ("Tom Clancy's",
 * "Sid Meier's", "Disney's", "Dr. Robotnik's"), before a name of at least two more words ("Ghost Recon 2",
 * "Splinter Cell: Blacklist"). The brand is normalised; `rest` is the title without it. Null for any other
 * title, and when one word (or a number) follows ("Assassin's Creed II", "Tom Clancy's EndWar", "No Man's Sky").
 */
export function possessiveBrand(title: string): { brand: string; rest: string } | null {
  const m = POSSESSIVE_BRAND.exec(title);
  if (!m) return null;
  const rest = title.slice(m[0].length).trim();
  const name = words(rest.split(PART_SEPARATORS)[0] ?? "");
  const content = name.filter((w, i) => !SMALL_WORDS.has(w) && !/\d/.test(w) && !isNumeral(w, i + 1));
  return content.length >= 2 ? { brand: normalizeTitle(m[1]), rest } : null;
}
const POSSESSIVE_BRAND = /^((?:\p{Lu}[\p{L}.]*\s+)?\p{Lu}[\p{L}.]*(?:['’]s|s['’]))\s+/u;
const MAX_BRAND_ALIASES = 12;
const brandCache = new Map<string, string[]>();

/**
 * The initialisms of a title without its possessive brand (possessiveBrand): players leave the brand out
 * ("gr2" for Tom Clancy's Ghost Recon 2, "scb" for Tom Clancy's Splinter Cell: Blacklist, "sc essentials").
 * Kept apart from initialismAliases: the ranking weighs them below a title's own initialisms
 * (search-ranking.ts, brandMatch), so a game whose own initialism the letters are still comes first ("ps2":
 * Phantasy Star II, not Tony Hawk's Pro Skater 2). A lone initialism under three letters ("ps") and a "…1" the
 * title does not hold are left out.
 */
export function brandAliases(title: string): string[] {
  let out = brandCache.get(title);
  if (!out) {
    const b = possessiveBrand(title);
    const own = b ? normalizeTitle(b.rest) : "";
    out = b
      ? [...possessiveNameAliases(title), ...initialismAliases(b.rest)]
          .filter((a) => a !== own && (/[\s:]/.test(a) || a.length >= 3) && !(/1$/.test(a) && !/1/.test(b.rest)))
          .slice(0, MAX_BRAND_ALIASES)
      : [];
    if (brandCache.size >= CACHE_SIZE) brandCache.delete(brandCache.keys().next().value!);
    brandCache.set(title, out);
  }
  return out;
}

/** The initialisms alone (single words), for the full-text index; with those of the title without its brand. */
export function initialismWords(title: string): string[] {
  const out = new Set<string>();
  for (const alias of [...initialismAliases(title), ...brandAliases(title)]) {
    for (const w of normalizeTitle(alias).split(" ")) if (/[a-z]/.test(w) && w.length >= 2) out.add(w);
  }
  const own = new Set(normalizeTitle(title).split(" "));
  // A number the title hyphenates to a word ("XIII-2" is "xiii2" in search_name) is a word of its own
  // too, so "ff13 2" matches every typed word without the lone "2" filling the candidate cap.
  for (const w of words(title)) if (/^\d+$/.test(w)) out.add(w);
  // An ordinal's number too ("3rd" → "3"): "trails in the sky 3" finds "… the 3rd" by full text.
  for (const w of words(title)) {
    const n = ordinalNumber(w);
    if (n) out.add(n);
  }
  // A year's short forms are words of the title too ("madden 05" for Madden NFL 2005, "tempest 2k").
  for (const w of words(title)) for (const cut of yearCuts(w)) out.add(cut);
  return [...out].filter((w) => !own.has(w));
}

/**
 * search_aliases: the normalised alternative names, the reviewed community aliases of the title
 * (community-aliases.json; `igdbId` picks the entry of that record where the file names one), then the
 * title's initialisms, joined with ' | '.
 */
export function searchAliasesOf(name: string, aliases: readonly string[], igdbId?: number | null): string {
  const fields = [...aliases.map(normalizeTitle).filter(Boolean), ...communityAliases(name, igdbId)];
  const inits = initialismWords(name);
  if (inits.length) fields.push(inits.join(" "));
  return fields.join(" | ");
}

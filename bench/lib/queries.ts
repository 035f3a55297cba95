import type { SyntheticGame } from "../../scripts/synthetic/titles";

/**
 * The fixed query mix of bench/search.ts: searches typed the way people type
 * them — exact titles, lowercase, typos, numerals both ways, a subtitle or a
 * part alone, partial words, punctuation and spacing variants. About 30 aim at
 * real games (games-real.jsonl), about 20 at synthetic ones (derived from the
 * deterministic synthetic catalogue, so the same for the same --games/--seed).
 */
export const REAL_QUERIES: readonly string[] = [
  "Final Fantasy VII",
  "final fantasy 7",
  "super mario 64",
  "zelda ocarina",
  "The Legend of Zelda",
  "metriod prime",
  "halflife 2",
  "half life",
  "pac man",
  "spiderman",
  "pokemon red",
  "skyrim",
  "new vegas",
  "gta san andreas",
  "street fighter 2",
  "Street Fighter II",
  "sonic",
  "mario",
  "resident evil iv",
  "castlevania symphony",
  "chrono triger",
  "doom",
  "tetris",
  "goldeneye",
  "metal gear solid",
  "halo",
  "mario kart",
  "grand theft auto",
  "megaman x",
  "ma",
];

function typo(word: string): string {
  // Swap two letters in the middle ("metroid" → "metorid").
  if (word.length < 5) return word;
  const i = Math.floor(word.length / 2);
  return word.slice(0, i) + (word[i + 1] ?? "") + (word[i] ?? "") + word.slice(i + 2);
}

const ROMAN_TO_ARABIC: Record<string, string> = { II: "2", III: "3", IV: "4", V: "5", VI: "6", VII: "7", VIII: "8", IX: "9" };
const ARABIC_TO_ROMAN: Record<string, string> = { 2: "ii", 3: "iii", 4: "iv", 5: "v", 6: "vi", 7: "vii", 8: "viii", 9: "ix" };

/** ~20 queries derived from the synthetic catalogue. */
export function syntheticQueries(games: readonly SyntheticGame[]): string[] {
  const out: string[] = [];
  const from = (fraction: number) => Math.floor(games.length * fraction);
  const find = (fraction: number, test: (g: SyntheticGame) => boolean): SyntheticGame | undefined => {
    for (let i = from(fraction); i < games.length; i++) {
      const g = games[i];
      if (g && test(g)) return g;
    }
    return games.find(test);
  };
  const add = (q: string | undefined) => {
    if (q && !out.includes(q)) out.push(q);
  };

  const roman = find(0.05, (g) => g.category === 0 && / (II|III|IV|V|VI|VII|VIII|IX)$/.test(g.name));
  if (roman) {
    add(roman.name);
    add(roman.name.toLowerCase());
    add(roman.name.replace(/ ([IVX]+)$/, (_, r: string) => ` ${ROMAN_TO_ARABIC[r] ?? r}`).toLowerCase());
  }
  const arabic = find(0.3, (g) => g.category === 0 && / [2-9]$/.test(g.name));
  if (arabic) {
    add(arabic.name);
    add(arabic.name.replace(/ ([2-9])$/, (_, n: string) => ` ${ARABIC_TO_ROMAN[n] ?? n}`).toLowerCase());
  }
  const subtitled = find(0.5, (g) => g.category === 0 && /^[^:]+: [^:]+$/.test(g.name));
  if (subtitled) {
    const [base, sub] = subtitled.name.split(": ");
    add(subtitled.name);
    add(sub?.toLowerCase());
    add(base?.toLowerCase());
  }
  const twoWords = find(0.7, (g) => g.category === 0 && /^[A-Z][a-z]+ [A-Z][a-z]{4,}$/.test(g.name));
  if (twoWords) {
    const [a, b] = twoWords.name.split(" ");
    add(`${a?.toLowerCase()} ${typo(b?.toLowerCase() ?? "")}`);
    add(`${a?.toLowerCase()} ${b?.slice(0, 3).toLowerCase()}`);
    add(`${a}${b}`.toLowerCase());
  }
  const compound = find(0.15, (g) => g.category === 0 && /^[A-Z][a-z]{6,}$/.test(g.name));
  if (compound) add(typo(compound.name.toLowerCase()));
  const dlc = find(0.4, (g) => g.category === 1);
  if (dlc) add(dlc.name.toLowerCase());
  const edition = find(0.6, (g) => g.category === 10 || g.category === 9);
  if (edition) add(edition.name);
  const bundle = find(0.8, (g) => g.category === 3);
  if (bundle) add(bundle.name.toLowerCase());
  const season = find(0.9, (g) => g.category === 7);
  if (season) add(season.name.toLowerCase().replace(/[:-]/g, " ").replace(/\s+/g, " "));
  const sports = find(0.2, (g) => /\d{4}$/.test(g.name));
  if (sports) add(sports.name.toLowerCase());
  const apostrophe = find(0.25, (g) => g.category === 0 && /'s /.test(g.name));
  if (apostrophe) add(apostrophe.name.replace(/'/g, "").toLowerCase());
  const of = find(0.35, (g) => g.category === 0 && / of /.test(g.name) && !g.name.includes(":"));
  if (of) add(of.name.split(" of ")[1]?.toLowerCase());
  add("chrono blade");
  add("star drift 2");
  add("iron saga");
  return out;
}

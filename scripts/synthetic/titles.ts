import { arabicToRoman } from "../../app/lib/search-text";
import { createRng, type Rng } from "./prng";
import {
  ADJECTIVES,
  BUNDLE_PATTERNS,
  COMPOUND_HEADS,
  COMPOUND_TAILS,
  DLC_NAMES,
  EDITIONS,
  FIRST_NAMES,
  GENRE_WEIGHTS,
  GENRES,
  LAST_NAMES,
  MOD_PATTERNS,
  NOUNS,
  PLATFORM_ERAS,
  PLURALS,
  SPINOFFS,
  STUDIO_SUFFIXES,
  STUDIO_WORDS,
  SUBTITLES,
  SYLLABLES_END,
  SYLLABLES_START,
} from "./words";

/**
 * Deterministic synthetic catalogue for benchmarks: franchises with numbered
 * and roman-numeral sequels, subtitles, spin-offs, editions (remasters,
 * expanded editions, remakes), DLC and expansions with their parent, seasons,
 * episodes, mods and bundles, on the platforms of their era, 1980–2026.
 * Same (count, seed) → same games, in the same order; a parent always comes
 * before its DLC. IGDB ids start at SYNTHETIC_IGDB_BASE + 1, far above real ones.
 */

export const SYNTHETIC_IGDB_BASE = 50_000_000;
export const FIRST_YEAR = 1980;
export const LAST_YEAR = 2026;

export interface SyntheticGame {
  igdbId: number;
  name: string;
  /** IGDB category code (0 main game, 1 DLC, 2 expansion, 3 bundle, 5 mod, 6 episode, 7 season, 8 remake, 9 remaster, 10 expanded). */
  category: number;
  parentIgdbId: number | null;
  releaseYear: number;
  releaseDate: string | null;
  platforms: string[];
  genres: string[];
  developer: string;
  publisher: string;
  series: string | null;
  aliases: string[];
  summary: string | null;
}

type Style = "single" | "arabic" | "roman" | "subtitle" | "year";

interface Franchise {
  base: string;
  style: Style;
  mains: number;
  spinoffs: number;
  genres: string[];
  developer: string;
  publisher: string;
  startYear: number;
}

const SPORTS = [
  "Soccer",
  "Hockey",
  "Golf",
  "Tennis",
  "Basketball",
  "Baseball",
  "Football",
  "Snowboarding",
  "Skateboarding",
  "Boxing",
  "Cycling",
  "Volleyball",
];
const SPORT_PREFIX = ["Pro", "World", "Super", "Ultimate", "Total", "Extreme", "International", "Championship"];
const SPORT_SUFFIX = ["Champions", "Tour", "League", "Challenge", "Stars", "Manager", "Legends", "Showdown"];

const SUMMARY_TEMPLATES = [
  "Explore {P} and uncover the secret of the {A} {N}.",
  "Lead {C} across {P} in a desperate fight against the {N}.",
  "Build, trade and conquer your way to the {A} Crown.",
  "A fast-paced journey through the ruins of {P}.",
  "Race against time to stop the {A} {N} before {P} falls.",
  "Gather a party of heroes and face the {N} of {P}.",
  "Master the {N} and climb the ranks of the {A} League.",
];

function place(rng: Rng): string {
  return `${rng.pick(SYLLABLES_START)}${rng.pick(SYLLABLES_END)}`;
}

function plural(noun: string): string {
  return PLURALS[noun] ?? (/(s|x|ch|sh)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);
}

function fill(template: string, rng: Rng, extra: Record<string, string> = {}): string {
  return template
    .replace(/\{(Ns|N|A|P|C|F|T)\}/g, (_, key: string) => {
      if (key in extra) return extra[key] ?? "";
      if (key === "N") return rng.pick(NOUNS);
      if (key === "Ns") return plural(rng.pick(NOUNS));
      if (key === "A") return rng.pick(ADJECTIVES);
      if (key === "P") return place(rng);
      if (key === "C") return rng.pick(FIRST_NAMES);
      return "";
    })
    .replace(/\bA (?=[AEIOU])/g, "An ");
}

export function subtitle(rng: Rng): string {
  return fill(rng.pick(SUBTITLES), rng);
}

function studio(rng: Rng): string {
  return `${rng.pick(STUDIO_WORDS)} ${rng.pick(STUDIO_SUFFIXES)}`;
}

/** A franchise's base title ("Chrono Blade", "Skyreach", "Legends of Veldmoor"). */
export function franchiseBase(rng: Rng): { base: string; sports: boolean } {
  const pattern = rng.weighted([
    ["an", 36],
    ["nn", 10],
    ["compound", 12],
    ["the", 7],
    ["of", 8],
    ["place", 5],
    ["char", 4],
    ["super", 3],
    ["sports", 5],
  ] as const);
  switch (pattern) {
    case "an":
      return { base: `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`, sports: false };
    case "nn": {
      const [a, b] = rng.sample(NOUNS, 2);
      return { base: `${a} ${b}`, sports: false };
    }
    case "compound":
      return { base: `${rng.pick(COMPOUND_HEADS)}${rng.pick(COMPOUND_TAILS)}`, sports: false };
    case "the":
      return { base: `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`, sports: false };
    case "of":
      return { base: `${plural(rng.pick(NOUNS))} of ${place(rng)}`, sports: false };
    case "place":
      return { base: place(rng), sports: false };
    case "char":
      return { base: `${rng.pick(FIRST_NAMES)}'s ${rng.pick(NOUNS)}`, sports: false };
    case "super": {
      const [a, b] = rng.sample(NOUNS, 2);
      return { base: `Super ${a} ${b}`, sports: false };
    }
    case "sports":
      return { base: `${rng.pick(SPORT_PREFIX)} ${rng.pick(SPORTS)} ${rng.pick(SPORT_SUFFIX)}`, sports: true };
  }
}

function startYear(rng: Rng): number {
  // More games in recent years, as in the real catalogue.
  return FIRST_YEAR + Math.floor((LAST_YEAR - FIRST_YEAR + 1) * Math.pow(rng.next(), 0.65));
}

function makeFranchise(rng: Rng, usedBases: Set<string>): Franchise {
  // Mostly distinct franchise names; a few repeats are realistic (and kept).
  let { base, sports } = franchiseBase(rng);
  for (let tries = 0; usedBases.has(base) && tries < 8; tries++) ({ base, sports } = franchiseBase(rng));
  usedBases.add(base);
  const style: Style = sports
    ? "year"
    : rng.weighted([
        ["single", 50],
        ["arabic", 22],
        ["roman", 14],
        ["subtitle", 14],
      ] as const);
  const mains = style === "single" ? 1 : style === "year" ? 2 + rng.geometric(0.2, 12) : 2 + rng.geometric(0.4, 7);
  const spinoffs = style === "single" ? 0 : rng.geometric(0.6, 3);
  const genreList = sports
    ? ["Sport", ...(rng.chance(0.3) ? ["Simulator"] : [])]
    : rng.sample(
        [...new Set(Array.from({ length: 3 }, () => rng.weighted(GENRES.map((g) => [g, GENRE_WEIGHTS[g]] as const))))],
        rng.int(1, 3),
      );
  const developer = studio(rng);
  return {
    base,
    style,
    mains,
    spinoffs,
    genres: genreList,
    developer,
    publisher: rng.chance(0.55) ? developer : studio(rng),
    startYear: startYear(rng),
  };
}

export function platformsFor(rng: Rng, year: number, max = 5): string[] {
  const eligible = PLATFORM_ERAS.filter(([from, to]) => year >= from && year <= to);
  const n = Math.min(eligible.length, 1 + rng.geometric(0.5, max - 1));
  const chosen: string[] = [];
  const pool = [...eligible];
  while (chosen.length < n && pool.length) {
    const name = rng.weighted(pool.map((p) => [p[2], p[3]] as const));
    chosen.push(name);
    pool.splice(
      pool.findIndex((p) => p[2] === name),
      1,
    );
  }
  return chosen;
}

function releaseDate(rng: Rng, year: number): string | null {
  if (rng.chance(0.15)) return null;
  const month = rng.int(1, 12);
  const day = rng.int(1, 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "Chrono Blade III: Dawn of Embers" → "CB3DoE"-style short alias ("CB3"). */
export function acronym(title: string): string | null {
  const words = title.split(/[\s:-]+/).filter(Boolean);
  if (words.length < 2) return null;
  const parts = words.map((w) => (/^\d+$/.test(w) ? w : /^[IVX]+$/.test(w) ? w : (w[0] ?? "").toUpperCase()));
  const out = parts.join("");
  return out.length >= 2 ? out : null;
}

/** Title + edition or DLC suffix: "X - Definitive Edition", "X: Remastered", "X GOTY Edition" (plain space only when `bare`). */
function withSuffix(rng: Rng, title: string, suffix: string, bare: boolean): string {
  const seps: (readonly [string, number])[] = title.includes(":")
    ? [[" - ", 3]]
    : [
        [" - ", 3],
        [": ", 2],
      ];
  if (bare) seps.push([" ", title.includes(":") ? 1 : 4]);
  return `${title}${rng.weighted(seps)}${suffix}`;
}

/** Generates `count` games from `seed`. */
export function* generateGames(count: number, seed: number): Generator<SyntheticGame> {
  const rng = createRng(seed);
  let nextId = SYNTHETIC_IGDB_BASE + 1;
  let emitted = 0;
  const usedBases = new Set<string>();

  while (emitted < count) {
    const f = makeFranchise(rng, usedBases);
    const games: SyntheticGame[] = [];
    const make = (
      g: Omit<SyntheticGame, "igdbId" | "developer" | "publisher" | "series" | "genres" | "aliases" | "summary"> & Partial<SyntheticGame>,
    ) => {
      const full: SyntheticGame = {
        igdbId: nextId++,
        developer: f.developer,
        publisher: f.publisher,
        series: f.mains + f.spinoffs > 1 ? f.base : null,
        genres: f.genres,
        aliases: [],
        summary: null,
        ...g,
      };
      games.push(full);
      return full;
    };

    const usedSubtitles = new Set<string>();
    const freshSubtitle = () => {
      for (let i = 0; i < 5; i++) {
        const s = subtitle(rng);
        if (!usedSubtitles.has(s)) {
          usedSubtitles.add(s);
          return s;
        }
      }
      return subtitle(rng);
    };

    let year = f.startYear;
    const mainTitles: string[] = [];
    const total = f.mains + f.spinoffs;
    const spinoffAt = new Set(
      rng.sample(
        Array.from({ length: Math.max(0, total - 1) }, (_, i) => i + 1),
        f.spinoffs,
      ),
    );
    let number = 0;
    for (let i = 0; i < total && year <= LAST_YEAR; i++) {
      let title: string;
      if (spinoffAt.has(i)) {
        title = `${f.base} ${rng.pick(SPINOFFS)}`;
        if (rng.chance(0.2)) title += `: ${freshSubtitle()}`;
      } else {
        number++;
        switch (f.style) {
          case "single":
            title = rng.chance(0.25) ? `${f.base}: ${freshSubtitle()}` : f.base;
            break;
          case "arabic":
            title = number === 1 ? f.base : `${f.base} ${number}`;
            if (rng.chance(number === 1 ? 0.15 : 0.3)) title += `: ${freshSubtitle()}`;
            break;
          case "roman":
            title = number === 1 ? f.base : `${f.base} ${arabicToRoman(number) ?? number}`;
            if (rng.chance(number === 1 ? 0.15 : 0.35)) title += `: ${freshSubtitle()}`;
            break;
          case "subtitle":
            title = number === 1 && rng.chance(0.5) ? f.base : `${f.base}: ${freshSubtitle()}`;
            break;
          case "year":
            title = `${f.base} ${year}`;
            break;
        }
      }
      if (mainTitles.includes(title)) continue;
      mainTitles.push(title);
      const platforms = platformsFor(rng, year);
      const aliases: string[] = [];
      if (rng.chance(0.05)) {
        const a = acronym(title);
        if (a) aliases.push(a);
      }
      if (rng.chance(0.02)) aliases.push(`${place(rng)} ${rng.pick(NOUNS)}`);
      const main = make({
        name: title,
        category: 0,
        parentIgdbId: null,
        releaseYear: year,
        releaseDate: releaseDate(rng, year),
        platforms,
        aliases,
        summary: rng.chance(0.35)
          ? `${title} is ${/^[aeiou]/i.test(f.genres[0] ?? "") ? "an" : "a"} ${(f.genres[0] ?? "action").toLowerCase()} game by ${f.developer}. ${fill(rng.pick(SUMMARY_TEMPLATES), rng)}`
          : null,
      });

      // Editions: remasters, remakes, expanded editions.
      if (year <= LAST_YEAR - 2 && rng.chance(0.1)) {
        const n = rng.chance(0.2) ? 2 : 1;
        const seen = new Set<string>();
        for (let k = 0; k < n; k++) {
          const [suffix, category] = rng.weighted(EDITIONS.map((e) => [e, e[2]] as const));
          const y = year + rng.int(1, 9);
          if (seen.has(suffix) || y > LAST_YEAR) continue;
          seen.add(suffix);
          make({
            name: withSuffix(rng, title, suffix, true),
            category,
            parentIgdbId: null,
            releaseYear: y,
            releaseDate: releaseDate(rng, y),
            platforms: platformsFor(rng, y, 4),
          });
        }
      }

      // DLC and expansions.
      if (rng.chance(year >= 2005 ? 0.28 : 0.05)) {
        const n = 1 + rng.geometric(0.45, 5);
        const names = new Set<string>();
        for (let k = 0; k < n; k++) {
          const expansion = rng.chance(0.3);
          const name = expansion
            ? `${title}${title.includes(":") ? " - " : ": "}${freshSubtitle()}`
            : rng.chance(0.6)
              ? withSuffix(rng, title, rng.pick(DLC_NAMES), true)
              : withSuffix(rng, title, freshSubtitle(), false);
          const y = year + rng.int(0, 2);
          if (names.has(name) || y > LAST_YEAR) continue;
          names.add(name);
          make({
            name,
            category: expansion ? (rng.chance(0.1) ? 4 : 2) : 1,
            parentIgdbId: main.igdbId,
            releaseYear: y,
            releaseDate: releaseDate(rng, y),
            platforms: rng.sample(platforms, rng.int(1, platforms.length)),
          });
        }
      }

      // Seasons of live games.
      const live = f.genres.some((g) => g === "Shooter" || g === "MOBA" || g === "Sport" || g === "Fighting");
      if (year >= 2015 && rng.chance(live ? 0.06 : 0.01)) {
        const n = rng.int(2, 8);
        for (let k = 1; k <= n; k++) {
          const y = year + Math.floor(k / 4);
          if (y > LAST_YEAR) break;
          make({
            name: rng.chance(0.5)
              ? `${title}${title.includes(":") ? " -" : ":"} Season ${k}`
              : `${title} - Season ${k}: ${freshSubtitle()}`,
            category: 7,
            parentIgdbId: main.igdbId,
            releaseYear: y,
            releaseDate: releaseDate(rng, y),
            platforms,
          });
        }
      }

      // Episodes of episodic adventures.
      if (year >= 2008 && f.genres.includes("Adventure") && rng.chance(0.04)) {
        const n = rng.int(3, 5);
        for (let k = 1; k <= n; k++) {
          make({
            name: `${title}: Episode ${k} - ${freshSubtitle()}`,
            category: 6,
            parentIgdbId: main.igdbId,
            releaseYear: year,
            releaseDate: releaseDate(rng, year),
            platforms,
          });
        }
      }

      // Mods of PC games.
      if (platforms.includes("PC (Microsoft Windows)") || platforms.includes("DOS")) {
        if (rng.chance(0.05)) {
          const n = rng.int(1, 2);
          const names = new Set<string>();
          for (let k = 0; k < n; k++) {
            const name = fill(rng.pick(MOD_PATTERNS), rng, { T: title });
            if (names.has(name)) continue;
            names.add(name);
            const y = year + rng.int(0, 6);
            if (y > LAST_YEAR) continue;
            const modder = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
            make({
              name,
              category: 5,
              parentIgdbId: main.igdbId,
              releaseYear: y,
              releaseDate: releaseDate(rng, y),
              platforms: ["PC (Microsoft Windows)"],
              developer: modder,
              publisher: modder,
            });
          }
        }
      }

      year += f.style === "year" ? 1 : rng.int(1, 4);
    }

    // Bundles of the franchise.
    if (mainTitles.length >= 2 && year <= LAST_YEAR && rng.chance(0.25)) {
      const patterns = f.style === "arabic" ? BUNDLE_PATTERNS : BUNDLE_PATTERNS.filter((p) => !p.includes("1 + 2"));
      const y = year;
      make({
        name: fill(rng.pick(patterns), rng, { F: f.base }),
        category: 3,
        parentIgdbId: null,
        releaseYear: y,
        releaseDate: releaseDate(rng, y),
        platforms: platformsFor(rng, y, 3),
      });
    }

    for (const g of games) {
      if (emitted >= count) return;
      emitted++;
      yield g;
    }
  }
}

/** A game as one line of the catalogue import format (docs/catalogue-format.md). */
export function toCatalogueLine(g: SyntheticGame): Record<string, unknown> {
  return {
    name: g.name,
    ...(g.releaseDate ? { release_date: g.releaseDate } : { year: g.releaseYear }),
    platforms: g.platforms,
    genres: g.genres,
    developers: [g.developer],
    publishers: [g.publisher],
    ...(g.series ? { series: [g.series] } : {}),
    ...(g.aliases.length ? { aliases: g.aliases } : {}),
    igdb_id: g.igdbId,
    ...(g.summary ? { summary: g.summary } : {}),
    category: g.category,
    ...(g.parentIgdbId ? { parent_igdb_id: g.parentIgdbId } : {}),
  };
}

/** IGDB game category codes and their search-ranking priorities. */

export const GAME_CATEGORY = {
  MAIN_GAME: 0,
  DLC: 1,
  EXPANSION: 2,
  BUNDLE: 3,
  STANDALONE_EXPANSION: 4,
  MOD: 5,
  EPISODE: 6,
  SEASON: 7,
  REMAKE: 8,
  REMASTER: 9,
  EXPANDED_EDITION: 10,
  PORT: 11,
  FORK: 12,
  PACK: 13,
  UPDATE: 14,
} as const;

const LABELS: Readonly<Record<number, string>> = {
  0: "Main Game",
  1: "DLC",
  2: "Expansion",
  3: "Bundle",
  4: "Standalone Expansion",
  5: "Mod",
  6: "Episode",
  7: "Season",
  8: "Remake",
  9: "Remaster",
  10: "Expanded Edition",
  11: "Port",
  12: "Fork",
  13: "Pack",
  14: "Update",
};

/**
 * Function-ranking priority. Spec values: main 10000, remake/expansion 5000, remaster 4000,
 * episode 3000, port/update 2000, DLC 1000, bundle 500, mod 100. Chosen for the rest:
 * standalone expansion 5000 (like expansion), expanded edition 4000 (like remaster),
 * pack 1000 (like DLC), fork 100 (like mod), season 50, unknown 500.
 */
const PRIORITIES: Readonly<Record<number, number>> = {
  0: 10000,
  1: 1000,
  2: 5000,
  3: 500,
  4: 5000,
  5: 100,
  6: 3000,
  7: 50,
  8: 5000,
  9: 4000,
  10: 4000,
  11: 2000,
  12: 100,
  13: 1000,
  14: 2000,
};
const UNKNOWN_PRIORITY = 500;

const DLC_LIKE: ReadonlySet<number> = new Set([1, 2, 4, 13]);

/** True for 0, null or undefined (the spec treats an absent category as a main game). */
export function isMainGame(code: number | null | undefined): boolean {
  return code === null || code === undefined || code === 0;
}

/** Display label; other/unknown values → 'Additional Content'. */
export function categoryLabel(code: number | null | undefined): string {
  if (isMainGame(code)) return "Main Game";
  return LABELS[code as number] ?? "Additional Content";
}

/** Ranking priority for the search function (higher ranks first). */
export function categoryPriority(code: number | null | undefined): number {
  if (isMainGame(code)) return PRIORITIES[0] ?? 10000;
  return PRIORITIES[code as number] ?? UNKNOWN_PRIORITY;
}

/** DLC, expansion, standalone expansion and pack: content that belongs to a parent game. */
export function isDlcLike(code: number | null | undefined): boolean {
  return typeof code === "number" && DLC_LIKE.has(code);
}

/** Category 5 (mod). */
export function isModCategory(code: number | null | undefined): boolean {
  return code === GAME_CATEGORY.MOD;
}

import { isMainGame } from "~/lib/categories";

/**
 * Which related games the game page's carousels show: the additional content filter, the mods
 * filter and their limits. Pure, shared by the local-database and the IGDB paths.
 *
 * Names are matched as whole words (case-insensitive, punctuation ignored), not as substrings: as
 * substrings "fan" would drop "Final Fantasy XIV: Heavensward" and "mod" "Modern Warfare" DLC.
 */

/** Additional Content query limit. */
export const ADDITIONAL_CONTENT_LIMIT = 20;
/** Mods query limit and how many are shown. */
export const MODS_QUERY_LIMIT = 30;
export const MODS_SHOWN = 15;

export const ADDITIONAL_CONTENT_ERROR = "Failed to load additional content";
export const MOD_CONTENT_ERROR = "Failed to load mod content";
export const MAIN_GAME_ERROR = "Failed to load main game";

/** Additional content (DLC, expansion, bundle, standalone expansion): game_type 1 to 4. */
export const ADDITIONAL_CONTENT_CATEGORIES: readonly number[] = [1, 2, 3, 4];

const ADDITIONAL_EXCLUDED = /\b(mods?|unofficial|fan|fans|fanmade|homebrew|patch|patches|fix|fixes)\b/;
const MOD_KEEP =
  /\b(mods?|modded|unofficial|fan|fans|fanmade|homebrew|patch|patches|patched|remix|remixed|remaster|remastered|editions?|enhanced|definitive)\b/;
const MOD_EXCLUDE = /\b(goty|game of the year|complete|legendary|special edition)\b/;

function words(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export interface RelatedCandidate {
  name: string;
  /** null / undefined: missing. */
  category?: number | null;
  /** Cover URL; null/empty when there is none. */
  coverUrl?: string | null;
  developer?: string | null;
  publisher?: string | null;
}

/**
 * Additional content: category 1 to 4 and a name without mod, unofficial, fan, homebrew, patch or
 * fix. `requireCover` (IGDB records need a cover) is off for stored games, which get a
 * generated cover when they have none.
 */
export function isAdditionalContent(g: RelatedCandidate, opts: { requireCover?: boolean } = {}): boolean {
  if (opts.requireCover && !g.coverUrl) return false;
  if (g.category === null || g.category === undefined || !ADDITIONAL_CONTENT_CATEGORIES.includes(g.category)) return false;
  return !ADDITIONAL_EXCLUDED.test(words(g.name));
}

/** Credits (developer, publisher) as a set of company names. */
function credits(g: Pick<RelatedCandidate, "developer" | "publisher">): Set<string> {
  return new Set(
    [g.developer, g.publisher]
      .flatMap((c) => (c ? c.split(",") : []))
      .map((c) => words(c))
      .filter(Boolean),
  );
}

/**
 * The "official release" check of the mods filter (the spec does not show it): an entry that is not
 * a mod (category 5) and is credited to a developer or publisher of the main game is the rights
 * holder's own release (a remaster, an edition), not fan content.
 */
export function isOfficialRelease(g: RelatedCandidate, parent: Pick<RelatedCandidate, "developer" | "publisher">): boolean {
  if (g.category === 5) return false;
  const mine = credits(g);
  if (mine.size === 0) return false;
  for (const c of credits(parent)) if (mine.has(c)) return true;
  return false;
}

/**
 * Mods & Fan Content: kept when the name has a mod word (mod, unofficial, fan, homebrew, patch,
 * remix, remaster, edition, enhanced, definitive) or the category is missing (absent or 0) or above 4; excluded
 * when the name has goty, game of the year, complete, legendary, special edition, or the entry is an
 * official release of the main game's companies.
 */
export function isModContent(
  g: RelatedCandidate,
  parent: Pick<RelatedCandidate, "developer" | "publisher">,
  opts: { requireCover?: boolean } = {},
): boolean {
  if (opts.requireCover && !g.coverUrl) return false;
  const name = words(g.name);
  // "Category missing": absent, or 0, which is what an absent game_type is stored as
  // (0 or absent means a main game); checking only null would never match a stored or converted record.
  const kept = MOD_KEEP.test(name) || isMainGame(g.category) || (g.category as number) > 4;
  if (!kept) return false;
  if (MOD_EXCLUDE.test(name)) return false;
  return !isOfficialRelease(g, parent);
}

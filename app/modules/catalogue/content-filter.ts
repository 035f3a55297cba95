import { z } from "zod";

/**
 * The content filter. Pure: no I/O, so the rules are
 * unit-tested and the same code filters search results and the game page's Mods & Fan Content.
 *
 * Always, whatever the policy:
 * - seasons (category 7) are removed;
 * - bundles (category 3) are removed unless the name is a collection type ("… Collection",
 *   "… Trilogy", "Anthology", …);
 * - e-Reader card titles ("Pokémon Battle-e - Ruby & Sapphire": the '-e - …' pattern) are removed.
 *
 * Fan-made games and mods of the rights holders listed in the policy file (config/content-policy.json)
 * are removed according to the rights holder's level (docs/content-filter.md):
 *
 * | level        | fan games | mods released in the last 3 years (or undated) | older mods | not credited to the rights holder |
 * | ------------ | --------- | ---------------------------------------------- | ---------- | --------------------------------- |
 * | BLOCK_ALL    | removed   | removed                                        | removed    | removed                           |
 * | AGGRESSIVE   | removed   | removed                                        | removed    | kept                              |
 * | MODERATE     | removed   | removed                                        | kept       | kept                              |
 * | MOD_FRIENDLY | removed   | kept                                           | kept       | kept                              |
 *
 * An entry belongs to a rights holder when one of its franchises appears, as whole words, in its name,
 * alternative names, franchise or collection (or in the parent game's, for the game page's related
 * content). Entries credited to one of the rights holder's companies (developer or publisher) and
 * flagship entries are official and never removed by these rules.
 */

export const POLICY_LEVELS = ["BLOCK_ALL", "AGGRESSIVE", "MODERATE", "MOD_FRIENDLY"] as const;
export type PolicyLevel = (typeof POLICY_LEVELS)[number];
export const DEFAULT_POLICY_LEVEL: PolicyLevel = "MODERATE";
/** Mods released within this many years (before now) are "recent". */
export const MOD_RELEASE_WINDOW_YEARS = 3;

export const FLAGSHIP_SIGNIFICANCE = ["originator", "peak", "innovation", "technical", "cultural", "modern"] as const;

const nonBlank = (what: string) => z.string().trim().min(1, `${what} must not be empty`);

/** A flagship entry: a landmark official game, never filtered. */
export const FlagshipEntrySchema = z
  .object({
    names: z.array(nonBlank("a flagship name")).min(1, "names needs at least one name"),
    reason: nonBlank("reason"),
    releaseYear: z.number().int().min(1950).max(2100),
    platforms: z.array(nonBlank("a platform")).default([]),
    significance: z.enum(FLAGSHIP_SIGNIFICANCE),
  })
  .strict();

/** A rights-holder policy entry. `name` and `companies` are ours: who it is and what it publishes as. */
export const RightsHolderPolicySchema = z
  .object({
    name: nonBlank("name"),
    /** Omitted: the configured default level (CONTENT_FILTER_LEVEL, default MODERATE). */
    level: z.enum(POLICY_LEVELS).optional(),
    reason: nonBlank("reason"),
    lastUpdated: z.iso.date("lastUpdated must be a date such as 2025-01-31"),
    franchises: z.array(nonBlank("a franchise")).min(1, "franchises needs at least one franchise"),
    /** Developer / publisher names that make an entry official (matched as whole words, case-insensitive). */
    companies: z.array(nonBlank("a company")).default([]),
  })
  .strict();

export const ContentPolicySchema = z
  .object({
    $comment: z.string().optional(),
    version: z.literal(1),
    rightsHolders: z.array(RightsHolderPolicySchema),
    flagships: z.array(FlagshipEntrySchema).default([]),
  })
  .strict();

export type FlagshipEntry = z.infer<typeof FlagshipEntrySchema>;
export type RightsHolderPolicy = z.infer<typeof RightsHolderPolicySchema>;
export type ContentPolicy = z.infer<typeof ContentPolicySchema>;

/** The fields the filter reads; search hits, stored games and IGDB records all have them (most optional). */
export interface FilterableGame {
  name: string;
  category?: number | null;
  /** ISO date (YYYY-MM-DD…) of the first release. */
  releaseDate?: string | null;
  /** Release year when only the year is known (search hits call it year, stored rows releaseYear). */
  year?: number | null;
  releaseYear?: number | null;
  alternativeNames?: readonly string[] | null;
  franchiseName?: string | null;
  collectionName?: string | null;
  developer?: string | null;
  publisher?: string | null;
}

export type RemovalReason = "season" | "bundle" | "e-reader" | "fan-game" | "mod" | "unlicensed";

interface CompiledHolder {
  name: string;
  level: PolicyLevel;
  franchises: string[];
  companies: string[];
}

/** A policy prepared for matching: phrases normalised once. */
export interface CompiledContentPolicy {
  holders: CompiledHolder[];
  flagshipNames: ReadonlySet<string>;
}

const MATCH_TEXT_CACHE_SIZE = 20_000;
const matchTextCache = new Map<string, string>();

/**
 * Matching form for whole-word checks: lowercase, accents stripped, every run of other characters
 * one space, padded with spaces (" pokemon battle e ruby and sapphire "), so ` ${phrase} ` finds whole words.
 * Remembered for the most recent 20,000 names (the search filters its 150 candidates on every query, the
 * same games again and again, and deriving this was most of the filter's time).
 */
export function matchText(value: string | null | undefined): string {
  if (!value) return " ";
  const known = matchTextCache.get(value);
  if (known !== undefined) return known;
  const text = deriveMatchText(value);
  if (matchTextCache.size >= MATCH_TEXT_CACHE_SIZE) matchTextCache.delete(matchTextCache.keys().next().value!);
  matchTextCache.set(value, text);
  return text;
}

function deriveMatchText(value: string): string {
  const words = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return ` ${words} `;
}

const phrase = (value: string) => matchText(value).trim();

export function compileContentPolicy(policy: ContentPolicy, defaultLevel: PolicyLevel = DEFAULT_POLICY_LEVEL): CompiledContentPolicy {
  return {
    holders: policy.rightsHolders.map((h) => ({
      name: h.name,
      level: h.level ?? defaultLevel,
      franchises: h.franchises.map(phrase).filter(Boolean),
      companies: h.companies.map(phrase).filter(Boolean),
    })),
    flagshipNames: new Set(policy.flagships.flatMap((f) => f.names.map(phrase))),
  };
}

/** A policy that only applies the always-on rules (seasons, bundles, e-Reader titles). */
export const EMPTY_CONTENT_POLICY: CompiledContentPolicy = { holders: [], flagshipNames: new Set() };

/** The phrases of a list with their padding, made once per list (the filter checks 150 candidates a search). */
const paddedLists = new WeakMap<readonly string[], readonly string[]>();

function hasAny(text: string, phrases: readonly string[]): boolean {
  let padded = paddedLists.get(phrases);
  if (!padded) {
    padded = phrases.map((p) => ` ${p} `);
    paddedLists.set(phrases, padded);
  }
  for (const p of padded) if (text.includes(p)) return true;
  return false;
}

/** Bundle names that are collections of a series (kept): "Mega Man Legacy Collection", "Spyro Reignited Trilogy". */
const COLLECTION_WORDS = [
  "collection",
  "collections",
  "trilogy",
  "duology",
  "quadrilogy",
  "anthology",
  "compilation",
  "classics",
  "archives",
  "box set",
  "boxset",
  "all stars",
] as const;

/** '-e - …': Nintendo e-Reader card releases ("Donkey Kong Jr.-e - …", "Pokémon Battle-e - Ruby & Sapphire"). */
const E_READER_TITLE = /-e\s*[-–—]\s*\S/i;

/** Words that make an entry a mod. */
const MOD_WORDS = ["mod", "mods", "modpack", "total conversion", "randomizer", "randomiser"] as const;
/** Words that make an entry fan-made. */
const FAN_WORDS = [
  "fan",
  "fans",
  "fangame",
  "fanmade",
  "fan made",
  "unofficial",
  "homebrew",
  "romhack",
  "rom hack",
  "hack",
  "demake",
  "bootleg",
] as const;

export function isSeason(g: Pick<FilterableGame, "category">): boolean {
  return g.category === 7;
}

export function isCollectionName(name: string): boolean {
  return hasAny(matchText(name), COLLECTION_WORDS);
}

/** A bundle (category 3) whose name is not a collection type. */
export function isRemovedBundle(g: Pick<FilterableGame, "category" | "name">): boolean {
  return g.category === 3 && !isCollectionName(g.name);
}

export function isEReaderTitle(name: string): boolean {
  return E_READER_TITLE.test(name);
}

/** 'mod' (category 5 or a mod word in the name), 'fan-game' (a fan word), or null. */
export function fanContentKind(g: Pick<FilterableGame, "category" | "name">): "mod" | "fan-game" | null {
  const text = matchText(g.name);
  if (g.category === 5 || hasAny(text, MOD_WORDS)) return "mod";
  if (hasAny(text, FAN_WORDS)) return "fan-game";
  return null;
}

function franchiseText(g: FilterableGame): string {
  return [g.name, ...(g.alternativeNames ?? []), g.franchiseName, g.collectionName].map(matchText).join("|");
}

/** The first listed rights holder one of whose franchises the entry (or its context) belongs to. */
export function findRightsHolder(g: FilterableGame, policy: CompiledContentPolicy, context?: FilterableGame | null): CompiledHolder | null {
  if (!policy.holders.length) return null;
  const text = franchiseText(g) + (context ? "|" + franchiseText(context) : "");
  return policy.holders.find((h) => hasAny(text, h.franchises)) ?? null;
}

function creditedCompanies(g: FilterableGame): string | null {
  const credits = [g.developer, g.publisher].filter((c): c is string => !!c && c.trim() !== "");
  return credits.length ? credits.map(matchText).join("|") : null;
}

/** Released within the mod window before `now`; undated entries count as recent (we cannot show they are old). */
export function isWithinModWindow(g: Pick<FilterableGame, "releaseDate" | "year" | "releaseYear">, now: Date): boolean {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - MOD_RELEASE_WINDOW_YEARS);
  let released: Date | null = null;
  if (g.releaseDate) {
    const d = new Date(g.releaseDate.length === 10 ? `${g.releaseDate}T00:00:00Z` : g.releaseDate);
    if (!Number.isNaN(d.getTime())) released = d;
  }
  // Only the year known: the last day of that year (a mod of the cut-off year counts as recent).
  const year = g.year ?? g.releaseYear;
  if (!released && year) released = new Date(Date.UTC(year, 11, 31));
  return released === null || released.getTime() >= cutoff.getTime();
}

export interface ContentFilterOptions {
  /** "Now" for the mod window (tests). */
  now?: Date;
  /**
   * The game the entries belong to (the game page's related content): entries inherit its franchise,
   * so "Ocarina of Time Randomizer" under The Legend of Zelda: Ocarina of Time is matched.
   */
  context?: FilterableGame | null;
}

/** Why the filter removes this entry, or null when it stays. */
export function contentFilterReason(
  g: FilterableGame,
  policy: CompiledContentPolicy,
  options: ContentFilterOptions = {},
): RemovalReason | null {
  if (isSeason(g)) return "season";
  if (isRemovedBundle(g)) return "bundle";
  if (isEReaderTitle(g.name)) return "e-reader";

  const holder = findRightsHolder(g, policy, options.context);
  if (!holder) return null;
  if (policy.flagshipNames.has(phrase(g.name))) return null;
  const credits = creditedCompanies(g);
  if (credits && hasAny(credits, holder.companies)) return null;

  const kind = fanContentKind(g);
  const now = options.now ?? new Date();
  switch (holder.level) {
    case "BLOCK_ALL":
      if (kind) return kind;
      // Everything in the franchise credited to someone else. Uncredited entries are kept: most
      // local entries without company data are official games.
      return credits && holder.companies.length ? "unlicensed" : null;
    case "AGGRESSIVE":
      return kind;
    case "MODERATE":
      if (kind === "mod") return isWithinModWindow(g, now) ? "mod" : null;
      return kind;
    case "MOD_FRIENDLY":
      return kind === "fan-game" ? "fan-game" : null;
  }
}

export interface ContentFilterResult<T> {
  kept: T[];
  /** How many entries were removed (the search page's "N result(s) were filtered out…"). */
  removedCount: number;
}

/** Keeps the entries the policy allows, in their order. `read` picks the game out of a wrapper (a ranked hit). */
export function applyContentFilter<T extends FilterableGame>(
  items: readonly T[],
  policy: CompiledContentPolicy,
  options?: ContentFilterOptions,
): ContentFilterResult<T>;
export function applyContentFilter<T>(
  items: readonly T[],
  policy: CompiledContentPolicy,
  options: ContentFilterOptions & { read: (item: T) => FilterableGame },
): ContentFilterResult<T>;
export function applyContentFilter<T>(
  items: readonly T[],
  policy: CompiledContentPolicy,
  options: ContentFilterOptions & { read?: (item: T) => FilterableGame } = {},
): ContentFilterResult<T> {
  const { read = (item: T) => item as unknown as FilterableGame, ...rest } = options;
  const opts = { ...rest, now: rest.now ?? new Date() };
  const kept = items.filter((item) => contentFilterReason(read(item), policy, opts) === null);
  return { kept, removedCount: items.length - kept.length };
}

/** Formats Zod issues of a policy file as "path: message" lines. */
export function describePolicyIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.length ? i.path.join(".") : "(file)"}: ${i.message}`).join("\n");
}

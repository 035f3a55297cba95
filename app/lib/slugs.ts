/** Slugs, game links and game identifier parsing (a game URL takes an id or a slug). */

export const MAX_SLUG_LENGTH = 200;
export const MAX_IGDB_ID = 2 ** 31 - 1;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DIGITS = /^\d+$/;
const GAME_PREFIXED = /^game-(\d+)$/;

/**
 * Lowercase, accents stripped ("Pokémon" → "pokemon"), only a-z, 0-9, spaces and hyphens kept,
 * spaces → hyphens, repeated hyphens collapsed, leading/trailing hyphens trimmed.
 * Returns '' when nothing usable remains (callers decide the fallback).
 */
export function slugify(name: string | null | undefined): string {
  if (typeof name !== "string") return "";
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** True for a well-formed slug (lowercase words of a-z/0-9 joined by single hyphens, ≤ 200 chars). */
export function isValidSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
}

function isValidIgdbId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 && value <= MAX_IGDB_ID;
}

export type GameLinkInput = {
  slug?: string | null;
  igdbId?: number | null;
  name?: string | null;
  id?: number | null;
};

/**
 * '/game/{identifier}' using, in priority order: slug, IGDB id, slugified name, internal id.
 * A digits-only slug would be read back as an IGDB id, so such slugs (stored or derived from
 * the name) are skipped in favour of the next candidate. '/search' when nothing is usable.
 */
export function gameHref(game: GameLinkInput | null | undefined): string {
  if (!game) return "/search";
  const slug = typeof game.slug === "string" ? game.slug.trim() : "";
  if (isValidSlug(slug) && !DIGITS.test(slug)) return `/game/${slug}`;
  if (isValidIgdbId(game.igdbId)) return `/game/${game.igdbId}`;
  const fromName = slugify(game.name).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
  if (fromName !== "" && !DIGITS.test(fromName)) return `/game/${fromName}`;
  if (typeof game.id === "number" && Number.isSafeInteger(game.id) && game.id > 0) {
    return `/game/${game.id}`;
  }
  return "/search";
}

export type GameIdentifier = { kind: "igdb"; igdbId: number } | { kind: "slug"; slug: string } | { kind: "invalid" };

function parseIgdbDigits(digits: string): GameIdentifier {
  // Guard against absurdly long digit strings before converting.
  if (digits.length > 10) return { kind: "invalid" };
  const igdbId = Number(digits);
  return isValidIgdbId(igdbId) ? { kind: "igdb", igdbId } : { kind: "invalid" };
}

/**
 * Reads the /game/{identifier} route parameter:
 * digits only → IGDB id (1 .. 2^31-1); 'game-123' → IGDB id; a valid slug → slug; else invalid.
 */
export function parseGameIdentifier(raw: string | null | undefined): GameIdentifier {
  if (typeof raw !== "string") return { kind: "invalid" };
  const value = raw.trim();
  if (DIGITS.test(value)) return parseIgdbDigits(value);
  const prefixed = GAME_PREFIXED.exec(value);
  if (prefixed) return parseIgdbDigits(prefixed[1] ?? "");
  if (isValidSlug(value)) return { kind: "slug", slug: value };
  return { kind: "invalid" };
}

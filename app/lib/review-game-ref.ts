/**
 * The game part of a review address (/review/{game}, /review/{userId}/{game}). A game with an IGDB id is
 * named by it (the spec's form); a game without one by `local-{internal id}`. A bare number is read as an
 * IGDB id first, then as the internal id of a game without one (addresses written before the `local-` form):
 * the internal id of a catalogue-only game can equal another game's IGDB id (in the demo catalogue
 * Pikmin's id 233 is Half-Life 2's IGDB id), so links never write a bare internal id.
 */
export type ReviewGameRef = { kind: "number"; value: number } | { kind: "local"; id: number };

const MAX_ID = 2_147_483_647;
const LOCAL = /^local-(\d{1,10})$/;

/** The address form of a game: its IGDB id, else `local-{id}`. */
export function reviewGameRef(game: { id: number; igdbId: number | null }): string {
  return game.igdbId !== null ? String(game.igdbId) : `local-${game.id}`;
}

/** The game reference of an address segment, or null when it is none (any case, outer spaces ignored). */
export function parseReviewGameRef(raw: string | undefined | null): ReviewGameRef | null {
  const text = (raw ?? "").trim().toLowerCase();
  const local = LOCAL.exec(text);
  const digits = local ? local[1]! : /^\d{1,10}$/.test(text) ? text : null;
  if (digits === null) return null;
  const n = Number(digits);
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_ID) return null;
  return local ? { kind: "local", id: n } : { kind: "number", value: n };
}

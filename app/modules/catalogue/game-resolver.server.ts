import { fail, ok, type Result } from "~/lib/result";
import { parseGameIdentifier } from "~/lib/slugs";
import { findGameBySlug, type GameDetailRow } from "./game.queries.server";
import { findOrFetchGameByIgdbId } from "./igdb/igdb-lookup.server";

export const INVALID_GAME_IDENTIFIER = "Invalid game identifier";
export const GAME_NOT_FOUND = "Game not found";

export interface ResolvedGame {
  game: GameDetailRow;
  /** The identifier was written with upper-case letters (pages redirect to the lower-case address). */
  caseFolded: boolean;
}

/**
 * The one way from a URL identifier (/game/:slug, /api/games/:idOrSlug, …/related) to a game.
 * Accepted, after trimming and ignoring letter case: digits only (an IGDB id, 1 … 2^31-1),
 * 'game-{igdbId}', or a slug. An IGDB id not stored yet is fetched from IGDB when it is configured
 * (igdb-lookup.server.ts). Anything else is a 400, an unknown game a 404.
 */
export async function resolveGame(identifier: string | undefined): Promise<Result<ResolvedGame>> {
  const raw = (identifier ?? "").trim();
  const lower = raw.toLowerCase();
  const parsed = parseGameIdentifier(lower);
  if (parsed.kind === "invalid") return fail(400, INVALID_GAME_IDENTIFIER);
  const game = parsed.kind === "slug" ? await findGameBySlug(parsed.slug) : await findOrFetchGameByIgdbId(parsed.igdbId);
  if (!game) return fail(404, GAME_NOT_FOUND);
  return ok({ game, caseFolded: lower !== raw });
}

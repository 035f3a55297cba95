import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { game, igdbToken } from "~/db/schema";

/** Queries of the IGDB area: which IGDB games are stored (igdb-store.server.ts) and the shared Twitch token. */

/** Of these slugs, the ones already used (game_slug_key). */
export async function findTakenSlugs(slugs: readonly string[]): Promise<Set<string>> {
  const rows = await getDb()
    .select({ slug: game.slug })
    .from(game)
    .where(sql`${game.slug} = any(${sql.param([...slugs])}::text[])`);
  return new Set(rows.map((r) => r.slug));
}

/** Stored games by IGDB id: igdb_id → internal id and slug (game_igdb_id_key). */
export async function findStoredIgdbIds(igdbIds: readonly number[]): Promise<Map<number, { id: number; slug: string }>> {
  if (igdbIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ id: game.id, igdbId: game.igdbId, slug: game.slug })
    .from(game)
    .where(sql`${game.igdbId} = any(${sql.param([...igdbIds])}::int[])`);
  return new Map(rows.filter((r) => r.igdbId !== null).map((r) => [r.igdbId as number, { id: r.id, slug: r.slug }]));
}

/** The stored token of a Twitch client id, or null. */
export async function readIgdbToken(clientId: string): Promise<{ token: string; expiresAt: number } | null> {
  const [row] = await getDb()
    .select({ token: igdbToken.accessToken, expiresAt: igdbToken.expiresAt })
    .from(igdbToken)
    .where(eq(igdbToken.clientId, clientId));
  return row ? { token: row.token, expiresAt: row.expiresAt.getTime() } : null;
}

/** Stores (or replaces) the token of a Twitch client id. */
export async function storeIgdbToken(clientId: string, token: string, expiresAt: Date): Promise<void> {
  await getDb()
    .insert(igdbToken)
    .values({ clientId, accessToken: token, expiresAt, updatedAt: new Date() })
    .onConflictDoUpdate({ target: igdbToken.clientId, set: { accessToken: token, expiresAt, updatedAt: sql`now()` } });
}

/** Removes a token IGDB rejected (only if it is still the stored one). */
export async function deleteIgdbToken(clientId: string, token: string): Promise<void> {
  await getDb()
    .delete(igdbToken)
    .where(sql`${igdbToken.clientId} = ${clientId} and ${igdbToken.accessToken} = ${token}`);
}

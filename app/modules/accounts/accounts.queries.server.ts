import { eq, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { game, rating, user } from "~/db/schema";

/** Usernames are stored lowercase; lookups are lowercase too. */
export async function isUsernameTaken(username: string, db: Database = getDb()): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.username, username.toLowerCase())).limit(1);
  return rows.length > 0;
}

/**
 * Removes the user and, by ON DELETE CASCADE, everything only they own
 * (sessions, sign-in accounts, ratings and reviews, ...). The games'
 * denormalised review stats lose the user's ratings in the same transaction.
 * Returns false when there was no such user.
 */
export async function deleteUserCascade(userId: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`
      update ${game} g
         set rating_count = greatest(g.rating_count - r.n, 0),
             rating_sum = greatest(g.rating_sum - r.total, 0)
        from (select ${rating.gameId} as game_id, count(*)::int as n, sum(${rating.rating}) as total
                from ${rating} where ${rating.userId} = ${userId} group by ${rating.gameId}) r
       where g.id = r.game_id`);
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    return deleted.length > 0;
  });
}

/** The user's own record (debug page): explicit columns, never sent for other users. */
export async function findUserRecord(userId: number) {
  const [row] = await getDb()
    .select({
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      avatarUrl: user.avatarUrl,
      bio: user.bio,
      location: user.location,
      website: user.website,
      platform: user.platform,
      followerCount: user.followerCount,
      followingCount: user.followingCount,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

export async function databaseRoundTrip(): Promise<number> {
  const started = performance.now();
  await getDb().execute(sql`select 1`);
  return Math.round(performance.now() - started);
}

/** The operator flag of the user with this (lowercase) username, or null when there is none. */
export async function findAdminFlagByUsername(username: string): Promise<{ id: number; isAdmin: boolean } | null> {
  const [row] = await getDb().select({ id: user.id, isAdmin: user.isAdmin }).from(user).where(eq(user.username, username));
  return row ?? null;
}

export async function setUserAdmin(userId: number, isAdmin: boolean): Promise<void> {
  await getDb().update(user).set({ isAdmin, updatedAt: new Date() }).where(eq(user.id, userId));
}

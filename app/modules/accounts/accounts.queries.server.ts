import { and, asc, eq, like, lt, ne, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { isReservedUsername } from "./accounts.schema";
import { releaseUserRatings } from "~/modules/reviews/reviews.queries.server";
import { releaseFollowCounts } from "~/modules/social/follow.queries.server";
import { releaseUserComments, releaseUserLikes } from "~/modules/social/social.queries.server";

/** Usernames are stored lowercase; lookups are lowercase too. A reserved name counts as taken. */
export async function isUsernameTaken(username: string, db: Database = getDb()): Promise<boolean> {
  if (isReservedUsername(username)) return true;
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.username, username.toLowerCase())).limit(1);
  return rows.length > 0;
}

/**
 * Removes the user and, by ON DELETE CASCADE, everything only they own
 * (sessions, sign-in accounts, ratings and reviews, ...). The games'
 * denormalised review stats lose the user's ratings, the people they followed or who followed them
 * lose one follower / following, and the like counts of the reviews and comments they liked lose
 * their likes, in the same transaction.
 * Returns false when there was no such user.
 */
export function deleteUserCascade(userId: number): Promise<boolean> {
  return deleteUserReleasingCounts(getDb(), userId, { onlyUnverified: false });
}

/**
 * The one way a user row goes: every counter on other rows that counts the user's rows is lowered
 * first, in the same transaction. With `onlyUnverified`, the row is locked and an account verified
 * meanwhile stays (false, nothing changed).
 */
async function deleteUserReleasingCounts(db: Database, userId: number, opts: { onlyUnverified: boolean }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId)).for("update");
    if (!row || (opts.onlyUnverified && row.emailVerified)) return false;
    await releaseFollowCounts(tx, userId);
    await releaseUserRatings(tx, userId);
    await releaseUserLikes(tx, userId);
    // After the likes: the likes of their comments go with the comments.
    await releaseUserComments(tx, userId);
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

/** The account holding an address (any case), for sign-up: id and whether the address is verified. */
export async function findAccountByEmail(db: Database, email: string): Promise<{ id: number; emailVerified: boolean } | null> {
  const [row] = await db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserIdByUsername(db: Database, username: string): Promise<number | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.username, username.toLowerCase())).limit(1);
  return row?.id ?? null;
}

/**
 * Removes an account that never verified its address (cascade: sessions, credentials, everything
 * it owns), lowering the counts that counted it (the following count of whoever followed its public
 * profile). The row is locked first, so an account verified meanwhile stays.
 */
export function deleteUnverifiedUser(db: Database, userId: number): Promise<boolean> {
  return deleteUserReleasingCounts(db, userId, { onlyUnverified: true });
}

/** The oldest accounts created before `cutoff` whose address was never verified (user_unverified_created_idx). */
export function staleUnverifiedIds(db: Database, cutoff: Date, limit: number) {
  return db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`not ${user.emailVerified}`, lt(user.createdAt, cutoff)))
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(limit);
}

/**
 * Deletes up to `limit` accounts created before `cutoff` whose address was never verified, oldest first
 * (each through deleteUnverifiedUser: one verified meanwhile stays). `found` says how many were picked.
 */
export async function deleteStaleUnverifiedBatch(cutoff: Date, limit: number): Promise<{ found: number; deleted: number }> {
  const db = getDb();
  const rows = await staleUnverifiedIds(db, cutoff, limit);
  let deleted = 0;
  for (const { id } of rows) if (await deleteUnverifiedUser(db, id)) deleted++;
  return { found: rows.length, deleted };
}

/** Every outstanding password-reset token of the user except `keep` (null: all of them). */
export async function deleteResetTokens(db: Database, userId: number | string, keep: string | null): Promise<void> {
  const mine = and(like(verification.identifier, "reset-password:%"), eq(verification.value, String(userId)));
  await db.delete(verification).where(keep === null ? mine : and(mine, ne(verification.identifier, `reset-password:${keep}`)));
}

/** The address is proved (a link mailed to it was used). */
export async function markEmailVerified(db: Database, userId: number | string): Promise<void> {
  await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(user.id, Number(userId)));
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user, userFollow } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";

/** Whether a user with this id exists and may be followed: their address is verified. */
export async function followableUserExists(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.emailVerified, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds the follow row unless it exists; true only when this call inserted it (the primary key
 * decides a race, so the counters move once per row).
 */
export async function insertFollow(db: Executor, followerId: number, followingId: number): Promise<boolean> {
  const rows = await db
    .insert(userFollow)
    .values({ followerId, followingId })
    .onConflictDoNothing({ target: [userFollow.followerId, userFollow.followingId] })
    .returning({ followerId: userFollow.followerId });
  return rows.length > 0;
}

/** Removes the follow row; true only when this call deleted it. */
export async function deleteFollow(db: Executor, followerId: number, followingId: number): Promise<boolean> {
  const rows = await db
    .delete(userFollow)
    .where(and(eq(userFollow.followerId, followerId), eq(userFollow.followingId, followingId)))
    .returning({ followerId: userFollow.followerId });
  return rows.length > 0;
}

/**
 * Moves following_count of the follower and follower_count of the followed by `delta` (±1), in id
 * order so two users following each other at once cannot deadlock. Never below zero.
 */
export async function shiftFollowCounts(db: Executor, followerId: number, followingId: number, delta: 1 | -1): Promise<void> {
  const steps = [
    { id: followerId, column: "following_count" as const },
    { id: followingId, column: "follower_count" as const },
  ].sort((a, b) => a.id - b.id);
  for (const step of steps) {
    const col = step.column === "following_count" ? user.followingCount : user.followerCount;
    await db
      .update(user)
      .set({ [step.column === "following_count" ? "followingCount" : "followerCount"]: sql`greatest(${col} + ${delta}, 0)` })
      .where(eq(user.id, step.id));
  }
}

/** The counts as stored on the user row. */
export async function findFollowCounts(userId: number): Promise<{ followerCount: number; followingCount: number } | null> {
  const [row] = await getDb()
    .select({ followerCount: user.followerCount, followingCount: user.followingCount })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Which of `ids` the user follows (one index range on the primary key). */
export async function listFollowedAmong(followerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await getDb()
    .select({ id: userFollow.followingId })
    .from(userFollow)
    .where(and(eq(userFollow.followerId, followerId), inArray(userFollow.followingId, ids)));
  return rows.map((r) => r.id);
}

/**
 * Before an account is deleted (its follow rows go by cascade): locks its row so no follow of or by
 * it can start meanwhile, then takes one off following_count of everyone who followed it and one off
 * follower_count of everyone it followed. Same transaction as the delete.
 */
export async function releaseFollowCounts(db: Executor, userId: number): Promise<void> {
  await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  await db.execute(sql`
    update ${user} u set following_count = greatest(u.following_count - 1, 0)
      from ${userFollow} f
     where f.following_id = ${userId} and u.id = f.follower_id`);
  await db.execute(sql`
    update ${user} u set follower_count = greatest(u.follower_count - 1, 0)
      from ${userFollow} f
     where f.follower_id = ${userId} and u.id = f.following_id`);
}

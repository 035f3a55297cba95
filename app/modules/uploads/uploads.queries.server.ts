import { eq, inArray } from "drizzle-orm";
import { user } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";

/**
 * The user's avatar URL, their row locked against other changes of it until the transaction ends
 * (FOR NO KEY UPDATE: what an UPDATE of the row takes, so Better Auth's /update-user waits too). A
 * new avatar's files are written and the row pointed at them under this lock, and the tidying of a
 * member's files reads the current avatar under it, so it can never remove files about to be used.
 * null: there is no such user (any more).
 */
export async function lockAvatarUrl(tx: Executor, userId: number): Promise<{ avatarUrl: string | null } | null> {
  const [row] = await tx.select({ avatarUrl: user.avatarUrl }).from(user).where(eq(user.id, userId)).for("no key update");
  return row ?? null;
}

/** The avatar URL a user has now (null: none, or no such user). */
export async function findAvatarUrl(ex: Executor, userId: number): Promise<string | null> {
  const [row] = await ex.select({ avatarUrl: user.avatarUrl }).from(user).where(eq(user.id, userId));
  return row?.avatarUrl ?? null;
}

/** Which of these avatar URLs some user still shows (legacy, hash-only names could be shared by two members). */
export async function avatarUrlsInUse(ex: Executor, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await ex
    .selectDistinct({ avatarUrl: user.avatarUrl })
    .from(user)
    .where(inArray(user.avatarUrl, [...urls]));
  return new Set(rows.flatMap((r) => (r.avatarUrl ? [r.avatarUrl] : [])));
}

export async function setAvatarUrl(ex: Executor, userId: number, avatarUrl: string | null): Promise<void> {
  await ex.update(user).set({ avatarUrl, updatedAt: new Date() }).where(eq(user.id, userId));
}

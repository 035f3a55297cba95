import { eq } from "drizzle-orm";
import type { Executor } from "~/db/transaction.server";
import { user } from "~/db/schema";

/**
 * A session is checked when a request starts; the account can be deleted before that request's
 * writes commit. A write transaction that holds its user's row (FOR KEY SHARE, as a foreign key
 * check would, but first) finds out at once that the account is gone instead of failing on a
 * foreign key later, and keeps a deletion waiting until it commits. (The deletion takes the row
 * FOR UPDATE before it touches anything else — releaseFollowCounts — so it counts every row such a
 * transaction wrote, and both lock the user row first.)
 */

/** Holds the user's row until the transaction ends; false when the account no longer exists. */
export async function holdAccount(tx: Executor, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("key share");
  return rows.length > 0;
}

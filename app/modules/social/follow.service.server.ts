import { ACCOUNT_GONE, can, type Actor } from "~/access/access.server";
import { holdAccount } from "~/modules/accounts/account-hold.queries.server";
import { transaction } from "~/db/transaction.server";
import { fail, ok, type Result } from "~/lib/result";
import { FOLLOW_MESSAGES as M, type FollowIntent } from "./follow.messages";
import { deleteFollow, insertFollow, listFollowedAmong, shiftFollowCounts, followableUserExists } from "./follow.queries.server";

export { FOLLOW_MESSAGES } from "./follow.messages";
export type { FollowIntent } from "./follow.messages";

export interface FollowState {
  userId: number;
  following: boolean;
}

/** A user id from the URL: digits only, within int4. */
export function parseUserId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function parseFollowIntent(raw: unknown): FollowIntent | null {
  return raw === "follow" || raw === "unfollow" ? raw : null;
}

const RETRYABLE = new Set(["40P01", "40001"]);
const FOREIGN_KEY = "23503";
const CHECK = "23514";

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * Follows or unfollows `targetId` as `actor`. The row and both counters change in one transaction,
 * and the counters move only when this call inserted or deleted the row, so they always equal the
 * rows. Following an already-followed user (or unfollowing one not followed) is a no-op success.
 * A write the database refuses (after retrying deadlocks and serialization failures) is 'Failed to
 * follow user. Please try again.' (or '…unfollow…'); anything else thrown is a bug and goes up.
 */
export async function setFollow(actor: Actor, targetId: number, intent: FollowIntent): Promise<Result<FollowState>> {
  if (!can(actor, "user.follow") || !actor) {
    return fail(401, intent === "follow" ? M.followUnauthenticated : M.unfollowUnauthenticated);
  }
  if (actor.id === targetId) return fail(400, M.self);
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(async (tx) => {
        // The session was checked when the request began; the account may have been deleted since.
        if (!(await holdAccount(tx, actor.id))) return fail(401, ACCOUNT_GONE);
        if (intent === "follow") {
          if (!(await followableUserExists(tx, targetId))) return fail(404, M.userNotFound);
          if (await insertFollow(tx, actor.id, targetId)) await shiftFollowCounts(tx, actor.id, targetId, 1);
          return ok({ userId: targetId, following: true });
        }
        if (await deleteFollow(tx, actor.id, targetId)) await shiftFollowCounts(tx, actor.id, targetId, -1);
        return ok({ userId: targetId, following: false });
      });
    } catch (err) {
      const code = pgCode(err);
      // The other user (or this account) was deleted meanwhile.
      if (code === FOREIGN_KEY) return fail(404, M.userNotFound);
      if (code === CHECK) return fail(400, M.self);
      if (code && RETRYABLE.has(code) && attempt < 3) continue;
      if (code === undefined) throw err;
      console.error("[follow] write failed:", err);
      return fail(500, intent === "follow" ? M.followFailed : M.unfollowFailed);
    }
  }
}

/** The ids among `ids` that the viewer follows (empty for a visitor). */
export async function followedAmong(viewer: Actor, ids: number[]): Promise<Set<number>> {
  if (!viewer || ids.length === 0) return new Set();
  return new Set(await listFollowedAmong(viewer.id, ids));
}

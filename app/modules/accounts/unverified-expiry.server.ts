import { deleteStaleUnverifiedBatch } from "./accounts.queries.server";

/**
 * A sign-up whose address is never verified does not hold its username for ever (decision 010): after
 * UNVERIFIED_ACCOUNT_DAYS the account is deleted and the username (and address) can be taken again.
 * Such an account cannot sign in and is invisible to others (decision 025), so nothing of value goes;
 * its verification link expired long before (24 h). An account verified meanwhile stays: each deletion
 * locks the row and checks again (deleteUnverifiedUser).
 */
export const UNVERIFIED_ACCOUNT_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts deleted per batch; a run repeats batches until none is left. */
const BATCH = 200;

export function unverifiedCutoff(now = new Date()): Date {
  return new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * DAY_MS);
}

/** Deletes the accounts left unverified for longer than UNVERIFIED_ACCOUNT_DAYS; returns how many went. */
export async function expireUnverifiedAccounts(now = new Date()): Promise<number> {
  const cutoff = unverifiedCutoff(now);
  let deleted = 0;
  for (;;) {
    const batch = await deleteStaleUnverifiedBatch(cutoff, BATCH);
    deleted += batch.deleted;
    if (batch.found < BATCH) return deleted;
  }
}

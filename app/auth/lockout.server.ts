import { createHash } from "node:crypto";
import type { Database } from "~/db/client.server";
import { bumpCounter, bumpCounterBelow, deleteCounters, dropCounters, readCounters } from "./lockout.queries.server";

/**
 * Failed sign-ins per account, on top of Better Auth's per-address limits, so that strangers'
 * wrong passwords throttle the strangers and not the owner:
 * - per account and client address: after CLIENT_MAX wrong passwords within WINDOW, that client
 *   is refused for that account until WINDOW has passed since its last failure;
 * - per account from anywhere: only after ACCOUNT_MAX failures (a distributed attack) is every
 *   client refused; a completed password reset lifts it at once.
 * A correct password clears the account-wide counter and that client's (other clients' stay, so
 * an attacker remains throttled). Keys are hashes: the table holds no e-mail or client addresses.
 *
 * Every attempt is counted as a failure before its password is checked (reserveAttempt), in the
 * statement that checks the limit: counted after the check, any number of attempts sent at once all
 * passed a limit none of them had reached yet. A correct password then clears the counters; an
 * attempt that ends otherwise without a wrong password (address not verified, invalid request) gives
 * its count back (releaseAttempt).
 */

export const CLIENT_MAX = 5;
export const ACCOUNT_MAX = 50;
export const WINDOW_SECONDS = 15 * 60;

const hash = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 32);
const accountPrefix = (email: string) => `sign-in-failures:${hash(email.trim().toLowerCase())}`;
const keysFor = (email: string, ip: string | null) => {
  const account = accountPrefix(email);
  return { account, client: `${account}:${hash(ip ?? "unknown")}` };
};

/** Seconds until this client may try this account again, or null when it may now. */
export async function lockedFor(db: Database, email: string, ip: string | null, now = Date.now()): Promise<number | null> {
  const keys = keysFor(email, ip);
  const rows = await readCounters(db, [keys.account, keys.client]);
  let wait = 0;
  for (const row of rows) {
    const max = row.key === keys.account ? ACCOUNT_MAX : CLIENT_MAX;
    if (row.count < max) continue;
    wait = Math.max(wait, Math.ceil((row.lastRequest + WINDOW_SECONDS * 1000 - now) / 1000));
  }
  return wait > 0 ? wait : null;
}

/**
 * Counts this attempt against the client's and the account's limits, or (counting nothing) returns
 * the seconds to wait when either limit is reached.
 */
export async function reserveAttempt(db: Database, email: string, ip: string | null, now = Date.now()): Promise<number | null> {
  const keys = keysFor(email, ip);
  const windowStart = now - WINDOW_SECONDS * 1000;
  const refused = async () => (await lockedFor(db, email, ip, now)) ?? 1;
  if (!(await bumpCounterBelow(db, keys.client, now, windowStart, CLIENT_MAX))) return refused();
  if (!(await bumpCounterBelow(db, keys.account, now, windowStart, ACCOUNT_MAX))) {
    await dropCounters(db, [keys.client]);
    return refused();
  }
  return null;
}

/** Gives back the count of an attempt that did not end with a wrong password. */
export async function releaseAttempt(db: Database, email: string, ip: string | null): Promise<void> {
  const keys = keysFor(email, ip);
  await dropCounters(db, [keys.client, keys.account]);
}

export async function recordFailure(db: Database, email: string, ip: string | null, now = Date.now()): Promise<void> {
  const keys = keysFor(email, ip);
  const windowStart = now - WINDOW_SECONDS * 1000;
  await bumpCounter(db, keys.client, now, windowStart);
  await bumpCounter(db, keys.account, now, windowStart);
}

/** After a correct password (ip: that client) or a completed reset (ip null: the account-wide counter only). */
export async function clearFailures(db: Database, email: string, ip: string | null): Promise<void> {
  const keys = keysFor(email, ip);
  await deleteCounters(db, ip === null ? [keys.account] : [keys.account, keys.client]);
}

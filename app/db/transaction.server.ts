import { getDb, type Database } from "./client.server";

/** A transaction handle; queries functions take one (or the database) so a service can group writes. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a queries function runs: inside a service's transaction, or on its own (autocommit). */
export type Executor = Database | Tx;

/**
 * Runs `fn` in one transaction: a service decides what belongs together and passes `tx` to queries
 * functions; it never builds SQL itself. Throwing inside rolls everything back.
 */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().transaction(fn);
}

/** For a queries function that takes an executor, when the caller needs no transaction. */
export function autocommit(): Executor {
  return getDb();
}

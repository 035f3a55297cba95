import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { getDb, type Database } from "~/db/client.server";
import * as schema from "~/db/schema";

/**
 * Better Auth's way into the database: its Drizzle adapter over our schema (user, session, account,
 * verification tables), writes of one auth request in one transaction. The rest of the auth wiring
 * (auth.server.ts) reaches the database only through query functions like this one.
 */
/** The database handle the auth wiring passes to these functions (it runs no SQL of its own). */
export type AuthDatabase = Database;

/** The process's database, which the process-wide auth instance is made for (auth.server.ts getAuth). */
export function processDatabase(): Database {
  return getDb();
}

export function authDatabase(db: Database) {
  return drizzleAdapter(db, { provider: "pg", schema, transaction: true });
}

/** Better Auth's adapter of the running auth transaction (the account being created is not committed yet). */
type AuthAdapter = { findOne: (q: { model: string; where: { field: string; value: string }[] }) => Promise<unknown> };

/** Whether a username is taken, asked through the running auth transaction's adapter. */
export async function usernameTakenInAuthTransaction(adapter: AuthAdapter, username: string): Promise<boolean> {
  return (await adapter.findOne({ model: "user", where: [{ field: "username", value: username }] })) !== null;
}

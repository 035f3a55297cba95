import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";

/**
 * Better Auth's way into the database: its Drizzle adapter over our schema (user, session, account,
 * verification tables), writes of one auth request in one transaction. The rest of the auth wiring
 * (auth.server.ts) reaches the database only through query functions like this one.
 */
export function authDatabase(db: Database) {
  return drizzleAdapter(db, { provider: "pg", schema, transaction: true });
}

import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client.server";

/** Where the committed SQL migrations live (drizzle/ at the project root). */
export function migrationsFolder(): string {
  const fromEnv = process.env.SAVEPOINT_MIGRATIONS_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  // app/db/ in source, build/server/ when bundled: both sit two levels below the root.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, "..", "..", "drizzle");
}

/** Applies pending migrations; safe to call on every start. */
export async function migrateDatabase(handle: DatabaseHandle, folder = migrationsFolder()): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePg(handle.db, { migrationsFolder: folder });
  }
}

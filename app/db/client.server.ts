import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir, type DirLock } from "./lock.server";
import * as schema from "./schema";

/**
 * The one database handle of the process.
 *
 * DATABASE_URL set → node-postgres pool; unset → PGlite (embedded Postgres in
 * WASM) in DATA_DIR. Both speak the same SQL and use the same schema and
 * migrations. The handle lives on globalThis because the React Router server
 * build bundles its own copy of this module next to the one server/ imports
 * (see docs/decisions/003-process-wide-handles.md).
 */

export type Database = NodePgDatabase<typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export const pgliteExtensions = { pg_trgm, unaccent, fuzzystrmatch } as const;

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Raw query for health checks and tooling. */
  ping(): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

const HANDLE_KEY = Symbol.for("savepoint.db");
type WithHandle = typeof globalThis & { [HANDLE_KEY]?: DatabaseHandle };

// Postgres int8 (count(*), sums) arrives as a string from node-postgres; parse it
// so both drivers return numbers. Our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An existing PGlite instance (tests); no lock is taken. */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    pool.on("error", () => {
      // an idle client died (server restart); the pool replaces it on next use
    });
    const db = drizzlePg(pool, { schema });
    return {
      kind: "postgres",
      db,
      pool,
      async ping() {
        await pool.query("select 1");
      },
      async close() {
        if (pool.ended || pool.ending) return;
        await pool.end();
      },
    };
  }

  let lock: DirLock | undefined;
  let client = opts.pglite;
  if (!client) {
    const dir = path.resolve(opts.dataDir ?? "./data", "pglite");
    lock = lockDataDir(path.dirname(dir));
    try {
      client = await PGlite.create(dir, { extensions: pgliteExtensions });
    } catch (err) {
      lock.release();
      throw err;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    pglite,
    async ping() {
      await pglite.query("select 1");
    },
    async close() {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export function setDatabase(handle: DatabaseHandle | undefined): void {
  (globalThis as WithHandle)[HANDLE_KEY] = handle;
}

export function getHandle(): DatabaseHandle {
  const handle = (globalThis as WithHandle)[HANDLE_KEY];
  if (!handle) throw new Error("The database is not open: call initDatabase() at start-up.");
  return handle;
}

/** The Drizzle database for queries. */
export function getDb(): Database {
  return getHandle().db;
}

export async function checkDatabase(): Promise<boolean> {
  try {
    await Promise.race([getHandle().ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref())]);
    return true;
  } catch {
    return false;
  }
}

export { sql };

/**
 * Creates the database named in a PostgreSQL URL when it does not exist yet
 * (connecting to the server's `postgres` database to do so). Returns true when
 * it was created.
 */
export async function ensurePostgresDatabase(databaseUrl: string): Promise<boolean> {
  const probe = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await probe.connect();
    return false;
  } catch (err) {
    if ((err as { code?: string }).code !== "3D000") throw err;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  return true;
}

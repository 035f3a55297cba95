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

/** Session settings of the index-plan pool: the planner may not choose a sequential scan or parallel workers. */
export const INDEX_PLAN_OPTIONS = "-c enable_seqscan=off -c max_parallel_workers_per_gather=0";

export const pgliteExtensions = { pg_trgm, unaccent, fuzzystrmatch } as const;

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Raw query for health checks and tooling. */
  ping(): Promise<void>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
  /**
   * PostgreSQL only (pools of 4 or more): a second, small pool (3 of a pool size of 10) whose sessions plan with index scans only (enable_seqscan
   * off, no parallel workers) — the search statements' settings (see withIndexPlans), given once per
   * connection instead of a BEGIN / set_config / COMMIT around every search (three round trips).
   */
  indexPlanDb?: Database;
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
    const size = opts.poolSize ?? 10;
    // The connections are shared out, not added: processes × pool size stays within max_connections
    // (decision 018). Pools of fewer than 4 (tools, tests) have no index-plan pool.
    const indexPlanSize = size >= 4 ? Math.floor(size * 0.3) : 0;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: size - indexPlanSize,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
    });
    pool.on("error", () => {
      // an idle client died (server restart); the pool replaces it on next use
    });
    const db = drizzlePg(pool, { schema });
    const indexPlanPool =
      indexPlanSize > 0
        ? new pg.Pool({
            connectionString: opts.databaseUrl,
            max: indexPlanSize,
            idleTimeoutMillis: 30_000,
            connectionTimeoutMillis: 5_000,
            options: INDEX_PLAN_OPTIONS,
          })
        : null;
    indexPlanPool?.on("error", () => undefined);
    return {
      kind: "postgres",
      db,
      pool,
      ...(indexPlanPool ? { indexPlanDb: drizzlePg(indexPlanPool, { schema }) } : {}),
      async ping() {
        await pool.query("select 1");
      },
      async close() {
        await Promise.all([pool, indexPlanPool].map((p) => (!p || p.ended || p.ending ? undefined : p.end())));
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

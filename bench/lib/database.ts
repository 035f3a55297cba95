import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteExtensions, type DatabaseHandle } from "../../app/db/client.server";
import { round } from "./format";
import { BenchError } from "./processes";

/**
 * The benchmark databases of bench/search.ts and bench/social.ts: a PGlite data directory kept between
 * runs as a gzipped dump in bench/.cache/, or a database of its own on a PostgreSQL server.
 */

/** The PostgreSQL server's maintenance database: the benchmarks create and drop theirs through it. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Unpacks a cached dump into `dataDir`/pglite. */
export async function restorePgliteCache(root: string, dataDir: string, cacheFile: string): Promise<void> {
  console.log(`Loading the cached database ${path.relative(root, cacheFile)}...`);
  const pgl = await PGlite.create(path.join(dataDir, "pglite"), {
    loadDataDir: new Blob([fs.readFileSync(cacheFile)]),
    extensions: pgliteExtensions,
  });
  await pgl.close();
}

/** Dumps the open PGlite database into `cacheFile`, in place of the older dumps whose names start with `prefix`. */
export async function savePgliteCache(root: string, handle: DatabaseHandle, cacheFile: string, prefix: string): Promise<void> {
  const cacheDir = path.dirname(cacheFile);
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const old of fs.readdirSync(cacheDir)) if (old.startsWith(prefix)) fs.rmSync(path.join(cacheDir, old));
  const dump = await handle.pglite?.dumpDataDir("gzip");
  if (dump) fs.writeFileSync(cacheFile, Buffer.from(await dump.arrayBuffer()));
  console.log(`Cached the database in ${path.relative(root, cacheFile)} (${round(fs.statSync(cacheFile).size / 2 ** 20, 1)} MB)`);
}

/** The URL of database `name` on the benchmark's PostgreSQL server, creating it unless `create` is false. */
export async function postgresDatabase(name: string, create = true): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new BenchError(`Could not connect to PostgreSQL at ${PG_ADMIN_URL}: ${(err as Error).message}`);
  }
  if (create) await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.end();
}

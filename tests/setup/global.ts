import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteExtensions } from "../../app/db/client.server";
import { migrateDatabase } from "../../app/db/migrate.server";

/**
 * Runs once per `vitest run`: builds a migrated template database that every
 * test file then copies (tests/setup/database.ts).
 * - PGlite (default): migrate an in-memory instance once and dump its data dir
 *   to a file; each test file loads that dump (about 0.6 s instead of a fresh
 *   initdb plus migrations).
 * - PostgreSQL (TEST_DATABASE_URL set): migrate a template database; each test
 *   file gets CREATE DATABASE ... TEMPLATE.
 */

declare module "vitest" {
  export interface ProvidedContext {
    testDb: { kind: "pglite"; dumpFile: string } | { kind: "postgres"; adminUrl: string; template: string };
  }
}

const migrations = path.resolve(import.meta.dirname, "..", "..", "drizzle");

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `savepoint_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await migrateDatabase(handle, migrations);
    await handle.close();
    project.provide("testDb", { kind: "postgres", adminUrl, template });
    return async () => {
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }

  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const handle = await openDatabase({ pglite });
  await migrateDatabase(handle, migrations);
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-test-"));
  const dumpFile = path.join(dir, "template.tar");
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDb", { kind: "pglite", dumpFile });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, pgliteExtensions, setDatabase, type DatabaseHandle } from "../../app/db/client.server";

/**
 * Gives the calling test file its own fresh, migrated database (a copy of the
 * template made by tests/setup/global.ts) and installs it as the process
 * database, so app code under test (getDb()) uses it.
 *
 *   const db = useTestDatabase();
 *   it("...", async () => { await db.handle().db.select()... });
 */
export function useTestDatabase() {
  let handle: DatabaseHandle | undefined;
  let dropName: string | undefined;
  const info = inject("testDb");

  beforeAll(async () => {
    handle = await openTestDatabase();
    setDatabase(handle);
  });

  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
    if (dropName && info.kind === "postgres") {
      const admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${dropName}" with (force)`);
      await admin.end();
    }
  });

  async function openTestDatabase(): Promise<DatabaseHandle> {
    if (info.kind === "postgres") {
      const name = `savepoint_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: info.adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}" template "${info.template}"`);
      await admin.end();
      dropName = name;
      const url = new URL(info.adminUrl);
      url.pathname = `/${name}`;
      return openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    }
    const dump = new Blob([fs.readFileSync(info.dumpFile)]);
    const pglite = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
    return openDatabase({ pglite });
  }

  return {
    handle(): DatabaseHandle {
      if (!handle) throw new Error("useTestDatabase(): the database opens in beforeAll");
      return handle;
    },
    get kind() {
      return info.kind;
    },
  };
}

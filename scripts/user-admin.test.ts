import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/db/client.server";
import { migrateDatabase } from "../app/db/migrate.server";
import { user } from "../app/db/schema";
import { createUser } from "../tests/factories";
import { useTestDatabase } from "../tests/setup/database";

/**
 * `npm run user:admin -- <username>` as a real process against a real database: the test
 * file's PostgreSQL database when TEST_DATABASE_URL is set, otherwise an embedded database in a
 * temporary DATA_DIR (which the script creates and migrates itself).
 */

const testDb = useTestDatabase();
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-user-admin-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(...args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
  };
  delete env.DATABASE_URL;
  if (testDb.kind === "postgres") {
    const options = (testDb.handle().pool as unknown as { options: { connectionString: string } }).options;
    env.DATABASE_URL = options.connectionString;
  }
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", "user-admin.ts"), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Adds a user to the database the script uses; returns a reader of their flag. */
async function addUser(username: string): Promise<() => Promise<boolean | undefined>> {
  if (testDb.kind === "postgres") {
    const u = await createUser({ username });
    return async () => {
      const [row] = await testDb.handle().db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.id, u.id));
      return row?.isAdmin;
    };
  }
  const h = await openDatabase({ dataDir });
  await migrateDatabase(h, path.join(root, "drizzle"));
  await h.db.insert(user).values({ email: `${username}@example.test`, name: username, username });
  await h.close();
  return async () => {
    const reader = await openDatabase({ dataDir });
    try {
      const [row] = await reader.db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.username, username));
      return row?.isAdmin;
    } finally {
      await reader.close();
    }
  };
}

describe("npm run user:admin", () => {
  it("exits 1 with a clear message for an unknown user, and 2 without a username", () => {
    const unknown = run("no_such_user_here");
    expect(unknown.code, unknown.stderr).toBe(1);
    expect(unknown.stderr).toContain("No user with the username 'no_such_user_here'.");
    const usage = run();
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run user:admin -- <username> [--revoke]");
  }, 180_000);

  it("sets the flag (username case-insensitive), then --revoke clears it", async () => {
    const name = `op_${process.pid % 100000}`;
    const isAdmin = await addUser(name);
    expect(await isAdmin()).toBe(false);

    const set = run(name.toUpperCase());
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(new RegExp(`${name} \\(user \\d+\\) is now an admin\\.`));
    expect(await isAdmin()).toBe(true);

    const revoke = run(name, "--revoke");
    expect(revoke.code, revoke.stderr).toBe(0);
    expect(revoke.stdout).toContain("is no longer an admin");
    expect(await isAdmin()).toBe(false);
  }, 240_000);
});

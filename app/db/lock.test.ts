import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DatabaseLockedError, lockDataDir } from "./lock.server";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "sp-lock-"));

describe("data directory lock", () => {
  it("is exclusive while held and free again once released", () => {
    const dir = tmp();
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lock.file, "utf8").trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    lockDataDir(dir).release();
  });

  it("refuses a directory held by another live process, naming it and the pid", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "savepoint.lock"), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(
      `The embedded database in ${dir} is in use by another Savepoint process (pid ${process.ppid}). Stop it, or set DATABASE_URL to use PostgreSQL.`,
    );
  });

  it("takes over a stale lock left by a dead process", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "savepoint.lock"), "2147483646\n");
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(lock.file, "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });
});

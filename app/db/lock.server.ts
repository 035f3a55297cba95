import fs from "node:fs";
import path from "node:path";

/**
 * One process per embedded data directory. PGlite is single-process: a second
 * process opening the same files would silently lose writes, so we take an
 * exclusive lock file holding our pid. A lock left by a dead process is taken over.
 */

export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Savepoint process (pid ${pid}). Stop it, or set DATABASE_URL to use PostgreSQL.`,
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface DirLock {
  file: string;
  release(): void;
}

export function lockDataDir(dir: string): DirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "savepoint.lock");
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, "wx", 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (Number.parseInt(fs.readFileSync(file, "utf8"), 10) === process.pid) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      } catch {
        continue; // removed between our open and read: try again
      }
      if (holder === process.pid) throw new DatabaseLockedError(dir, holder);
      if (isAlive(holder)) throw new DatabaseLockedError(dir, holder);
      // Stale lock from a dead process (or an empty file from a crash mid-write):
      // take it over. Rename first so two contenders cannot both delete a fresh lock.
      const stale = `${file}.stale-${process.pid}`;
      try {
        fs.renameSync(file, stale);
        fs.unlinkSync(stale);
      } catch {
        // someone else took it over first; loop and re-check
      }
    }
  }
  throw new Error(`Could not take the lock on ${file}`);
}

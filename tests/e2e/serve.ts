/**
 * Starts the production server for Playwright on a fresh temporary data
 * directory (removed again on exit), so e2e runs never touch ./data and never
 * see each other's rows. Requires build/ (npm run test:e2e builds first).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PREFIX = "savepoint-e2e-";
const OWNER_FILE = "owner.pid";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

// Leftovers of runs that were killed before they could clean up: the owner is
// dead, or (killed during the final removal) the owner file is already gone.
for (const name of fs.readdirSync(os.tmpdir())) {
  if (!name.startsWith(PREFIX)) continue;
  const dir = path.join(os.tmpdir(), name);
  try {
    const ownerFile = path.join(dir, OWNER_FILE);
    const stale = fs.existsSync(ownerFile)
      ? !isAlive(Number(fs.readFileSync(ownerFile, "utf8")))
      : Date.now() - fs.statSync(dir).mtimeMs > 60 * 60 * 1000;
    if (stale) fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // another run removed it meanwhile
  }
}

// <tmp>/savepoint-e2e-XXXX/{owner.pid, data/}: the data goes first on exit, so
// a run killed half-way still leaves its owner file for the sweep above.
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
fs.writeFileSync(path.join(runDir, OWNER_FILE), String(process.pid));
const dataDir = path.join(runDir, "data");
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? "3210";
process.env.HOST = "127.0.0.1";
process.env.APP_URL = `http://127.0.0.1:${process.env.PORT}`;
delete process.env.DATABASE_URL;
process.env.NODE_ENV = "production";

process.on("exit", () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(runDir, { recursive: true, force: true });
});

await import("../../server/index");

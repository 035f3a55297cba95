import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { pgliteExtensions } from "../../app/db/client.server";

/**
 * Process-level guarantees of the embedded database: acknowledged writes
 * survive SIGKILL, a second process is refused with the lock message, SIGTERM
 * finishes in-flight requests and exits 0.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
// `node --import tsx` (not the tsx wrapper) so the child pid is the process holding the lock.
const node = process.execPath;
const tsxArgs = ["--import", "tsx"];
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "sp-proc-"));

function start(script: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcessWithoutNullStreams {
  return spawn(node, [...tsxArgs, path.join(import.meta.dirname, "fixtures", script), ...args], {
    cwd: root,
    env: { ...process.env, ...env, SAVEPOINT_MIGRATIONS_DIR: path.join(root, "drizzle") },
  });
}

function lines(child: ChildProcessWithoutNullStreams, onLine: (l: string) => void) {
  readline.createInterface({ input: child.stdout }).on("line", onLine);
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );

describe("embedded database process safety", () => {
  it("keeps every acknowledged write after SIGKILL, and the next process takes over the stale lock", async () => {
    const dir = tmp();
    const child = start("write-loop.ts", [dir]);
    const acked: number[] = [];
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const done = exited(child);
    await new Promise<void>((resolve, reject) => {
      lines(child, (l) => {
        if (l.startsWith("ack ")) acked.push(Number(l.slice(4)));
        if (acked.length === 300) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      void done.then(() => reject(new Error(`writer exited early: ${stderr}`)));
    });
    const { signal } = await done;
    expect(signal).toBe("SIGKILL");
    expect(fs.readFileSync(path.join(dir, "savepoint.lock"), "utf8").trim()).toBe(String(child.pid));

    // A new process opens the same directory (the lock of the dead pid is stale).
    const check = spawnSync(
      node,
      [
        ...tsxArgs,
        "--input-type=module",
        "-e",
        `import { openDatabase } from "./app/db/client.server.ts";
         const h = await openDatabase({ dataDir: ${JSON.stringify(dir)} });
         const r = await h.pglite.query("select id from game order by id");
         console.log(JSON.stringify(r.rows.map((x) => x.id)));
         await h.close();`,
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(check.status, check.stderr).toBe(0);
    const present = new Set<number>(JSON.parse(check.stdout.trim().split("\n").pop()!) as number[]);
    const lost = acked.filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    expect(present.size).toBeGreaterThanOrEqual(acked.length);
  }, 120_000);

  it("refuses a second process on the same data directory with the lock message, exit 1", async () => {
    const dir = tmp();
    const holder = start("write-loop.ts", [dir]);
    const holderExit = exited(holder);
    await new Promise<void>((resolve) => lines(holder, (l) => l === "ready" && resolve()));
    const second = spawnSync(node, [...tsxArgs, "scripts/db-migrate.ts"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dir },
    });
    holder.kill("SIGKILL");
    await holderExit;
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `The embedded database in ${dir} is in use by another Savepoint process (pid ${holder.pid}). Stop it, or set DATABASE_URL to use PostgreSQL.`,
    );
  }, 120_000);

  it("on SIGTERM finishes the in-flight request, refuses new ones, closes the database and exits 0", async () => {
    const dir = tmp();
    const child = start("slow-server.ts", [dir]);
    const done = exited(child);
    const port = await new Promise<number>((resolve) => lines(child, (l) => l.startsWith("port ") && resolve(Number(l.slice(5)))));
    const inflight = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => ({ status: r.status, body: await r.text() }));
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    expect(await inflight).toEqual({ status: 200, body: "finished" });
    const { code } = await done;
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dir, "savepoint.lock"))).toBe(false);
    // The database was closed cleanly: it opens again.
    const again = await PGlite.create(path.join(dir, "pglite"), { extensions: pgliteExtensions });
    await again.close();
  }, 120_000);
});

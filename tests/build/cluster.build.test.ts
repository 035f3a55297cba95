import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Several server processes on PostgreSQL (WEB_CONCURRENCY, docs/decisions/018), started as `npm start`
 * starts the production build: the workers share the port, a worker that dies is replaced, SIGTERM stops
 * them all and the primary exits 0. The embedded database refuses more than one process.
 */
const root = path.resolve(import.meta.dirname, "..", "..");
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `savepoint_cluster_${process.pid}`;
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

function startServer(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SAVEPOINT_SKIP_BUILD: "1",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "warn",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "sp-cluster-")),
      ...env,
    },
  });
}

function output(child: ChildProcessWithoutNullStreams): () => string {
  let text = "";
  child.stdout.on("data", (d: Buffer) => (text += d.toString()));
  child.stderr.on("data", (d: Buffer) => (text += d.toString()));
  return () => text;
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null }>((resolve) => child.once("exit", (code) => resolve({ code })));

async function until<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (ppid === pid && cmd.includes("server/index.ts")) kids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return kids;
}

describe("several server processes (WEB_CONCURRENCY)", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  });

  it("on PostgreSQL: two workers share the port, a dead worker is replaced, SIGTERM stops all and exits 0", async () => {
    const child = startServer({ DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "2" });
    const text = output(child);
    const done = exited(child);
    const url = await until("the banner", () => /running at (http:\/\/\S+) \(2 processes\)/.exec(text())?.[1], 120_000);
    expect(text().match(/running at/g)).toHaveLength(1);

    const workers = childrenOf(child.pid!);
    expect(workers).toHaveLength(2);
    for (let i = 0; i < 6; i++) expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Savepoint");

    // A worker killed outright: the primary starts another; the site keeps answering meanwhile.
    process.kill(workers[0]!, "SIGKILL");
    const replaced = await until("a replacement worker", () => {
      const now = childrenOf(child.pid!);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    });
    expect(replaced).toContain(workers[1]);
    await until("the replacement to answer", async () => {
      const statuses = await Promise.all(Array.from({ length: 6 }, () => fetch(`${url}/healthz`).then((r) => r.status)));
      return statuses.every((s) => s === 200) ? true : undefined;
    });

    child.kill("SIGTERM");
    expect((await done).code).toBe(0);
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
  }, 180_000);

  it("the embedded database refuses more than one process, with the reason, exit 1", async () => {
    const child = startServer({ DATABASE_URL: "", WEB_CONCURRENCY: "2" });
    const text = output(child);
    const { code } = await exited(child);
    expect(code).toBe(1);
    expect(text()).toContain(
      "WEB_CONCURRENCY: expected 1 with the embedded database (one process opens it); several server processes need PostgreSQL (set DATABASE_URL)",
    );
  }, 60_000);
});

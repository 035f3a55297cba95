import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildIsStale } from "../../server/build";

/** A child process serving HTTP on `url`. */
export interface Served {
  url: string;
  pid: number;
  /** SIGTERM, then wait (SIGKILL after `timeoutMs`); resolves with the exit code (null when killed). */
  stop(timeoutMs?: number): Promise<number | null>;
  /** The last lines the process printed (for error messages). */
  output(): string;
}

export class BenchError extends Error {
  override name = "BenchError";
}

/**
 * `npm run bench` builds nothing: the production server needs build/, and it
 * rebuilds on its own when build/ is older than the sources, which a benchmark
 * must not trigger. Both cases stop here with what to run.
 */
export function assertBuild(root: string): void {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new BenchError("build/ is missing: run npm run build first (the benchmarks measure the production build and never build it).");
  }
  if (buildIsStale(root)) {
    console.warn("note: build/ is older than the sources; measuring it as it is (npm run build to refresh).");
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function tail(buf: string[], text: string) {
  buf.push(...text.split("\n").filter(Boolean));
  if (buf.length > 60) buf.splice(0, buf.length - 60);
}

function stopper(child: ChildProcess) {
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
  return async (timeoutMs = 30_000): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
}

/** Waits until GET url answers 200 (or the process dies, or the time runs out). */
async function waitFor(url: string, child: ChildProcess, lines: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new BenchError(`The server exited (code ${child.exitCode ?? child.signalCode}) before answering:\n${lines.join("\n")}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new BenchError(`No answer from ${url} within ${Math.round(timeoutMs / 1000)} s:\n${lines.join("\n")}`);
}

/** A started child process as Served: its last lines kept, ready once `readyUrl` answers 200 (stopped if it never does). */
async function served(child: ChildProcess, url: string, readyUrl: string, timeoutMs: number): Promise<Served> {
  const lines: string[] = [];
  child.stdout?.on("data", (d: Buffer) => tail(lines, d.toString()));
  child.stderr?.on("data", (d: Buffer) => tail(lines, d.toString()));
  const stop = stopper(child);
  try {
    await waitFor(readyUrl, child, lines, timeoutMs);
  } catch (err) {
    await stop(5000);
    throw err;
  }
  return { url, pid: child.pid ?? 0, stop, output: () => lines.join("\n") };
}

export interface ServerOptions {
  root: string;
  dataDir: string;
  /** PostgreSQL instead of PGlite in dataDir. */
  databaseUrl?: string;
  startTimeoutMs?: number;
}

/**
 * The production server as `npm start` runs it (node --import tsx server/index.ts,
 * NODE_ENV=production) on a free port with LOG_LEVEL=warn, ready once
 * /healthz answers 200.
 */
export async function startAppServer(opts: ServerOptions): Promise<Served> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // The benchmark measures the build that exists; the server must never rebuild it.
    SAVEPOINT_SKIP_BUILD: "1",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: "warn",
    // The races send changes as fast as they can to measure contention, not the per-member limit.
    WRITE_RATE_LIMIT: "0",
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  // Not through the tsx wrapper: it SIGKILLs a child that does not confirm a signal within ~60 ms, and
  // a server busy with a query under load cannot; `npm start` runs node --import tsx for the same reason.
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: opts.root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = `http://127.0.0.1:${port}`;
  return served(child, url, `${url}/healthz`, opts.startTimeoutMs ?? 180_000);
}

const CEILING_SERVER = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("ok");
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => { server.close(() => process.exit(0)); server.closeAllConnections(); });
`;

/** A bare Node http server answering "ok", in its own process: the machine's ceiling. */
export async function startCeilingServer(): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", CEILING_SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = `http://127.0.0.1:${port}`;
  return served(child, url, `${url}/`, 15_000);
}

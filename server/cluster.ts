import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../app/db/client.server";
import { listeningUrl } from "./build";

/**
 * The primary of several server processes (WEB_CONCURRENCY > 1, PostgreSQL only; docs/decisions/018).
 * It has built, migrated and seeded before this runs, keeps the background jobs, and:
 * - forks `processes` workers running this same entry point (server/main.ts); they share the listening
 *   socket (Node's cluster hands connections out round-robin) and each opens its own connection pool;
 * - prints the "running at" line once every worker listens; a worker that fails before that (port in use,
 *   a database it cannot reach) stops the others and exits 1;
 * - replaces a worker that dies later (logged as an error), at most 5 times a minute, then gives up;
 * - on SIGTERM / SIGINT passes SIGTERM to every worker (each finishes its in-flight requests as a single
 *   process does), waits for them, stops its jobs, closes its database handle and exits 0.
 */
export async function runPrimary(opts: {
  processes: number;
  log: Logger;
  handle: DatabaseHandle;
  stopJobs: Array<() => Promise<void> | void>;
  host: string;
  graceMs?: number;
}): Promise<void> {
  const { processes, log, handle } = opts;
  const graceMs = opts.graceMs ?? 10_000;
  let ready = false;
  let stopping = false;
  const restarts: number[] = [];
  const listening = new Set<number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("listening", (address) => {
      listening.add(worker.id);
      if (!ready && listening.size >= processes) {
        ready = true;
        const url = listeningUrl(opts.host, address.port);
        log.info({ url, processes }, "listening");
        console.log(`\n  Savepoint is running at ${url} (${processes} processes)\n`);
      }
    });
    return worker;
  };

  const stopAll = (exitCode: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} worker processes`);
    const force = setTimeout(() => {
      log.warn(`workers did not stop in ${graceMs + 2_000} ms; killing them`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGKILL");
    }, graceMs + 2_000);
    force.unref();
    const done = () => {
      clearTimeout(force);
      Promise.allSettled(opts.stopJobs.map(async (stop) => stop()))
        .then(() => handle.close())
        .then(() => {
          log.info("stopped");
          process.exit(exitCode);
        })
        .catch((err: unknown) => {
          log.error({ err }, "closing the database failed");
          process.exit(1);
        });
    };
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    if (alive.length === 0) return done();
    let left = alive.length;
    for (const w of alive) {
      w.once("exit", () => {
        left -= 1;
        if (left === 0) done();
      });
      w.process.kill("SIGTERM");
    }
  };

  cluster.on("exit", (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) return;
    if (!ready) {
      log.error({ code, signal }, "a server process failed to start");
      stopAll(1, "start-up failed");
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > 5) {
      log.error({ code, signal }, "server processes keep exiting (more than 5 in a minute); stopping");
      stopAll(1, "too many restarts");
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "a server process exited; starting another");
    fork();
  });

  process.on("SIGTERM", () => stopAll(0, "SIGTERM received"));
  process.on("SIGINT", () => stopAll(0, "SIGINT received"));

  for (let i = 0; i < processes; i++) fork();
}

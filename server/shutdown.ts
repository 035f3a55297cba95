import type http from "node:http";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../app/db/client.server";
import { flushGameViews } from "../app/modules/catalogue/view-counter.server";

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (at most `graceMs`), write the batched game views, close the database
 * (which releases the PGlite lock), exit 0.
 */
export function installGracefulShutdown(
  server: http.Server,
  handle: DatabaseHandle,
  log: Logger,
  graceMs = 10_000,
  /** Background jobs to stop at once (timers cleared); the database closes after they resolve. */
  stopJobs: Array<() => Promise<void> | void> = [],
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing in-flight requests`);
    const jobsStopped = Promise.allSettled(stopJobs.map(async (stopJob) => stopJob()));
    const force = setTimeout(() => {
      log.warn(`in-flight requests did not finish in ${graceMs} ms; closing them`);
      server.closeAllConnections();
    }, graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      jobsStopped
        .then(() => flushGameViews())
        .then(() => handle.close())
        .then(() => {
          log.info("stopped");
          process.exit(0);
        })
        .catch((err: unknown) => {
          log.error({ err }, "closing the database failed");
          process.exit(1);
        });
    });
    // Keep-alive connections with no request in flight would hold close() open;
    // connections whose request finishes later become idle and are closed then.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

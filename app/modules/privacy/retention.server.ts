import { RETENTION_DAYS } from "~/lib/consent";
import { purgeBefore } from "./privacy.queries.server";

/**
 * The banner promises that data is kept for 90 days only: page views and
 * privacy audit entries older than that are deleted at start-up and then once a day.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
}

export async function purgeExpiredPrivacyData(now = new Date()): Promise<{ pageViews: number; auditEntries: number }> {
  return purgeBefore(retentionCutoff(now));
}

interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RetentionJob {
  /** Resolves when the current run (if any) has finished; clears the timer. */
  stop(): Promise<void>;
  /** The run in progress or the last one (tests). */
  readonly lastRun: Promise<void>;
}

/**
 * Runs the purge now and every `intervalMs` (default a day). The timer is unref'd so it never
 * keeps the process alive; stop() clears it and waits for a run in progress, so shutdown closes
 * the database only after the purge has let go of it. A failed run is logged and retried at the
 * next tick.
 */
export function startRetentionJob(log: JobLogger, intervalMs = DAY_MS): RetentionJob {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    if (stopped) return;
    running = running.then(async () => {
      if (stopped) return;
      try {
        const r = await purgeExpiredPrivacyData();
        if (r.pageViews + r.auditEntries > 0) log.info(r, `privacy retention: deleted data older than ${RETENTION_DAYS} days`);
      } catch (err) {
        log.error({ error: err instanceof Error ? err.message : String(err) }, "privacy retention run failed; retrying at the next run");
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    get lastRun() {
      return running;
    },
  };
}

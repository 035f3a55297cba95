/**
 * Background work on a timer, off the request path (the privacy retention purge, the rate-limit
 * sweep). The timer is unref'd, so it never keeps the process alive. Runs never overlap: a tick that
 * comes while a run is still going is skipped, so slow runs do not pile up. A failed run is handed to
 * `onError` (the job logs it) and the next tick tries again; nothing is thrown. stop() clears the
 * timer and waits for a run in progress, so shutdown closes the database only after the job has let
 * go of it.
 */

export interface PeriodicJob {
  /** Clears the timer; resolves when the run in progress (if any) has finished. */
  stop(): Promise<void>;
  /** The run in progress or the last one (tests). */
  readonly lastRun: Promise<void>;
}

export interface PeriodicJobOptions {
  intervalMs: number;
  /** Runs once at start as well; otherwise the first run is one interval in. */
  runAtStart?: boolean;
  run: () => Promise<void>;
  /** A run failed (its error's message): the job carries on at the next tick. */
  onError: (message: string) => void;
}

export function startPeriodicJob({ intervalMs, runAtStart = false, run, onError }: PeriodicJobOptions): PeriodicJob {
  let stopped = false;
  let busy = false;
  let lastRun: Promise<void> = Promise.resolve();
  const tick = () => {
    if (stopped || busy) return;
    busy = true;
    lastRun = (async () => {
      try {
        await run();
      } catch (err) {
        onError(err instanceof Error ? err.message : String(err));
      } finally {
        busy = false;
      }
    })();
  };
  if (runAtStart) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await lastRun;
    },
    get lastRun() {
      return lastRun;
    },
  };
}

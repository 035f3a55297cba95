import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "./periodic-job.server";

/** A run the test finishes by hand. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("startPeriodicJob", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("keeps no process alive: its timer is unref'd", async () => {
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    const job = startPeriodicJob({ intervalMs: 60_000, run: async () => undefined, onError: vi.fn() });
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
    expect((setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false);
    await job.stop();
  });

  it("runs on its interval, and at start too when asked", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const later = vi.fn(async () => undefined);
    const now = vi.fn(async () => undefined);
    const a = startPeriodicJob({ intervalMs: 1000, run: later, onError: vi.fn() });
    const b = startPeriodicJob({ intervalMs: 1000, runAtStart: true, run: now, onError: vi.fn() });
    expect(later).toHaveBeenCalledTimes(0);
    expect(now).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1000);
    expect(later).toHaveBeenCalledTimes(1);
    expect(now).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(later).toHaveBeenCalledTimes(3);
    await a.stop();
    await b.stop();
  });

  it("never overlaps: ticks that come while a run is going are skipped", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let slow = deferred();
    const run = vi.fn(() => slow.promise);
    const job = startPeriodicJob({ intervalMs: 100, run, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
    slow.resolve();
    await job.lastRun;
    slow = deferred();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    slow.resolve();
    await job.stop();
  });

  it("hands a failed run to onError, throws nothing, and runs again at the next tick", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const onError = vi.fn();
    const run = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error("database gone"))
      .mockRejectedValueOnce("not an Error")
      .mockResolvedValue(undefined);
    const job = startPeriodicJob({ intervalMs: 100, runAtStart: true, run, onError });
    await expect(job.lastRun).resolves.toBeUndefined();
    expect(onError).toHaveBeenLastCalledWith("database gone");
    await vi.advanceTimersByTimeAsync(100);
    await job.lastRun;
    expect(onError).toHaveBeenLastCalledWith("not an Error");
    await vi.advanceTimersByTimeAsync(100);
    await job.lastRun;
    expect(run).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it("stop() waits for the run in progress, and no run starts after it", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const slow = deferred();
    let finished = false;
    const run = vi.fn(async () => {
      await slow.promise;
      finished = true;
    });
    const job = startPeriodicJob({ intervalMs: 100, runAtStart: true, run, onError: vi.fn() });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    slow.resolve();
    await stopping;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

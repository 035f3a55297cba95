import { describe, expect, it } from "vitest";
import { RequestLimiter } from "./igdb-limiter";

/** A fake clock whose timers run when time is advanced. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (fn: () => void, ms: number) => {
      const t = { at: now + ms, fn };
      timers.push(t);
      return t;
    },
    clearTimer: (h: unknown) => {
      timers = timers.filter((t) => t !== h);
    },
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.fn();
        await Promise.resolve();
      }
      now = end;
      await Promise.resolve();
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));

describe("RequestLimiter", () => {
  it("starts at most perWindow requests in any window", async () => {
    const clock = fakeClock();
    const limiter = new RequestLimiter({ perWindow: 4, windowMs: 1000, maxInFlight: 100, ...clock });
    const starts: number[] = [];
    const all = Array.from({ length: 10 }, () => limiter.acquire().then((release) => (starts.push(clock.now()), release())));
    await flush();
    expect(starts).toEqual([0, 0, 0, 0]);
    await clock.advance(999);
    await flush();
    expect(starts).toHaveLength(4);
    await clock.advance(1);
    await flush();
    expect(starts).toEqual([0, 0, 0, 0, 1000, 1000, 1000, 1000]);
    await clock.advance(1000);
    await Promise.all(all);
    expect(starts.slice(8)).toEqual([2000, 2000]);
  });

  it("counts a request until windowMs after it ended, so late sends cannot bunch up arrivals", async () => {
    const clock = fakeClock();
    const limiter = new RequestLimiter({ perWindow: 2, windowMs: 1000, maxInFlight: 8, ...clock });
    const a = await limiter.acquire();
    const b = await limiter.acquire();
    let started = 0;
    const c = limiter.acquire().then((r) => ((started = clock.now()), r));
    await clock.advance(1500);
    await flush();
    expect(started).toBe(0); // both still open: no slot, whatever the time
    a(); // ends at 1500
    await clock.advance(999);
    await flush();
    expect(started).toBe(0);
    await clock.advance(1);
    (await c)();
    expect(started).toBe(2500);
    b();
  });

  it("keeps at most maxInFlight open and serves waiters in order", async () => {
    const clock = fakeClock();
    const limiter = new RequestLimiter({ perWindow: 100, windowMs: 1000, maxInFlight: 2, ...clock });
    const order: number[] = [];
    const releases: (() => void)[] = [];
    for (let i = 0; i < 5; i++) void limiter.acquire().then((r) => (order.push(i), releases.push(r)));
    await flush();
    expect(order).toEqual([0, 1]);
    expect(limiter.inFlight).toBe(2);
    expect(limiter.waiting).toBe(3);
    releases[0]!();
    releases[0]!(); // a second release is ignored
    await flush();
    expect(order).toEqual([0, 1, 2]);
    expect(limiter.inFlight).toBe(2);
  });

  it("adds the margin to the window and drops aborted waiters", async () => {
    const clock = fakeClock();
    const limiter = new RequestLimiter({ perWindow: 1, windowMs: 100, marginMs: 20, maxInFlight: 8, ...clock });
    (await limiter.acquire())();
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const next = limiter.acquire();
    controller.abort(new Error("gone"));
    await expect(aborted).rejects.toThrow("gone");
    await clock.advance(119);
    await flush();
    expect(limiter.waiting).toBe(1);
    await clock.advance(1);
    await expect(next).resolves.toBeTypeOf("function");
  });
});

/**
 * A request limiter for one external API: at most `perWindow` requests within any `windowMs`, and at
 * most `maxInFlight` open at once. Waiters are served first come, first served. The clock and timers
 * are injectable so tests can run it fast; the IGDB client uses one instance for the whole process
 * (4 per 1000 ms, 8 in flight).
 *
 * A request counts against the window from the moment it starts until `windowMs` after it ENDS
 * (release). The API counts requests when they arrive, which is some time after we start them (a
 * stalled event loop or a slow network can bunch requests started 1000 ms apart into one arrival
 * second); a request always arrives before its answer does, so anchoring the window at the answer
 * guarantees the API never sees more than `perWindow` arrivals in any window, at a small cost in
 * throughput (4 per (1 s + latency)). `marginMs` widens the window further.
 */

export interface LimiterOptions {
  perWindow: number;
  windowMs: number;
  maxInFlight: number;
  /** Extra spacing added to the window (default 0). */
  marginMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class RequestLimiter {
  readonly perWindow: number;
  readonly windowMs: number;
  readonly maxInFlight: number;
  readonly marginMs: number;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  /** One entry per request in the window: its end time, or Infinity while it is open. */
  private readonly stamps: number[] = [];
  private readonly queue: Waiter[] = [];
  private inFlightCount = 0;
  private timer: unknown = null;

  constructor(opts: LimiterOptions) {
    if (!(opts.perWindow >= 1) || !(opts.windowMs > 0) || !(opts.maxInFlight >= 1)) {
      throw new Error("RequestLimiter: perWindow and maxInFlight must be ≥ 1 and windowMs > 0");
    }
    this.perWindow = Math.floor(opts.perWindow);
    this.windowMs = opts.windowMs;
    this.maxInFlight = Math.floor(opts.maxInFlight);
    this.marginMs = Math.max(0, opts.marginMs ?? 0);
    this.now = opts.now ?? (() => performance.now());
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** Requests currently holding a slot. */
  get inFlight(): number {
    return this.inFlightCount;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Waits for a slot; resolves with `release`, which the caller must call once the request is over
   * (response read or failed). Rejects with the signal's reason when `signal` aborts while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(signal.reason);
          this.pump();
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Runs `fn` while holding a slot. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const now = this.now();
      const span = this.windowMs + this.marginMs;
      for (let i = this.stamps.length - 1; i >= 0; i--) if ((this.stamps[i] ?? 0) <= now - span) this.stamps.splice(i, 1);
      if (this.inFlightCount >= this.maxInFlight) return; // a release pumps again
      if (this.stamps.length >= this.perWindow) {
        const oldestEnd = Math.min(...this.stamps);
        // Only open requests in the window: their release pumps again.
        if (Number.isFinite(oldestEnd)) this.schedule(Math.max(1, oldestEnd + span - now));
        return;
      }
      const waiter = this.queue.shift()!;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
      this.stamps.push(Infinity);
      this.inFlightCount++;
      let released = false;
      waiter.resolve(() => {
        if (released) return;
        released = true;
        // Open entries are interchangeable: one of them becomes this request's end time.
        const i = this.stamps.indexOf(Infinity);
        if (i >= 0) this.stamps[i] = this.now();
        this.inFlightCount--;
        this.pump();
      });
    }
  }

  private schedule(ms: number): void {
    if (this.timer !== null) return;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.pump();
    }, Math.ceil(ms));
  }

  /** Drops pending timers (tests). Waiters stay queued. */
  dispose(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }
}

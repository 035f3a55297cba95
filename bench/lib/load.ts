import autocannon from "autocannon";
import { fmt, round } from "./format";
import { startCeilingServer } from "./processes";

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of warm-up before (not measured). */
  warmup: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  avg: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Server and PostgreSQL CPU time per completed request over the measured run (`cpu` given, Linux). */
  cpuMsPerRequest?: { server: number; postgres: number };
}

/**
 * Drives `url` (or the `paths` in turn, each connection cycling through them)
 * with autocannon. Requests ask for gzip like a browser does; `headers` adds to every request (a
 * session cookie).
 */
export async function drive(
  url: string,
  opts: LoadOptions,
  paths?: string[],
  headers: Record<string, string> = {},
  cpu?: () => { server: number; postgres: number } | null,
): Promise<LoadResult> {
  const base = {
    url,
    connections: opts.connections,
    timeout: 10,
    headers: { "accept-encoding": "gzip", accept: "text/html,application/json;q=0.9,*/*;q=0.8", ...headers },
    ...(paths?.length ? { requests: paths.map((p) => ({ method: "GET", path: p })) } : {}),
  };
  if (opts.warmup > 0) await autocannon({ ...base, duration: opts.warmup });
  const before = cpu?.() ?? null;
  const r = await autocannon({ ...base, duration: opts.duration });
  const after = cpu?.() ?? null;
  const perRequest = (a: number, b: number) => round((b - a) / Math.max(1, r.requests.total), 2);
  return {
    ...(before && after
      ? { cpuMsPerRequest: { server: perRequest(before.server, after.server), postgres: perRequest(before.postgres, after.postgres) } }
      : {}),
    reqPerSec: round(r.requests.total / Math.max(0.001, r.duration), 1),
    p50: r.latency.p50,
    p99: r.latency.p99,
    avg: round(r.latency.average, 2),
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

export interface Probe {
  ok: boolean;
  status: number;
  note?: string;
}

/**
 * One GET before measuring: a route is measured only when it answers 200 with
 * a real page (the placeholders of pages still being built say "Coming soon.").
 * `mustContain` checks the page shows what it should (e.g. the game's name).
 */
export async function probe(url: string, mustContain?: string): Promise<Probe> {
  try {
    const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(15_000) });
    const body = await res.text();
    if (res.status !== 200) return { ok: false, status: res.status, note: `HTTP ${res.status}` };
    if (body.includes("Coming soon.")) return { ok: false, status: 200, note: "placeholder page" };
    if (mustContain && !body.includes(mustContain)) return { ok: false, status: 200, note: `page does not show "${mustContain}"` };
    return { ok: true, status: 200 };
  } catch (err) {
    return { ok: false, status: 0, note: (err as Error).message };
  }
}

/** The machine's ceiling: a bare Node http server in its own process, driven like the app, then stopped. */
export async function measureCeiling(opts: LoadOptions): Promise<LoadResult> {
  const ceiling = await startCeilingServer();
  try {
    process.stdout.write("ceiling (bare node http) ... ");
    const r = await drive(ceiling.url, opts);
    console.log(`${fmt(r.reqPerSec, 0)} req/s`);
    return r;
  } finally {
    await ceiling.stop();
  }
}

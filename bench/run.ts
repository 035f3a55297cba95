/**
 * `npm run bench`: HTTP throughput and latency of the production server, next
 * to a bare Node http server on the same machine in the same run (the ceiling).
 * Builds nothing (run `npm run build` first). See bench/README.md.
 *
 *   npm run bench -- [--duration 10] [--connections 64] [--warmup 2] [--out bench/results/latest.json]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fmt, round, table } from "./lib/format";
import { drive, measureCeiling, probe, type LoadOptions, type LoadResult } from "./lib/load";
import { loadAverage, machineInfo } from "./lib/machine";
import { assertBuild, BenchError, startAppServer, type Served } from "./lib/processes";
import { runBench, writeReport } from "./lib/report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Target {
  name: string;
  path: string;
  /** Text the page must show to count as the real page (not a placeholder). */
  mustContain?: string;
}

// The demo catalogue is seeded into the fresh data dir on start, so these exist.
const TARGETS: Target[] = [
  { name: "healthz", path: "/healthz", mustContain: '"status":"ok"' },
  { name: "home", path: "/" },
  { name: "search page", path: "/search?q=mario" },
  { name: "game page", path: "/game/super-mario-64", mustContain: "Super Mario 64" },
  { name: "search API", path: "/api/games/search?q=mario", mustContain: '"games"' },
];

export interface RouteRow extends Partial<LoadResult> {
  name: string;
  path: string;
  status: "measured" | "skipped";
  note?: string;
  fractionOfCeiling?: number;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new BenchError(`--${name} must be a positive number (got "${value}")`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string" },
      connections: { type: "string" },
      warmup: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log("Usage: npm run bench -- [--duration 10] [--connections 64] [--warmup 2] [--out bench/results/latest.json]");
    return 0;
  }
  const load: LoadOptions = {
    duration: positive("duration", values.duration, 10),
    connections: Math.round(positive("connections", values.connections, 64)),
    warmup: values.warmup === "0" ? 0 : positive("warmup", values.warmup, 2),
  };
  const out = path.resolve(values.out ?? path.join(root, "bench", "results", "latest.json"));
  assertBuild(root);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-bench-"));
  let app: Served | undefined;
  let exitCode: number | null = null;
  const rows: RouteRow[] = [];
  let ceilingResult: LoadResult | undefined;
  const loadBefore = loadAverage();
  try {
    console.log(`Starting the production server on a fresh data dir (${dataDir})...`);
    app = await startAppServer({ root, dataDir });
    console.log(`Each target: ${load.warmup} s warm-up, then ${load.duration} s with ${load.connections} connections.\n`);
    ceilingResult = await measureCeiling(load);

    for (const t of TARGETS) {
      process.stdout.write(`${t.name} ${t.path} ... `);
      const p = await probe(app.url + t.path, t.mustContain);
      if (!p.ok) {
        console.log(`skipped (${p.note})`);
        rows.push({ name: t.name, path: t.path, status: "skipped", note: p.note });
        continue;
      }
      const r = await drive(app.url + t.path, load);
      console.log(`${fmt(r.reqPerSec, 0)} req/s`);
      rows.push({
        name: t.name,
        path: t.path,
        status: "measured",
        ...r,
        fractionOfCeiling: round(r.reqPerSec / ceilingResult.reqPerSec, 3),
      });
    }
  } finally {
    if (app) exitCode = await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const all = [{ name: "ceiling", path: "(bare node http)", status: "measured" as const, ...ceilingResult, fractionOfCeiling: 1 }, ...rows];
  console.log(
    `\n${table(
      ["route", "path", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "x ceiling"],
      all.map((r) =>
        r.status === "skipped"
          ? [r.name, r.path, "skipped", "", "", "", "", r.note ?? ""]
          : [
              r.name,
              r.path,
              fmt(r.reqPerSec, 0),
              fmt(r.p50, 0),
              fmt(r.p99, 0),
              String((r.errors ?? 0) + (r.timeouts ?? 0)),
              String(r.non2xx ?? 0),
              fmt(r.fractionOfCeiling, 3),
            ],
      ),
      [false, false, true, true, true, true, true, true],
    )}`,
  );
  const cleanStop = exitCode === 0;
  console.log(`\nServer stopped with SIGTERM: exit code ${exitCode}${cleanStop ? " (clean)" : " — expected 0"}`);

  const report = {
    kind: "http",
    machine: { ...machineInfo(root), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
    settings: load,
    ceiling: ceilingResult,
    routes: rows,
    serverExitCode: exitCode,
  };
  console.log(`Wrote ${writeReport(out, report) || out}`);
  const failed = rows.some((r) => r.status === "measured" && ((r.errors ?? 0) > 0 || (r.non2xx ?? 0) > 0));
  if (failed) console.log("Some requests failed (errors or non-2xx answers): see the table.");
  return cleanStop && !failed ? 0 : 1;
}

runBench(main);

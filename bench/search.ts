/**
 * `npm run bench:search`: search latency and game-page throughput at scale.
 *
 * Builds a database with N synthetic games (default 200,000) plus
 * ../shared/datasets/games-real.jsonl — PGlite in a temp dir (cached as a dump
 * in bench/.cache/ between runs), or with --pg a fresh PostgreSQL database on
 * postgres://postgres@127.0.0.1:5432 that the script creates and drops — then
 *   1. calls searchGames() over a fixed query mix, one caller and 16 concurrent
 *      callers, and reports p50/p95/p99;
 *   2. starts the production server on the same data and drives /game/<slug>
 *      with autocannon (64 connections), next to a bare Node http server.
 * Budgets: search p95 (one caller) ≤ 40 ms on PGlite, ≤ 15 ms on PostgreSQL;
 * game page p99 ≤ 100 ms. See bench/README.md.
 *
 *   npm run bench:search -- [--pg] [--games 200000] [--seed 1] [--runs 5] [--concurrency 16]
 *                           [--connections 64] [--duration 10] [--warmup 2] [--no-http] [--rebuild]
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase, type DatabaseHandle } from "../app/db/client.server";
import { migrateDatabase } from "../app/db/migrate.server";
import { importCatalogue } from "../app/modules/catalogue/import/import.service.server";
import type { searchGames as SearchGames } from "../app/modules/catalogue/search/search.service.server";
import { progressBar } from "../scripts/lib/cli";
import { buildIsStale } from "../server/build";
import { seedSynthetic } from "../scripts/synthetic/seed";
import { refreshDerivedSearchColumns } from "../app/modules/catalogue/search/derived-refresh.server";
import { generateGames } from "../scripts/synthetic/titles";
import { dropPostgresDatabase, postgresDatabase, restorePgliteCache, savePgliteCache } from "./lib/database";
import { fmt, latencySummary, percentile, round, table } from "./lib/format";
import { drive, measureCeiling, probe, type LoadOptions, type LoadResult } from "./lib/load";
import { loadAverage, machineInfo } from "./lib/machine";
import { REAL_QUERIES, syntheticQueries } from "./lib/queries";
import { assertBuild, BenchError, startAppServer, type Served } from "./lib/processes";
import { runBench, writeReport } from "./lib/report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const realFile = path.resolve(root, "..", "shared", "datasets", "games-real.jsonl");
const cacheDir = path.join(root, "bench", ".cache");

const BUDGETS = { searchP95: { pglite: 40, postgres: 15 }, gamePageP99: 100 };

interface Args {
  pg: boolean;
  games: number;
  seed: number;
  runs: number;
  concurrency: number;
  load: LoadOptions;
  http: boolean;
  rebuild: boolean;
}

function parse(): Args {
  const { values } = parseArgs({
    options: {
      pg: { type: "boolean", default: false },
      games: { type: "string" },
      seed: { type: "string" },
      runs: { type: "string" },
      concurrency: { type: "string" },
      connections: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      "no-http": { type: "boolean", default: false },
      rebuild: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(
      "Usage: npm run bench:search -- [--pg] [--games 200000] [--seed 1] [--runs 5] [--concurrency 16] [--connections 64] [--duration 10] [--warmup 2] [--no-http] [--rebuild]",
    );
    process.exit(0);
  }
  const int = (name: string, v: string | undefined, fallback: number, min = 1) => {
    if (v === undefined) return fallback;
    const n = Number(v.replace(/[_,]/g, ""));
    if (!Number.isInteger(n) || n < min) throw new BenchError(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
    return n;
  };
  return {
    pg: values.pg,
    games: int("games", values.games, 200_000, 0),
    seed: int("seed", values.seed, 1, 0),
    runs: int("runs", values.runs, 5),
    concurrency: int("concurrency", values.concurrency, 16),
    load: {
      connections: int("connections", values.connections, 64),
      duration: int("duration", values.duration, 10),
      warmup: int("warmup", values.warmup, 2, 0),
    },
    http: !values["no-http"],
    rebuild: values.rebuild,
  };
}

// ---------------------------------------------------------------------------
// The database

function fileHash(files: string[]): string {
  const h = createHash("sha1");
  for (const f of files) {
    h.update(f);
    h.update(fs.existsSync(f) ? fs.readFileSync(f) : "missing");
  }
  return h.digest("hex");
}

/** What the data depends on: the generator, the import's row preparation and the real dataset. */
function dataKey(args: Args): string {
  const synthetic = fs
    .readdirSync(path.join(root, "scripts", "synthetic"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => path.join(root, "scripts", "synthetic", f));
  const deps = [
    ...synthetic.sort(),
    path.join(root, "app", "modules", "catalogue", "import", "import.service.server.ts"),
    path.join(root, "app", "modules", "catalogue", "catalogue-write.ts"),
    path.join(root, "app", "modules", "catalogue", "catalogue-write.queries.server.ts"),
    path.join(root, "app", "modules", "catalogue", "import", "import.schema.ts"),
    path.join(root, "app", "lib", "search-text.ts"),
    path.join(root, "app", "lib", "slugs.ts"),
  ];
  const real = fs.statSync(realFile);
  return createHash("sha1")
    .update(`${args.games}:${args.seed}:${real.size}:${real.mtimeMs}:${fileHash(deps)}`)
    .digest("hex")
    .slice(0, 12);
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  try {
    const r = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    return r.rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

async function fill(handle: DatabaseHandle, args: Args): Promise<void> {
  setDatabase(handle);
  const bar = progressBar("Real games ");
  const real = await importCatalogue(realFile, {
    onProgress: (p) => bar.update(p.rows, p.totalBytes ? p.bytesRead / p.totalBytes : 1, "rows"),
  });
  bar.done();
  console.log(`  games-real.jsonl: ${real.inserted} inserted in ${(real.ms / 1000).toFixed(1)} s`);
  let phase = "";
  let phaseBar: ReturnType<typeof progressBar> | undefined;
  const summary = await seedSynthetic(handle.db, {
    games: args.games,
    users: Math.min(5000, Math.ceil(args.games / 40)),
    ratings: Math.floor(args.games / 2),
    seed: args.seed,
    onProgress(p, done, total) {
      if (p !== phase) {
        phaseBar?.done();
        phaseBar = progressBar(`Synthetic ${p.padEnd(7)}`);
        phase = p;
      }
      phaseBar?.update(done, total ? done / total : 1, p);
    },
  });
  phaseBar?.done();
  console.log(
    `  synthetic: ${summary.gamesInserted} games, ${summary.usersInserted} users, ${summary.ratingsInserted} ratings in ${(summary.ms / 1000).toFixed(1)} s`,
  );
  await handle.db.execute(sql`vacuum analyze`);
}

interface Prepared {
  /** Open handle on the benchmark data (close it before starting the server on PGlite). */
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl?: string;
  buildSeconds: number;
  fromCache: boolean;
  reopen(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function preparePglite(args: Args): Promise<Prepared> {
  const started = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-bench-search-"));
  const cacheFile = path.join(cacheDir, `search-pglite-${dataKey(args)}.tar.gz`);
  let fromCache = false;
  if (!args.rebuild && fs.existsSync(cacheFile)) {
    await restorePgliteCache(root, dataDir, cacheFile);
    fromCache = true;
  }
  const handle = await openDatabase({ dataDir });
  const before = await appliedMigrations(handle);
  await migrateDatabase(handle, path.join(root, "drizzle"));
  const migrated = (await appliedMigrations(handle)) !== before;
  if (!fromCache) {
    console.log(
      `Building the PGlite database: games-real.jsonl + ${args.games.toLocaleString("en")} synthetic games (cached afterwards)...`,
    );
    await fill(handle, args);
  } else if (migrated) {
    await handle.db.execute(sql`analyze`);
  }
  if (!fromCache || migrated) await savePgliteCache(root, handle, cacheFile, "search-pglite-");
  return {
    handle,
    dataDir,
    buildSeconds: round((Date.now() - started) / 1000, 1),
    fromCache,
    reopen: () => openDatabase({ dataDir }),
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function preparePostgres(args: Args): Promise<Prepared> {
  const started = Date.now();
  const name = `savepoint_bench_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = await postgresDatabase(name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-bench-search-"));
  const drop = async () => {
    await dropPostgresDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const handle = await openDatabase({ databaseUrl, poolSize: 10 });
    await migrateDatabase(handle, path.join(root, "drizzle"));
    console.log(`Building PostgreSQL database ${name}: games-real.jsonl + ${args.games.toLocaleString("en")} synthetic games...`);
    await fill(handle, args);
    return {
      handle,
      dataDir,
      databaseUrl,
      buildSeconds: round((Date.now() - started) / 1000, 1),
      fromCache: false,
      reopen: () => openDatabase({ databaseUrl, poolSize: 10 }),
      cleanup: drop,
    };
  } catch (err) {
    await drop();
    throw err;
  }
}

// ---------------------------------------------------------------------------
// Search latency

interface LatencyStats {
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  callsPerSec: number;
}

function stats(ms: number[], wallMs: number): LatencyStats {
  const { max, ...percentiles } = latencySummary(ms);
  return {
    ...percentiles,
    mean: round(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)),
    max,
    callsPerSec: round((ms.length * 1000) / Math.max(1, wallMs), 1),
  };
}

/**
 * searchGames compiled as the production build compiles it, not as tsx runs this script. tsx compiles with
 * esbuild's keepNames, which wraps every named inner function in a `__name(...)` call (an
 * Object.defineProperty) each time it is created; the server's routes run from Vite's bundle, which has none.
 * Measured on 2026-11-27 against the same PostgreSQL database: node CPU per search 10.2–11.1 ms through tsx,
 * 8.7–10.0 ms compiled without keepNames — the tsx figure measured a cost users never pay. The module is
 * bundled with esbuild (Vite's own compiler for TypeScript) into bench/.cache/, packages left external; the
 * database handle and the other process-wide state are on globalThis (docs/decisions/003), so the bundled
 * copy uses the database this script opened.
 */
async function loadSearch(): Promise<typeof SearchGames> {
  const { build } = await import("esbuild");
  const outfile = path.join(root, "bench", ".cache", "search-bundle.mjs");
  await build({
    entryPoints: [path.join(root, "app", "modules", "catalogue", "search", "search.service.server.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "~": path.join(root, "app") },
    outfile,
    logLevel: "warning",
  });
  const mod = (await import(`${pathToFileURL(outfile).href}?t=${Date.now()}`)) as { searchGames: typeof SearchGames };
  return mod.searchGames;
}

let searchGames: typeof SearchGames;

async function timed(q: string): Promise<{ ms: number; total: number }> {
  const t = performance.now();
  const r = await searchGames({ q });
  return { ms: performance.now() - t, total: r.total };
}

/** One row of the search latency table. */
function latencyRow(label: string, s: LatencyStats): (string | number)[] {
  return [label, s.calls, fmt(s.p50, 2), fmt(s.p95, 2), fmt(s.p99, 2), fmt(s.mean, 2), fmt(s.max, 1), fmt(s.callsPerSec, 0)];
}

async function measureSearch(queries: string[], runs: number, concurrency: number) {
  const totals = new Map<string, number>();
  // The warm-up pass is each term's first search since the process started: the caches of title forms,
  // initialisms and sound keys are cold (and, on PostgreSQL, the connections new). Reported as its own row.
  const first: number[] = [];
  let t = performance.now();
  for (const q of queries) {
    const r = await timed(q);
    totals.set(q, r.total);
    first.push(r.ms);
  }
  const firstStats = stats(first, performance.now() - t);
  const perQuery = new Map<string, number[]>();
  const single: number[] = [];
  t = performance.now();
  for (let r = 0; r < runs; r++) {
    for (const q of queries) {
      const { ms } = await timed(q);
      single.push(ms);
      perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
    }
  }
  const singleStats = stats(single, performance.now() - t);

  const work = Array.from({ length: runs }, () => queries).flat();
  const concurrent: number[] = [];
  let next = 0;
  t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < work.length) {
        const q = work[next++] as string;
        concurrent.push((await timed(q)).ms);
      }
    }),
  );
  const concurrentStats = stats(concurrent, performance.now() - t);
  const slowest = [...perQuery.entries()]
    .map(([q, ms]) => ({
      q,
      medianMs: round(
        percentile(
          [...ms].sort((a, b) => a - b),
          50,
        ),
      ),
      results: totals.get(q) ?? 0,
    }))
    .sort((a, b) => b.medianMs - a.medianMs);
  return { first: firstStats, single: singleStats, concurrent: concurrentStats, perQuery: slowest };
}

// ---------------------------------------------------------------------------
// Game page

async function gamePaths(handle: DatabaseHandle): Promise<{ path: string; name: string }[]> {
  const rows = (await handle.db.execute(sql`
    (select slug, name from game where rating_count > 0 order by rating_count desc, id limit 20)
    union all
    (select slug, name from game where slug in ('super-mario-64', 'final-fantasy-vii', 'the-legend-of-zelda-ocarina-of-time', 'half-life-2', 'tetris'))
    union all
    (select slug, name from game where igdb_id > 50000000 and id % 997 = 0 order by id limit 15)`)) as unknown as {
    rows: { slug: string; name: string }[];
  };
  const seen = new Set<string>();
  return rows.rows.filter((r) => !seen.has(r.slug) && seen.add(r.slug)).map((r) => ({ path: `/game/${r.slug}`, name: r.name }));
}

function htmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

interface GamePageResult extends Partial<LoadResult> {
  status: "measured" | "skipped";
  note?: string;
  paths?: number;
  ceilingReqPerSec?: number;
  fractionOfCeiling?: number;
  serverExitCode?: number | null;
}

async function measureGamePage(prepared: Prepared, paths: { path: string; name: string }[], load: LoadOptions): Promise<GamePageResult> {
  let app: Served | undefined;
  const result: GamePageResult = { status: "skipped" };
  try {
    app = await startAppServer({ root, dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl });
    const first = paths.find((p) => /^[\w\s]+$/.test(p.name)) ?? paths[0];
    if (!first) return { status: "skipped", note: "no games found" };
    const p = await probe(app.url + first.path, htmlEscape(first.name));
    if (!p.ok) {
      const note = p.status === 404 ? "HTTP 404: the game page is not built yet" : (p.note ?? "not a game page");
      return { status: "skipped", note };
    }
    const c = await measureCeiling(load);
    process.stdout.write(`game page (${paths.length} games in turn) ... `);
    const r = await drive(
      app.url,
      load,
      paths.map((x) => x.path),
    );
    console.log(`${fmt(r.reqPerSec, 0)} req/s, p99 ${fmt(r.p99, 0)} ms`);
    Object.assign(result, {
      status: "measured",
      ...r,
      paths: paths.length,
      ceilingReqPerSec: c.reqPerSec,
      fractionOfCeiling: round(r.reqPerSec / c.reqPerSec, 3),
    });
    return result;
  } finally {
    if (app) result.serverExitCode = await app.stop();
  }
}

// ---------------------------------------------------------------------------

function searchImplementation() {
  const file = path.join(root, "app", "modules", "catalogue", "search", "search.service.server.ts");
  const text = fs.readFileSync(file, "utf8");
  return {
    file: path.relative(root, file),
    sha1: createHash("sha1").update(text).digest("hex").slice(0, 12),
    placeholder: /PLACEHOLDER/.test(text),
    modified: fs.statSync(file).mtime.toISOString(),
  };
}

async function main(): Promise<number> {
  const args = parse();
  const kind = args.pg ? "postgres" : "pglite";
  if (!fs.existsSync(realFile)) throw new BenchError(`Missing ${realFile} (the real catalogue sample).`);
  if (args.http) assertBuild(root);
  const impl = searchImplementation();
  const machine = machineInfo(root);
  const loadBefore = loadAverage();

  const prepared = args.pg ? await preparePostgres(args) : await preparePglite(args);
  let report: Record<string, unknown> = {};
  let failed = false;
  try {
    setDatabase(prepared.handle);
    const [count] = (
      (await prepared.handle.db.execute(
        sql`select count(*)::int as games, (select count(*)::int from rating) as ratings from game`,
      )) as unknown as {
        rows: { games: number; ratings: number }[];
      }
    ).rows;
    const queries = [...REAL_QUERIES, ...syntheticQueries([...generateGames(args.games, args.seed)])];
    console.log(
      `\nDatabase: ${kind}, ${count?.games.toLocaleString("en")} games, ${count?.ratings.toLocaleString("en")} ratings (ready in ${prepared.buildSeconds} s${prepared.fromCache ? ", from cache" : ""})`,
    );

    // What the server would otherwise do in the background at start, during the measurements.
    const derived = await refreshDerivedSearchColumns();
    if (!derived.skipped) console.log(`Search columns derived again: ${derived.changed} of ${derived.checked} games in ${derived.ms} ms`);

    // The game page first (the server needs the PGlite lock, and build/ must still be current).
    let gamePage: GamePageResult = { status: "skipped", note: "--no-http" };
    if (args.http) {
      const paths = await gamePaths(prepared.handle);
      await prepared.handle.close(); // releases the PGlite lock for the server
      setDatabase(undefined);
      gamePage = buildIsStale(root)
        ? { status: "skipped", note: "build/ became older than the sources during the run; run npm run build and again" }
        : await measureGamePage(prepared, paths, args.load);
      prepared.handle = await prepared.reopen();
      setDatabase(prepared.handle);
    }

    console.log(`\nSearch: ${impl.file} ${impl.sha1}${impl.placeholder ? " (PLACEHOLDER implementation)" : ""}`);
    searchGames = await loadSearch();
    console.log(
      `Measuring searchGames over ${queries.length} queries x ${args.runs} runs, 1 caller then ${args.concurrency} concurrent...`,
    );
    const search = await measureSearch(queries, args.runs, args.concurrency);

    const searchBudget = BUDGETS.searchP95[kind];
    const budgets = [
      {
        name: `search p95, 1 caller ≤ ${searchBudget} ms`,
        value: search.single.p95,
        limit: searchBudget,
        pass: search.single.p95 <= searchBudget,
      },
      gamePage.status === "measured"
        ? {
            name: `game page p99 ≤ ${BUDGETS.gamePageP99} ms`,
            value: gamePage.p99 ?? null,
            limit: BUDGETS.gamePageP99,
            pass: (gamePage.p99 ?? Infinity) <= BUDGETS.gamePageP99,
          }
        : { name: `game page p99 ≤ ${BUDGETS.gamePageP99} ms`, value: null, limit: BUDGETS.gamePageP99, pass: null, note: gamePage.note },
    ];

    console.log(
      `\n${table(
        ["search (ms)", "calls", "p50", "p95", "p99", "mean", "max", "calls/s"],
        [
          latencyRow("1 caller", search.single),
          latencyRow("1 caller, first", search.first),
          latencyRow(`${args.concurrency} concurrent`, search.concurrent),
        ],
      )}`,
    );
    console.log(
      `\nSlowest queries (median ms, results): ${search.perQuery
        .slice(0, 5)
        .map((x) => `"${x.q}" ${x.medianMs} (${x.results})`)
        .join(", ")}`,
    );
    if (gamePage.status === "measured") {
      console.log(
        `\n${table(
          ["game page", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "x ceiling"],
          [
            [
              "/game/<slug>",
              fmt(gamePage.reqPerSec, 0),
              fmt(gamePage.p50, 0),
              fmt(gamePage.p99, 0),
              String((gamePage.errors ?? 0) + (gamePage.timeouts ?? 0)),
              String(gamePage.non2xx ?? 0),
              fmt(gamePage.fractionOfCeiling, 3),
            ],
          ],
        )}`,
      );
    } else {
      console.log(`\nGame page: skipped (${gamePage.note})`);
    }
    console.log("");
    for (const b of budgets) {
      console.log(
        `${b.pass === null ? "SKIP" : b.pass ? "PASS" : "FAIL"}  ${b.name}${b.value !== null ? ` (measured ${fmt(b.value, 1)} ms)` : ""}${"note" in b && b.note ? ` — ${b.note}` : ""}`,
      );
      if (b.pass === false) failed = true;
    }

    report = {
      kind: "search",
      database: kind,
      machine: { ...machine, loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
      searchImplementation: impl,
      data: {
        games: count?.games,
        ratings: count?.ratings,
        synthetic: args.games,
        seed: args.seed,
        readySeconds: prepared.buildSeconds,
        fromCache: prepared.fromCache,
      },
      settings: { runs: args.runs, concurrency: args.concurrency, queries: queries.length, http: args.load },
      search: { ...search, queries },
      gamePage,
      budgets,
    };
  } finally {
    await prepared.handle.close().catch(() => undefined);
    await prepared.cleanup();
  }
  const out = path.join(root, "bench", "results", `search-${kind}.json`);
  console.log(`\nWrote ${writeReport(out, report)}`);
  return failed ? 1 : 0;
}

runBench(main);

/**
 * `npm run bench:social`: the community pages and writes at scale (issues 12, 13 and 14).
 *
 * Builds the synthetic community — 200,000 games, 100,000 users of whom 20,000 active, 500,000
 * ratings, 1M review likes, 200,000 comments, ~2M list rows, 1M follows (scripts/synthetic/) — on
 * PGlite in a temp dir (cached as a dump in bench/.cache/ between runs), or with --pg in a fresh
 * PostgreSQL database on postgres://postgres@127.0.0.1:5432 that the script creates and drops, then:
 *   1. starts the production server on it, signs seeded users in through the real sign-in endpoint,
 *      and drives the signed-in pages with autocannon (8 connections): game page with all four list
 *      states, a review with ~200 comments, home, profile tabs, the activity tab's first and fifth page;
 *   2. races: 64 clients toggling likes on one review, 64 following / unfollowing one popular user,
 *      32 hammering the list controls on overlapping games (10 s each), then checks the counts and
 *      the list invariants in the database;
 *   3. in process: the picker search, Discover search and 'From people you follow' (p95), and an
 *      EXPLAIN of every query those paths run (route loaders and actions called with a session
 *      cookie), reporting sequential scans on the community tables.
 * See bench/README.md.
 *
 *   npm run bench:social -- [--pg] [--games 200000] [--users 100000] [--active-users 20000]
 *     [--ratings 500000] [--likes 1000000] [--comments 200000] [--lists 2000000] [--follows 1000000]
 *     [--seed 1] [--connections 8] [--duration 10] [--warmup 2] [--race-seconds 10] [--runs 20] [--rebuild]
 *     [--keep] [--reuse bench_social_N | DIR]   (keep the database / data directory; measure a kept one again)
 *     [--only picker]   (only the in-process picker search, per query too: no build, server, races or EXPLAIN pass)
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import { loadConfig, setConfig } from "../app/config.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "../app/db/client.server";
import { migrateDatabase } from "../app/db/migrate.server";
import { progressBar } from "../scripts/lib/cli";
import { seedCommunity } from "../scripts/synthetic/community";
import { seedSynthetic } from "../scripts/synthetic/seed";
import { refreshDerivedSearchColumns } from "../app/modules/catalogue/search/derived-refresh.server";
import { dropPostgresDatabase, postgresDatabase, restorePgliteCache, savePgliteCache } from "./lib/database";
import { fmt, latencySummary, percentile, round, table } from "./lib/format";
import { drive, type LoadOptions, type LoadResult } from "./lib/load";
import { loadAverage, machineInfo } from "./lib/machine";
import { cpuSnapshot } from "./lib/cpu";
import { assertBuild, BenchError, startAppServer, type Served } from "./lib/processes";
import { runBench, writeReport } from "./lib/report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = path.join(root, "bench", ".cache");
const PASSWORD = "bench-password-1";
/** Tables whose sequential scans the EXPLAIN pass reports. */
const WATCHED = ["rating", "content_like", "comment", "user_follow", "game_progress", "user_wishlist", "user_collection", "user_top_games"];

interface Args {
  pg: boolean;
  data: {
    games: number;
    users: number;
    activeUsers: number;
    ratings: number;
    likes: number;
    comments: number;
    lists: number;
    follows: number;
    seed: number;
  };
  load: LoadOptions;
  raceSeconds: number;
  runs: number;
  rebuild: boolean;
  /** Keep the database (PostgreSQL) or data directory (PGlite) at the end / use one kept before. */
  keep: boolean;
  reuse?: string;
  /** `picker`: only the in-process picker search (no build, no server, no races, no EXPLAIN pass). */
  only?: "picker";
}

function parse(): Args {
  const { values } = parseArgs({
    options: {
      pg: { type: "boolean", default: false },
      games: { type: "string" },
      users: { type: "string" },
      "active-users": { type: "string" },
      ratings: { type: "string" },
      likes: { type: "string" },
      comments: { type: "string" },
      lists: { type: "string" },
      follows: { type: "string" },
      seed: { type: "string" },
      connections: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      "race-seconds": { type: "string" },
      runs: { type: "string" },
      rebuild: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      reuse: { type: "string" },
      only: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(
      "Usage: npm run bench:social -- [--pg] [--games 200000] [--users 100000] [--active-users 20000] [--ratings 500000] [--likes 1000000] [--comments 200000] [--lists 2000000] [--follows 1000000] [--seed 1] [--connections 8] [--duration 10] [--warmup 2] [--race-seconds 10] [--runs 20] [--rebuild] [--keep] [--reuse bench_social_N] [--only picker]",
    );
    process.exit(0);
  }
  const int = (name: string, v: string | undefined, fallback: number, min = 1) => {
    if (v === undefined) return fallback;
    const n = Number(v.replace(/[_,]/g, ""));
    if (!Number.isInteger(n) || n < min) throw new BenchError(`--${name} must be a whole number ≥ ${min} (got "${v}")`);
    return n;
  };
  const users = int("users", values.users, 100_000, 200);
  if (values.only !== undefined && values.only !== "picker") throw new BenchError(`--only takes "picker" (got "${values.only}")`);
  return {
    pg: values.pg,
    data: {
      games: int("games", values.games, 200_000, 100),
      users,
      activeUsers: Math.min(users, int("active-users", values["active-users"], 20_000, 100)),
      ratings: int("ratings", values.ratings, 500_000, 0),
      likes: int("likes", values.likes, 1_000_000, 0),
      comments: int("comments", values.comments, 200_000, 0),
      lists: int("lists", values.lists, 2_000_000, 0),
      follows: int("follows", values.follows, 1_000_000, 0),
      seed: int("seed", values.seed, 1, 0),
    },
    load: {
      connections: int("connections", values.connections, 8),
      duration: int("duration", values.duration, 10),
      warmup: int("warmup", values.warmup, 2, 0),
    },
    raceSeconds: int("race-seconds", values["race-seconds"], 10),
    runs: int("runs", values.runs, 20),
    rebuild: values.rebuild,
    keep: values.keep,
    reuse: values.reuse,
    only: values.only === "picker" ? "picker" : undefined,
  };
}

// ---------------------------------------------------------------------------
// The database

type Rows<T> = { rows: T[] };
async function q<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as Rows<T>).rows;
}

function dataKey(args: Args): string {
  const dir = path.join(root, "scripts", "synthetic");
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((f) => path.join(dir, f));
  files.push(path.join(root, "app", "modules", "catalogue", "import", "import.service.server.ts"));
  const h = createHash("sha1").update(JSON.stringify(args.data));
  for (const f of files) h.update(fs.readFileSync(f));
  return h.digest("hex").slice(0, 12);
}

async function fill(handle: DatabaseHandle, args: Args): Promise<Record<string, number>> {
  setDatabase(handle);
  const d = args.data;
  let phase = "";
  let bar: ReturnType<typeof progressBar> | undefined;
  const onProgress = (p: string, done: number, total: number) => {
    if (p !== phase) {
      bar?.done();
      bar = progressBar(p.padEnd(10));
      phase = p;
    }
    bar?.update(done, total ? done / total : 1, p);
  };
  const base = await seedSynthetic(handle.db, {
    games: d.games,
    users: d.users,
    ratings: d.ratings,
    activeUsers: d.activeUsers,
    seed: d.seed,
    onProgress,
  });
  const community = await seedCommunity(handle.db, {
    likes: d.likes,
    comments: d.comments,
    lists: d.lists,
    follows: d.follows,
    seed: d.seed,
    activeUsers: d.activeUsers,
    powerUserRatings: 2000,
    powerUserFollows: 1000,
    onProgress,
  });
  bar?.done();
  const t = Date.now();
  await handle.db.execute(sql`vacuum analyze`);
  const phases = { ...base.phases, ...Object.fromEntries(Object.entries(community.phases).map(([k, v]) => [`community ${k}`, v])) };
  phases.vacuum = Date.now() - t;
  console.log(
    `  seeded: base ${(base.ms / 1000).toFixed(1)} s, community ${(community.ms / 1000).toFixed(1)} s, vacuum analyze ${(phases.vacuum / 1000).toFixed(1)} s`,
  );
  return phases;
}

interface Prepared {
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl?: string;
  buildSeconds: number;
  fromCache: boolean;
  seedPhases?: Record<string, number>;
  reopen(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function preparePglite(args: Args): Promise<Prepared> {
  const started = Date.now();
  const reused = Boolean(args.reuse);
  if (args.reuse && !fs.existsSync(path.join(args.reuse, "pglite"))) throw new BenchError(`--reuse ${args.reuse}: no pglite/ in it`);
  const dataDir = args.reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), "s12bench-social-"));
  const cacheFile = path.join(cacheDir, `social-pglite-${dataKey(args)}.tar.gz`);
  let fromCache = reused;
  if (!reused && !args.rebuild && fs.existsSync(cacheFile)) {
    await restorePgliteCache(root, dataDir, cacheFile);
    fromCache = true;
  }
  const handle = await openDatabase({ dataDir });
  await migrateDatabase(handle, path.join(root, "drizzle"));
  let seedPhases: Record<string, number> | undefined;
  if (!fromCache) {
    console.log(`Building the PGlite community database in ${dataDir} (cached afterwards)...`);
    seedPhases = await fill(handle, args);
    try {
      await savePgliteCache(root, handle, cacheFile, "social-pglite-");
    } catch (err) {
      // PGlite dumps into one buffer: a data directory over ~4 GB (the full community) cannot be.
      console.warn(`Could not cache the database (${(err as Error).message}); --keep keeps ${dataDir} for --reuse.`);
    }
  } else {
    await handle.db.execute(sql`analyze`);
  }
  return {
    handle,
    dataDir,
    buildSeconds: round((Date.now() - started) / 1000, 1),
    fromCache,
    seedPhases,
    reopen: () => openDatabase({ dataDir }),
    async cleanup() {
      if (args.keep) console.log(`Kept the PGlite data directory ${dataDir} (--reuse ${dataDir} to measure it again)`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function preparePostgres(args: Args): Promise<Prepared> {
  const started = Date.now();
  const name = args.reuse ?? `bench_social_${process.pid}`;
  if (!/^bench_social_\w+$/.test(name)) throw new BenchError(`--reuse takes a bench_social_* database (got "${name}")`);
  const databaseUrl = await postgresDatabase(name, !args.reuse);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "s12bench-social-"));
  const drop = async () => {
    if (args.keep) {
      console.log(`Kept PostgreSQL database ${name} (--reuse ${name} to measure it again; it is dropped unless --keep)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    await dropPostgresDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const handle = await openDatabase({ databaseUrl, poolSize: 10 });
    await migrateDatabase(handle, path.join(root, "drizzle"));
    let seedPhases: Record<string, number> | undefined;
    if (args.reuse) {
      console.log(`Reusing PostgreSQL database ${name}`);
      await handle.db.execute(sql`analyze`);
    } else {
      console.log(`Building PostgreSQL database ${name}...`);
      seedPhases = await fill(handle, args);
    }
    return {
      handle,
      dataDir,
      databaseUrl,
      buildSeconds: round((Date.now() - started) / 1000, 1),
      fromCache: Boolean(args.reuse),
      seedPhases,
      reopen: () => openDatabase({ databaseUrl, poolSize: 10 }),
      cleanup: drop,
    };
  } catch (err) {
    await drop();
    throw err;
  }
}

// ---------------------------------------------------------------------------
// What to measure

interface BenchUser {
  id: number;
  email: string;
  username: string;
  name: string;
}

interface Targets {
  /** n = 0: 2,000 ratings, lists, Top 5: the game pages' viewer and the profile shown. */
  power: BenchUser;
  /** n = 1: follows 1,000 people: home page and profile viewer. */
  follower: BenchUser;
  /** 64 active users for the races (neither of the above, nor the review's author or the popular user). */
  racers: BenchUser[];
  gamePaths: { path: string; state: string }[];
  review: { path: string; id: number; comments: number };
  popular: { id: number; followers: number };
  listGames: { id: number; igdbId: number }[];
  pickerQueries: string[];
  discoverQueries: string[];
}

async function pickTargets(handle: DatabaseHandle): Promise<Targets> {
  const users = await q<BenchUser & { n: number }>(
    handle,
    sql`select id, email, username, name from "user" where email like '%@synthetic.savepoint.invalid' order by id limit 200`,
  );
  const [power, follower] = users;
  if (!power || !follower) throw new BenchError("No synthetic users in the database");
  const review = (
    await q<{ id: number; user_id: number; game_id: number; comments: number }>(
      handle,
      sql`select r.id, r.user_id, coalesce(r.igdb_id, r.game_id) as game_id, c.n as comments
        from (select rating_id, count(*)::int as n from comment group by rating_id) c join rating r on r.id = c.rating_id
        order by (c.n < 200), abs(c.n - 200), r.id limit 1`,
    )
  )[0];
  if (!review) throw new BenchError("No commented review in the database");
  const popular = (
    await q<{ id: number; followers: number }>(
      handle,
      sql`select id, follower_count as followers from "user" order by follower_count desc, id limit 1`,
    )
  )[0];
  if (!popular) throw new BenchError("No followed user in the database");
  const racers = users
    .slice(2)
    .filter((u) => u.id !== review.user_id && u.id !== popular.id)
    .slice(0, 64);
  // The viewer's game pages: five of each list state, and five reviewed popular games.
  const states = await q<{ slug: string; state: string }>(
    handle,
    sql`(select g.slug, 'wishlist' as state from user_wishlist w join game g on g.id = w.game_id where w.user_id = ${power.id} order by g.rating_count desc limit 5)
      union all (select g.slug, 'collection' from user_collection c join game g on g.id = c.game_id where c.user_id = ${power.id} order by g.rating_count desc limit 5)
      union all (select g.slug, 'started' from game_progress p join game g on g.id = p.game_id where p.user_id = ${power.id} and p.started and not p.completed order by g.rating_count desc limit 5)
      union all (select g.slug, 'finished' from game_progress p join game g on g.id = p.game_id where p.user_id = ${power.id} and p.completed order by g.rating_count desc limit 5)
      union all (select g.slug, 'none' from game g where not exists (select 1 from rating r where r.user_id = ${power.id} and r.game_id = g.id) order by g.rating_count desc limit 5)`,
  );
  const listGames = await q<{ id: number; igdbId: number }>(
    handle,
    sql`select id, igdb_id as "igdbId" from game where igdb_id > 0 order by rating_count desc, id offset (select count(*) / 40 from game) limit 12`,
  );
  const names = await q<{ name: string }>(
    handle,
    sql`select g.name from rating r join game g on g.id = r.game_id where r.user_id = ${power.id} order by r.id limit 400`,
  );
  const pickerQueries = [...new Set(names.filter((_, i) => i % 20 === 0).flatMap((n) => [n.name.split(" ")[0] ?? "", n.name.slice(0, 3)]))]
    .filter((s) => s.length >= 2)
    .slice(0, 20);
  const discoverQueries = [
    ...new Set(
      users.slice(0, 120).flatMap((u, i) => (i % 12 === 0 ? [u.username.slice(0, 4), (u.name.split(" ")[1] ?? u.name).toLowerCase()] : [])),
    ),
    "kira",
    "zz",
  ];
  return {
    power,
    follower,
    racers,
    gamePaths: states.map((s) => ({ path: `/game/${s.slug}`, state: s.state })),
    review: { path: `/review/${review.user_id}/${review.game_id}`, id: review.id, comments: review.comments },
    popular,
    listGames,
    pickerQueries: [...pickerQueries, ""],
    discoverQueries,
  };
}

/** A credential (e-mail + password) for the users the benchmark signs in, as a sign-up would leave it. */
async function addCredentials(handle: DatabaseHandle, users: BenchUser[]): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  for (const u of users) {
    await handle.db.execute(sql`insert into account (user_id, account_id, provider_id, password)
      values (${u.id}, ${String(u.id)}, 'credential', ${hash}) on conflict do nothing`);
  }
}

// ---------------------------------------------------------------------------
// HTTP

async function signIn(app: Served, user: BenchUser, i: number): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: app.url.replace("127.0.0.1", "localhost"),
      "x-forwarded-for": `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  const body = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("savepoint.session_token="));
  if (!res.ok || !cookie) throw new BenchError(`Sign-in of ${user.email} failed: HTTP ${res.status} ${body.slice(0, 200)}`);
  return cookie;
}

interface PageResult extends LoadResult {
  name: string;
  paths: number;
  budget: number;
  /** The same paths with one connection: what a single request costs when nothing queues. */
  single: LoadResult;
}

async function measurePage(
  app: Served,
  name: string,
  paths: string[],
  cookie: string,
  load: LoadOptions,
  budget: number,
): Promise<PageResult> {
  for (const p of paths) {
    const res = await fetch(app.url + p, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new BenchError(`${name}: GET ${p} answered ${res.status}`);
  }
  process.stdout.write(`${name} (${paths.length} path${paths.length === 1 ? "" : "s"}) ... `);
  const cpu = () => cpuSnapshot(app.pid);
  const r = await drive(app.url, load, paths, { cookie }, cpu);
  const single = await drive(app.url, { connections: 1, duration: Math.min(load.duration, 5), warmup: 0 }, paths, { cookie });
  const c = r.cpuMsPerRequest;
  console.log(
    `${fmt(r.reqPerSec, 0)} req/s, p99 ${fmt(r.p99, 0)} ms${r.errors + r.timeouts + r.non2xx ? ` (${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx)` : ""}; one connection p50 ${fmt(single.p50, 0)} / p99 ${fmt(single.p99, 0)} ms${c ? `; CPU per request: server ${fmt(c.server, 1)} ms, PostgreSQL ${fmt(c.postgres, 1)} ms` : ""}`,
  );
  return { name, paths: paths.length, budget, ...r, single };
}

/** The activity tab's URL `page` pages in (following the 'Load More Activity' link). */
async function activityPage(app: Served, userId: number, cookie: string, page: number): Promise<string> {
  let p = `/user/${userId}?tab=activity`;
  for (let i = 1; i < page; i++) {
    const html = await (await fetch(app.url + p, { headers: { cookie } })).text();
    const m = /href="(\/user\/\d+\?tab=activity&amp;cursor=[^"]+)"/.exec(html);
    if (!m?.[1]) throw new BenchError(`The activity tab has no page ${i + 1}`);
    p = m[1].replace(/&amp;/g, "&");
  }
  return p;
}

interface RaceResult {
  clients: number;
  seconds: number;
  requests: number;
  ok: number;
  refusals: Record<string, number>;
  errors: number;
  errorSamples: string[];
  p99: number;
}

async function race(
  clients: number,
  seconds: number,
  step: (client: number, i: number) => Promise<{ ok: boolean; refusal?: string; error?: string }>,
): Promise<RaceResult> {
  const deadline = Date.now() + seconds * 1000;
  const out: RaceResult = { clients, seconds, requests: 0, ok: 0, refusals: {}, errors: 0, errorSamples: [], p99: 0 };
  const ms: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const t = performance.now();
        let r: { ok: boolean; refusal?: string; error?: string };
        try {
          r = await step(c, i);
        } catch (err) {
          r = { ok: false, error: (err as Error).message };
        }
        ms.push(performance.now() - t);
        out.requests++;
        if (r.ok) out.ok++;
        else if (r.refusal) out.refusals[r.refusal] = (out.refusals[r.refusal] ?? 0) + 1;
        else {
          out.errors++;
          if (out.errorSamples.length < 5 && r.error) out.errorSamples.push(r.error);
        }
      }
    }),
  );
  out.p99 = round(
    percentile(
      ms.sort((a, b) => a - b),
      99,
    ),
  );
  return out;
}

async function post(app: Served, p: string, cookie: string, form: Record<string, string>) {
  const res = await fetch(app.url + p, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  const text = await res.text();
  let body: { ok?: boolean; error?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON
  }
  return { status: res.status, body, text };
}

const LIST_REFUSALS = new Set([
  "Cannot add to collection: game already started or completed",
  "Cannot add to wishlist: game already started or completed",
  "Cannot move to collection: game already started or completed",
  "Cannot move to wishlist: game already started or completed",
  "This game is in your collection. Move it to your wishlist instead.",
  "This game is not in your wishlist",
  "This game is not in your collection",
]);
const LIST_INTENT_MIX = [
  ["mark_started", 4],
  ["toggle_wishlist", 24],
  ["toggle_collection", 24],
  ["move_to_collection", 16],
  ["move_to_wishlist", 16],
  ["add_to_wishlist", 8],
  ["add_to_collection", 8],
] as const;

function intentFor(client: number, i: number): string {
  const h = createHash("sha1").update(`${client}:${i}`).digest().readUInt32BE(0) % 100;
  let acc = 0;
  for (const [intent, w] of LIST_INTENT_MIX) {
    acc += w;
    if (h < acc) return intent;
  }
  return "toggle_wishlist";
}

// ---------------------------------------------------------------------------
// In process: timings and EXPLAIN

interface Captured {
  text: string;
  params: unknown[];
  path: string;
  ms: number;
}

/** Records every statement the drivers send while `current` names a path. */
function installCapture(handle: DatabaseHandle) {
  const captured: Captured[] = [];
  const state = { current: "" };
  const record = (text: unknown, params: unknown, result: unknown) => {
    if (!state.current || typeof text !== "string") return;
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) return;
    const entry: Captured = { text, params: Array.isArray(params) ? params : [], path: state.current, ms: 0 };
    captured.push(entry);
    const t = performance.now();
    if (result && typeof (result as Promise<unknown>).then === "function")
      (result as Promise<unknown>).then(
        () => (entry.ms = performance.now() - t),
        () => undefined,
      );
  };
  if (handle.kind === "postgres") {
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...a: unknown[]) {
      const [first, second] = a;
      const result = original.apply(this, a);
      if (typeof first === "string") record(first, second, result);
      else if (first && typeof first === "object" && "text" in first)
        record((first as { text: string }).text, second ?? (first as { values?: unknown[] }).values, result);
      return result;
    };
  } else if (handle.pglite) {
    const pgl = handle.pglite as unknown as {
      query: (...a: unknown[]) => Promise<unknown>;
      transaction: (cb: (tx: { query: (...a: unknown[]) => Promise<unknown> }) => Promise<unknown>) => Promise<unknown>;
    };
    const query = pgl.query.bind(pgl);
    pgl.query = (...a: unknown[]) => {
      const result = query(...a);
      record(a[0], a[1], result);
      return result;
    };
    const transaction = pgl.transaction.bind(pgl);
    pgl.transaction = (cb) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = (...a: unknown[]) => {
          const result = txQuery(...a);
          record(a[0], a[1], result);
          return result;
        };
        return cb(tx);
      });
  }
  return { captured, state };
}

interface SeqScan {
  path: string;
  table: string;
  query: string;
}

function seqScans(plan: unknown, out: string[] = []): string[] {
  if (Array.isArray(plan)) for (const p of plan) seqScans(p, out);
  else if (plan && typeof plan === "object") {
    const node = plan as Record<string, unknown>;
    if (node["Node Type"] === "Seq Scan" && typeof node["Relation Name"] === "string") out.push(node["Relation Name"]);
    for (const v of Object.values(node)) if (v && typeof v === "object") seqScans(v, out);
  }
  return out;
}

async function explainAll(handle: DatabaseHandle, captured: Captured[]) {
  const seen = new Map<string, Captured>();
  for (const c of captured) if (!seen.has(c.text)) seen.set(c.text, c);
  const scans: SeqScan[] = [];
  const executed: { path: string; ms: number; query: string }[] = [];
  const failures: { path: string; query: string; error: string }[] = [];
  for (const c of seen.values()) {
    try {
      let plan: unknown;
      if (handle.kind === "postgres" && handle.pool) {
        plan = (await handle.pool.query(`explain (format json) ${c.text}`, c.params)).rows[0]?.["QUERY PLAN"];
      } else if (handle.pglite) {
        plan = (await handle.pglite.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${c.text}`, c.params)).rows[0]?.["QUERY PLAN"];
      }
      for (const t of seqScans(plan)) scans.push({ path: c.path, table: t, query: c.text.replace(/\s+/g, " ").slice(0, 300) });
      // Reads also run once under EXPLAIN ANALYZE: the database's own time, free of HTTP and driver costs.
      if (/^\s*(select|with)\b/i.test(c.text) && !/\b(insert|update|delete)\b/i.test(c.text)) {
        const text = `explain (analyze, format json) ${c.text}`;
        const rows =
          handle.kind === "postgres" && handle.pool
            ? (await handle.pool.query(text, c.params)).rows
            : ((await handle.pglite?.query<Record<string, unknown>>(text, c.params))?.rows ?? []);
        const json = rows[0]?.["QUERY PLAN"] as { "Execution Time"?: number }[] | undefined;
        executed.push({ path: c.path, ms: round(json?.[0]?.["Execution Time"] ?? 0, 2), query: c.text.replace(/\s+/g, " ").slice(0, 400) });
      }
    } catch (err) {
      failures.push({ path: c.path, query: c.text.replace(/\s+/g, " ").slice(0, 200), error: (err as Error).message });
    }
  }
  return {
    statements: seen.size,
    seqScans: scans,
    watchedSeqScans: scans.filter((s) => WATCHED.includes(s.table)),
    slowestExecuted: executed.sort((a, b) => b.ms - a.ms).slice(0, 15),
    failures,
  };
}

/** A user as the services take them (the signed-in actor), for calling them in process. */
async function actorOf(handle: DatabaseHandle, userId: number) {
  const [row] = await q<{ id: number; username: string; name: string; email: string; avatar_url: string | null; is_admin: boolean }>(
    handle,
    sql`select id, username, name, email, avatar_url, is_admin from "user" where id = ${userId}`,
  );
  return {
    id: row!.id,
    username: row!.username,
    name: row!.name,
    email: row!.email,
    avatarUrl: row!.avatar_url,
    isAdmin: row!.is_admin,
  };
}

/** The app's configuration for calling its loaders and services in process, on the benchmark's database. */
function configureFor(prepared: Prepared): void {
  setConfig(
    loadConfig({
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: prepared.dataDir,
      ...(prepared.databaseUrl ? { DATABASE_URL: prepared.databaseUrl } : { DATABASE_URL: "" }),
    }),
  );
}

type Loader = (args: { request: Request; params: Record<string, string | undefined>; context: RouterContextProvider }) => Promise<unknown>;

async function callLoader(
  mod: { loader?: unknown; action?: unknown },
  kind: "loader" | "action",
  request: Request,
  params: Record<string, string | undefined>,
) {
  const fn = mod[kind] as Loader | undefined;
  if (!fn) return;
  try {
    await fn({ request, params, context: new RouterContextProvider() });
  } catch (err) {
    if (err instanceof Response) return; // a redirect or an error page: its queries ran
    throw err;
  }
}

// ---------------------------------------------------------------------------

/**
 * `--only picker`: the in-process picker search alone, on the database already open (no build, no server,
 * no races, no EXPLAIN pass), with the same calls, warm-up and runs as the full run, plus each query's
 * p50 / p95 / max per mode so the slowest prefixes can be found. Writes bench/results/social-picker-<db>.json.
 */
async function pickerOnly(prepared: Prepared, t: Targets, args: Args, kind: string, machine: Record<string, unknown>): Promise<number> {
  configureFor(prepared);
  const actor = await actorOf(prepared.handle, t.power.id);
  // CPU time per call as well as wall time: on a shared machine the wall time mostly measures the queue
  // for the two cores, the CPU time what a call costs (what it would take on a quiet machine). Node's own
  // CPU (PGlite's included: it runs in this thread) plus, on PostgreSQL, the backend's: the picker then
  // runs on one pooled connection whose server process is read from /proc/<pid>/schedstat (nanoseconds;
  // only when PostgreSQL runs on this machine).
  let backendPid: number | null = null;
  if (prepared.databaseUrl) {
    const single = await openDatabase({ databaseUrl: prepared.databaseUrl, poolSize: 1 });
    setDatabase(single);
    const [b] = (await single.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
    backendPid = b && fs.existsSync(`/proc/${b.pid}/schedstat`) ? Number(b.pid) : null;
    const close = prepared.cleanup;
    prepared.cleanup = async () => {
      await single.close().catch(() => undefined);
      await close();
    };
  }
  const backendNs = () => (backendPid ? Number(fs.readFileSync(`/proc/${backendPid}/schedstat`, "utf8").split(" ")[0]) : 0);
  const { searchPicker } = await import("../app/modules/lists/lists.service.server");
  const modes = ["top5", "collection", "wishlist"] as const;
  const calls = t.pickerQueries.flatMap((query) => modes.map((mode) => ({ query, mode })));
  for (const c of calls) await searchPicker(actor, c.mode, c.query); // warm-up, as the full run
  const all: number[] = [];
  const allCpu: number[] = [];
  const per = new Map<string, number[]>();
  // (main closes the database and keeps or drops it.)
  for (let r = 0; r < args.runs; r++)
    for (const c of calls) {
      const cpu0 = process.cpuUsage();
      const pg0 = backendNs();
      const s = performance.now();
      const res = await searchPicker(actor, c.mode, c.query);
      const ms = performance.now() - s;
      const cpu = process.cpuUsage(cpu0);
      allCpu.push((cpu.user + cpu.system) / 1000 + (backendNs() - pg0) / 1e6);
      if (!res.ok) throw new BenchError(`picker ${c.mode} "${c.query}" failed: ${res.error}`);
      all.push(ms);
      const key = `${c.mode}\t${c.query}`;
      per.set(key, [...(per.get(key) ?? []), ms]);
    }
  const picker = latencySummary(all);
  const pickerCpu = latencySummary(allCpu);
  const rows = [...per.entries()]
    .map(([key, ms]) => {
      const [mode, query] = key.split("\t") as [string, string];
      return { mode, query, ...latencySummary(ms) };
    })
    .sort((a, b) => b.p95 - a.p95);
  console.log(
    `\n${table(
      ["mode", "query", "p50", "p95", "max"],
      rows.slice(0, 25).map((r) => [r.mode, JSON.stringify(r.query), fmt(r.p50, 2), fmt(r.p95, 2), fmt(r.max, 1)]),
    )}`,
  );
  const byMode = modes.map((m) => ({
    mode: m,
    ...latencySummary(rows.filter((r) => r.mode === m).flatMap((r) => per.get(`${m}\t${r.query}`) ?? [])),
  }));
  console.log(
    `\n${table(
      ["picker search (ms)", "calls", "p50", "p95", "p99", "max"],
      [
        ...byMode.map((m) => [`  ${m.mode}`, m.calls, fmt(m.p50, 2), fmt(m.p95, 2), fmt(m.p99, 2), fmt(m.max, 1)]),
        ["all modes", picker.calls, fmt(picker.p50, 2), fmt(picker.p95, 2), fmt(picker.p99, 2), fmt(picker.max, 1)],
        [
          `all modes, CPU ms (node${backendPid ? " + PostgreSQL backend" : ""})`,
          pickerCpu.calls,
          fmt(pickerCpu.p50, 2),
          fmt(pickerCpu.p95, 2),
          fmt(pickerCpu.p99, 2),
          fmt(pickerCpu.max, 1),
        ],
      ],
    )}`,
  );
  const pass = picker.p95 <= 30;
  console.log(`\n${pass ? "PASS" : "FAIL"}  picker search p95 ≤ 30 ms (measured ${fmt(picker.p95, 1)}); load average ${loadAverage()}`);
  const out = path.join(root, "bench", "results", `social-picker-${kind}.json`);
  const report = {
    kind: "social-picker",
    database: kind,
    machine: { ...machine, loadAverageAfter: loadAverage() },
    runs: args.runs,
    picker,
    pickerCpu,
    byMode,
    perQuery: rows,
  };
  console.log(`Wrote ${writeReport(out, report)}`);
  return pass ? 0 : 1;
}

async function main(): Promise<number> {
  const args = parse();
  const kind = args.pg ? "postgres" : "pglite";
  if (!args.only) assertBuild(root);
  const machine = machineInfo(root);
  const loadBefore = loadAverage();
  const prepared = args.pg ? await preparePostgres(args) : await preparePglite(args);
  const budgets: { name: string; value: number | null; limit: number; pass: boolean | null; note?: string }[] = [];
  let report: Record<string, unknown> = {};
  try {
    setDatabase(prepared.handle);
    const [counts] = await q<Record<string, number>>(
      prepared.handle,
      sql`select (select count(*)::int from game) as games, (select count(*)::int from "user") as users,
        (select count(*)::int from rating) as ratings, (select count(*)::int from rating where review ~ '[^[:space:]]') as reviews,
        (select count(*)::int from content_like) as likes, (select count(*)::int from comment) as comments,
        (select count(*)::int from game_progress) + (select count(*)::int from user_wishlist) + (select count(*)::int from user_collection)
          + (select count(*)::int from user_top_games) as list_rows,
        (select count(*)::int from user_follow) as follows`,
    );
    console.log(
      `\nDatabase: ${kind}, ${Object.entries(counts ?? {})
        .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
        .join(", ")} (ready in ${prepared.buildSeconds} s${prepared.fromCache ? ", from cache" : ""})`,
    );
    const t = await pickTargets(prepared.handle);
    // What the server would otherwise do in the background at start, during the measurements. Not for
    // `--only picker` on a kept database (checking 200,000 games takes 20 s on PostgreSQL, 2 min on
    // PGlite, and changes nothing unless the derivation rules changed since it was seeded: then run the
    // bench once without --only).
    if (args.only && args.reuse) console.log("Search columns not derived again (--only with --reuse)");
    else {
      const derived = await refreshDerivedSearchColumns();
      if (!derived.skipped) console.log(`Search columns derived again: ${derived.changed} of ${derived.checked} games in ${derived.ms} ms`);
    }
    await addCredentials(prepared.handle, [t.power, t.follower, ...t.racers]);
    const [powerStats] = await q<{ ratings: number; following: number }>(
      prepared.handle,
      sql`select (select count(*)::int from rating where user_id = ${t.power.id}) as ratings, (select count(*)::int from user_follow where follower_id = ${t.follower.id}) as following`,
    );
    console.log(
      `Viewer ${t.power.username} (${powerStats?.ratings} ratings); follower ${t.follower.username} (follows ${powerStats?.following}); review ${t.review.path} (${t.review.comments} comments); popular user ${t.popular.id} (${t.popular.followers} followers)`,
    );

    if (args.only === "picker") return await pickerOnly(prepared, t, args, kind, { ...machine, loadAverageBefore: loadBefore });

    if (prepared.handle.kind === "pglite") {
      await prepared.handle.close();
      setDatabase(undefined);
    }

    // ---- HTTP
    const pages: PageResult[] = [];
    const races: Record<string, RaceResult> = {};
    const app = await startAppServer({ root, dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl });
    let serverExit: number | null = null;
    const cookies = new Map<number, string>();
    let activity5 = "";
    try {
      const all = [t.power, t.follower, ...t.racers];
      for (const [i, u] of all.entries()) cookies.set(u.id, await signIn(app, u, i));
      const powerCookie = cookies.get(t.power.id) as string;
      const followerCookie = cookies.get(t.follower.id) as string;
      const L = args.load;
      pages.push(
        await measurePage(
          app,
          "game page, signed in, 4 list states (12, 13)",
          t.gamePaths.map((g) => g.path),
          powerCookie,
          L,
          50,
        ),
      );
      pages.push(
        await measurePage(app, `review view, ${t.review.comments} comments, signed in (12)`, [t.review.path], followerCookie, L, 60),
      );
      pages.push(await measurePage(app, "home, signed in, follows 1,000 (12)", ["/"], followerCookie, L, 50));
      for (const [tab, issue] of [
        ["top5", "13, 14"],
        ["top10", "13, 14"],
        ["playlist", "13, 14"],
      ] as const)
        pages.push(
          await measurePage(
            app,
            `profile ${tab} tab, ${powerStats?.ratings} rated (${issue})`,
            [`/user/${t.power.id}?tab=${tab}`],
            followerCookie,
            L,
            50,
          ),
        );
      pages.push(
        await measurePage(
          app,
          "profile activity tab, page 1 (14)",
          [await activityPage(app, t.power.id, followerCookie, 1)],
          followerCookie,
          L,
          50,
        ),
      );
      activity5 = await activityPage(app, t.power.id, followerCookie, 5);
      pages.push(await measurePage(app, "profile activity tab, page 5 (14)", [activity5], followerCookie, L, 50));
      // The floor, no budget: a signed-in page with no data of its own (the shell, the session read, the
      // render of a static text). What every page above costs before its own data and markup.
      pages.push(await measurePage(app, "reference: /faq, signed in (no budget)", ["/faq"], followerCookie, L, 0));

      const racers = t.racers;
      process.stdout.write(`${racers.length} clients toggling likes on review ${t.review.id} for ${args.raceSeconds} s ... `);
      races.likes = await race(racers.length, args.raceSeconds, async (c) => {
        const u = racers[c] as BenchUser;
        const r = await post(app, `/api/reviews/${t.review.id}/like`, cookies.get(u.id) as string, { format: "json" });
        return r.status === 200 && r.body.ok !== false ? { ok: true } : { ok: false, error: `HTTP ${r.status} ${r.text.slice(0, 120)}` };
      });
      console.log(`${races.likes.requests} requests, ${races.likes.errors} errors`);

      process.stdout.write(`${racers.length} clients following / unfollowing user ${t.popular.id} for ${args.raceSeconds} s ... `);
      races.follows = await race(racers.length, args.raceSeconds, async (c, i) => {
        const u = racers[c] as BenchUser;
        const r = await post(app, `/api/users/${t.popular.id}/follow`, cookies.get(u.id) as string, {
          intent: i % 2 === 0 ? "follow" : "unfollow",
          format: "json",
        });
        return r.status === 200 && r.body.ok !== false ? { ok: true } : { ok: false, error: `HTTP ${r.status} ${r.text.slice(0, 120)}` };
      });
      console.log(`${races.follows.requests} requests, ${races.follows.errors} errors`);

      // 32 clients: 4 users × 8 clients each, all on the same 12 games.
      const listUsers = racers.slice(0, 4);
      process.stdout.write(`32 clients (4 users × 8) on ${t.listGames.length} games' list controls for ${args.raceSeconds} s ... `);
      races.lists = await race(32, args.raceSeconds, async (c, i) => {
        const u = listUsers[c % 4] as BenchUser;
        const g = t.listGames[(c * 7 + i * 5) % t.listGames.length] as { igdbId: number };
        const r = await post(app, "/api/lists", cookies.get(u.id) as string, {
          intent: intentFor(c, i),
          igdbId: String(g.igdbId),
          format: "json",
        });
        if (r.status === 200 && r.body.ok) return { ok: true };
        if (r.body.error && LIST_REFUSALS.has(r.body.error) && r.status >= 400 && r.status < 500)
          return { ok: false, refusal: r.body.error };
        return { ok: false, error: `HTTP ${r.status} ${r.text.slice(0, 160)}` };
      });
      console.log(
        `${races.lists.requests} requests, ${races.lists.errors} errors, ${Object.values(races.lists.refusals).reduce((a, b) => a + b, 0)} refusals`,
      );
    } finally {
      serverExit = await app.stop();
    }

    // ---- checks, in-process timings and EXPLAIN
    prepared.handle = await prepared.reopen();
    setDatabase(prepared.handle);
    configureFor(prepared);
    const h = prepared.handle;
    const [likeCheck] = await q<{ like_count: number; like_rows: number }>(
      h,
      sql`select like_count, (select count(*)::int from content_like where rating_id = ${t.review.id}) as like_rows from rating where id = ${t.review.id}`,
    );
    const [followCheck] = await q<{ follower_count: number; follower_rows: number; following_mismatches: number }>(
      h,
      sql`select follower_count, (select count(*)::int from user_follow where following_id = ${t.popular.id}) as follower_rows,
        (select count(*)::int from "user" u where u.id = any(${sql.param(t.racers.map((r) => r.id))}::int[])
           and u.following_count <> (select count(*) from user_follow f where f.follower_id = u.id)) as following_mismatches
        from "user" where id = ${t.popular.id}`,
    );
    const [listCheck] = await q<{
      started_and_listed: number;
      wishlist_and_collection: number;
      dup_progress: number;
      dup_wishlist: number;
      dup_collection: number;
      top5_over: number;
      finished_not_started: number;
    }>(
      h,
      sql`select
        (select count(*)::int from game_progress p where (p.started or p.completed) and (
          exists (select 1 from user_wishlist w where w.user_id = p.user_id and w.game_id = p.game_id)
          or exists (select 1 from user_collection c where c.user_id = p.user_id and c.game_id = p.game_id))) as started_and_listed,
        (select count(*)::int from user_wishlist w join user_collection c on c.user_id = w.user_id and c.game_id = w.game_id) as wishlist_and_collection,
        (select count(*)::int from (select 1 from game_progress group by user_id, game_id having count(*) > 1) d) as dup_progress,
        (select count(*)::int from (select 1 from user_wishlist group by user_id, game_id having count(*) > 1) d) as dup_wishlist,
        (select count(*)::int from (select 1 from user_collection group by user_id, game_id having count(*) > 1) d) as dup_collection,
        (select count(*)::int from (select 1 from user_top_games group by user_id having count(*) > 5 or max(position) > 5) d) as top5_over,
        (select count(*)::int from game_progress where completed and not started) as finished_not_started`,
    );
    const [globalCheck] = await q<{ rating_like_drift: number; follower_drift: number; game_stat_drift: number }>(
      h,
      sql`select
        (select count(*)::int from rating r where r.like_count <> (select count(*) from content_like l where l.rating_id = r.id)) as rating_like_drift,
        (select count(*)::int from "user" u where u.follower_count <> (select count(*) from user_follow f where f.following_id = u.id)) as follower_drift,
        (select count(*)::int from game g where g.rating_count <> (select count(*) from rating r where r.game_id = g.id)) as game_stat_drift`,
    );
    console.log(`\nAfter the like race: review ${t.review.id} like_count = ${likeCheck?.like_count}, like rows = ${likeCheck?.like_rows}`);
    console.log(
      `After the follow race: user ${t.popular.id} follower_count = ${followCheck?.follower_count}, follower rows = ${followCheck?.follower_rows}; racers' following_count mismatches: ${followCheck?.following_mismatches}`,
    );
    console.log(
      `After the list race: ${Object.entries(listCheck ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    console.log(
      `Whole database: ${Object.entries(globalCheck ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );

    const { captured, state } = installCapture(h);
    const powerActor = await actorOf(h, t.power.id);
    const followerActor = await actorOf(h, t.follower.id);
    const { searchPicker } = await import("../app/modules/lists/lists.service.server");
    const { searchUsers } = await import("../app/modules/social/discover.service.server");
    const { getFollowedFeed } = await import("../app/modules/social/feed.service.server");
    const timeIt = async (label: string, calls: (() => Promise<unknown>)[]) => {
      state.current = label;
      for (const c of calls) await c(); // warm-up (and the captured queries)
      state.current = "";
      const ms: number[] = [];
      for (let r = 0; r < args.runs; r++)
        for (const c of calls) {
          const s = performance.now();
          await c();
          ms.push(performance.now() - s);
        }
      return latencySummary(ms);
    };
    const picker = await timeIt(
      "picker search",
      t.pickerQueries.flatMap((query) =>
        (["top5", "collection", "wishlist"] as const).map((mode) => () => searchPicker(powerActor, mode, query)),
      ),
    );
    const discover = await timeIt(
      "Discover search",
      t.discoverQueries.map((query) => () => searchUsers(followerActor, query, 8)),
    );
    const feed = await timeIt("From people you follow", [() => getFollowedFeed(followerActor)]);
    console.log(
      `\n${table(
        ["in process (ms)", "calls", "p50", "p95", "p99", "max"],
        [
          ["picker search", picker.calls, fmt(picker.p50, 2), fmt(picker.p95, 2), fmt(picker.p99, 2), fmt(picker.max, 1)],
          ["Discover search", discover.calls, fmt(discover.p50, 2), fmt(discover.p95, 2), fmt(discover.p99, 2), fmt(discover.max, 1)],
          ["From people you follow", feed.calls, fmt(feed.p50, 2), fmt(feed.p95, 2), fmt(feed.p99, 2), fmt(feed.max, 1)],
        ],
      )}`,
    );

    // Every route on the measured paths, through its loader / action, to capture the queries (with
    // the session cookies the real sign-in gave).
    const base = "http://127.0.0.1:3000";
    const powerCookie = cookies.get(t.power.id) as string;
    const followerCookie = cookies.get(t.follower.id) as string;
    const racerCookie = cookies.get((t.racers[0] as BenchUser).id) as string;
    const get = (p: string, cookie: string) => new Request(base + p, { headers: { cookie } });
    const postReq = (p: string, cookie: string, form: Record<string, string>) =>
      new Request(base + p, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
    // The root loader's reads (app/root.tsx imports CSS, which Node cannot load): session and consent.
    const { optionalUser } = await import("../app/auth/session.server");
    const { recordedConsent } = await import("../app/modules/privacy/privacy.service.server");
    const rootMod = {
      async loader({ request }: { request: Request }) {
        const user = await optionalUser(request).catch(() => null);
        await recordedConsent(request, user).catch(() => null);
      },
    };
    const routes = {
      game: await import("../app/routes/game"),
      review: await import("../app/routes/review.view"),
      home: await import("../app/routes/home"),
      user: await import("../app/routes/user"),
      like: await import("../app/routes/api.reviews.$id.like"),
      follow: await import("../app/routes/api.users.$id.follow"),
      lists: await import("../app/routes/api.lists"),
      picker: await import("../app/routes/api.picker"),
      usersSearch: await import("../app/routes/api.users.search"),
      users: await import("../app/routes/users"),
    };
    const visit = async (
      label: string,
      mod: { loader?: unknown; action?: unknown },
      kindOf: "loader" | "action",
      request: Request,
      params: Record<string, string | undefined> = {},
    ) => {
      state.current = label;
      if (kindOf === "loader") await callLoader(rootMod, "loader", request.clone(), {});
      await callLoader(mod, kindOf, request, params);
      state.current = "";
    };
    const [reviewUserId, reviewGameId] = t.review.path.split("/").slice(2);
    for (const g of t.gamePaths)
      await visit(`game page (${g.state})`, routes.game, "loader", get(g.path, powerCookie), { identifier: g.path.slice(6) });
    await visit("review view", routes.review, "loader", get(t.review.path, followerCookie), { userId: reviewUserId, gameId: reviewGameId });
    await visit("home", routes.home, "loader", get("/", followerCookie));
    for (const tab of ["top5", "top10", "playlist", "activity"])
      await visit(`profile ${tab}`, routes.user, "loader", get(`/user/${t.power.id}?tab=${tab}`, followerCookie), {
        id: String(t.power.id),
      });
    if (activity5)
      await visit("profile activity page 5", routes.user, "loader", get(activity5, followerCookie), { id: String(t.power.id) });
    await visit("like toggle", routes.like, "action", postReq(`/api/reviews/${t.review.id}/like`, racerCookie, { format: "json" }), {
      id: String(t.review.id),
    });
    await visit("like toggle", routes.like, "action", postReq(`/api/reviews/${t.review.id}/like`, racerCookie, { format: "json" }), {
      id: String(t.review.id),
    });
    await visit(
      "follow",
      routes.follow,
      "action",
      postReq(`/api/users/${t.popular.id}/follow`, racerCookie, { intent: "follow", format: "json" }),
      { id: String(t.popular.id) },
    );
    await visit(
      "unfollow",
      routes.follow,
      "action",
      postReq(`/api/users/${t.popular.id}/follow`, racerCookie, { intent: "unfollow", format: "json" }),
      { id: String(t.popular.id) },
    );
    const lg = t.listGames[0] as { igdbId: number };
    for (const intent of ["toggle_wishlist", "move_to_collection", "toggle_collection", "mark_started", "add_to_wishlist"])
      await visit(
        `lists ${intent}`,
        routes.lists,
        "action",
        postReq("/api/lists", racerCookie, { intent, igdbId: String(lg.igdbId), format: "json" }),
      );
    await visit(
      "picker search (HTTP route)",
      routes.picker,
      "loader",
      get(`/api/picker?mode=top5&q=${encodeURIComponent(t.pickerQueries[0] ?? "a")}`, powerCookie),
    );
    await visit(
      "Discover search (HTTP route)",
      routes.usersSearch,
      "loader",
      get(`/api/users/search?q=${encodeURIComponent(t.discoverQueries[0] ?? "a")}`, followerCookie),
    );
    await visit(
      "Discover page",
      routes.users,
      "loader",
      get(`/users?q=${encodeURIComponent(t.discoverQueries[0] ?? "a")}`, followerCookie),
    );
    await visit("Discover page, most followers", routes.users, "loader", get("/users?sort=followers", followerCookie));
    const explained = await explainAll(h, captured);
    const slowest = [...captured].sort((a, b) => b.ms - a.ms).slice(0, 12);
    console.log("\nSlowest statements of the in-process pass (ms, path, statement):");
    for (const c of slowest) console.log(`  ${fmt(c.ms, 1)}  ${c.path}: ${c.text.replace(/\s+/g, " ").slice(0, 220)}`);
    const paths = [...new Set(captured.map((c) => c.path))];
    console.log(
      `\nEXPLAIN: ${explained.statements} distinct statements on ${paths.length} paths; ${explained.failures.length} could not be explained`,
    );
    for (const f of explained.failures.slice(0, 5)) console.log(`  could not explain (${f.path}): ${f.error} — ${f.query}`);
    console.log("Slowest reads under EXPLAIN ANALYZE (execution ms, path, statement):");
    for (const e of explained.slowestExecuted.slice(0, 8)) console.log(`  ${fmt(e.ms, 2)}  ${e.path}: ${e.query.slice(0, 200)}`);
    if (explained.watchedSeqScans.length === 0) console.log(`No Seq Scan on ${WATCHED.join(", ")}.`);
    for (const s of explained.watchedSeqScans) console.log(`  Seq Scan on ${s.table} (${s.path}): ${s.query}`);
    const otherScans = [...new Set(explained.seqScans.filter((s) => !WATCHED.includes(s.table)).map((s) => s.table))];
    if (otherScans.length) console.log(`  (seq scans on other tables: ${otherScans.join(", ")})`);

    // ---- budgets
    const pageRows = pages.map((p) => [
      p.name,
      fmt(p.reqPerSec, 0),
      fmt(p.p50, 0),
      fmt(p.p99, 0),
      String(p.errors + p.timeouts),
      String(p.non2xx),
      `${fmt(p.single.p50, 0)} / ${fmt(p.single.p99, 0)}`,
      p.cpuMsPerRequest ? `${fmt(p.cpuMsPerRequest.server, 1)} / ${fmt(p.cpuMsPerRequest.postgres, 1)}` : "—",
    ]);
    console.log(
      `\n${table(
        [
          "signed-in page @" + args.load.connections,
          "req/s",
          "p50 ms",
          "p99 ms",
          "errors",
          "non-2xx",
          "@1 p50 / p99",
          "CPU ms/req server / PG",
        ],
        pageRows,
      )}`,
    );
    for (const p of pages.filter((page) => page.budget > 0))
      budgets.push({
        name: `${p.name}: p99 ≤ ${p.budget} ms @${args.load.connections}`,
        value: p.requests > 0 ? p.p99 : null,
        limit: p.budget,
        pass: p.requests > 0 && p.p99 <= p.budget && p.errors + p.timeouts + p.non2xx === 0,
      });
    budgets.push({ name: "picker search p95 ≤ 30 ms", value: picker.p95, limit: 30, pass: picker.p95 <= 30 });
    budgets.push({ name: "Discover search p95 ≤ 20 ms", value: discover.p95, limit: 20, pass: discover.p95 <= 20 });
    budgets.push({ name: "'From people you follow' (follows 1,000) p95 ≤ 20 ms", value: feed.p95, limit: 20, pass: feed.p95 <= 20 });
    budgets.push({
      name: `64 clients toggling likes: 0 errors, like_count (${likeCheck?.like_count}) = like rows (${likeCheck?.like_rows})`,
      value: races.likes?.errors ?? null,
      limit: 0,
      pass: races.likes?.errors === 0 && likeCheck?.like_count === likeCheck?.like_rows,
    });
    budgets.push({
      name: `64 clients following / unfollowing: 0 errors, follower_count (${followCheck?.follower_count}) = follower rows (${followCheck?.follower_rows})`,
      value: races.follows?.errors ?? null,
      limit: 0,
      pass:
        races.follows?.errors === 0 &&
        followCheck?.follower_count === followCheck?.follower_rows &&
        followCheck?.following_mismatches === 0,
    });
    const listBad = Object.values(listCheck ?? {}).reduce((a, b) => a + b, 0);
    budgets.push({
      name: `32 clients on the list controls: 0 errors besides refusals, no game started and listed, no duplicates (${listBad} bad rows)`,
      value: races.lists?.errors ?? null,
      limit: 0,
      pass: races.lists?.errors === 0 && listBad === 0,
    });
    budgets.push({
      name: `no Seq Scan on ${WATCHED.join(", ")} (${explained.statements} statements explained)`,
      value: explained.watchedSeqScans.length,
      limit: 0,
      pass: explained.watchedSeqScans.length === 0,
    });
    console.log("");
    for (const b of budgets)
      console.log(
        `${b.pass === null ? "SKIP" : b.pass ? "PASS" : "FAIL"}  ${b.name}${b.value !== null ? ` (measured ${fmt(b.value, 1)})` : ""}`,
      );
    for (const [k, r] of Object.entries(races))
      if (r.errorSamples.length) console.log(`  ${k} errors, e.g.: ${r.errorSamples.join(" | ")}`);

    report = {
      kind: "social",
      database: kind,
      machine: { ...machine, loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
      data: {
        ...counts,
        options: args.data,
        readySeconds: prepared.buildSeconds,
        fromCache: prepared.fromCache,
        seedPhasesMs: prepared.seedPhases,
      },
      targets: {
        power: t.power.id,
        follower: t.follower.id,
        review: t.review,
        popular: t.popular,
        gamePaths: t.gamePaths,
        powerRatings: powerStats?.ratings,
        following: powerStats?.following,
      },
      settings: { load: args.load, raceSeconds: args.raceSeconds, runs: args.runs },
      pages,
      races,
      checks: { likes: likeCheck, follows: followCheck, lists: listCheck, whole: globalCheck },
      inProcess: { picker, discover, feed, pickerQueries: t.pickerQueries, discoverQueries: t.discoverQueries },
      slowestStatements: slowest.map((c) => ({ ms: round(c.ms, 1), path: c.path, query: c.text.replace(/\s+/g, " ").slice(0, 400) })),
      explain: {
        statements: explained.statements,
        slowestExecuted: explained.slowestExecuted,
        paths,
        watchedSeqScans: explained.watchedSeqScans,
        otherSeqScanTables: otherScans,
        failures: explained.failures,
      },
      serverExitCode: serverExit,
      budgets,
    };
  } finally {
    await prepared.handle.close().catch(() => undefined);
    await prepared.cleanup();
  }
  const out = path.join(root, "bench", "results", `social-${kind}.json`);
  console.log(`\nWrote ${writeReport(out, report)}`);
  return budgets.some((b) => b.pass === false) ? 1 : 0;
}

runBench(main);

import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ensurePostgresDatabase, openDatabase, setDatabase, type DatabaseHandle } from "../app/db/client.server";
import { DatabaseLockedError } from "../app/db/lock.server";
import { migrateDatabase } from "../app/db/migrate.server";
import { ContentPolicyError, loadContentPolicy } from "../app/modules/catalogue/content-policy.server";
import { seedDemoCatalogueIfEmpty } from "../app/modules/catalogue/import/demo-seed.server";
import { refreshDerivedSearchColumns } from "../app/modules/catalogue/search/derived-refresh.server";
import { startRetentionJob } from "../app/modules/privacy/retention.server";
import { startCounterSweep } from "../app/modules/rate-limit/rate-limit.server";
import { createApp } from "./app";
import { runPrimary } from "./cluster";
import { ensureBuild, listeningUrl } from "./build";
import { ConfigError, loadConfig, setConfig } from "../app/config.server";
import { createLogger } from "./logger";
import { installGracefulShutdown } from "./shutdown";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
// NODE_ENV is set by server/index.ts before anything else loads.

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  setConfig(config);
  const log = createLogger(config.logLevel);

  try {
    const policy = loadContentPolicy(config.contentPolicyFile, config.contentFilterLevel);
    if (!cluster.isWorker) log.info(`Content policy: ${policy.rightsHolders.length} rights holders from ${config.contentPolicyFile}`);
  } catch (err) {
    if (err instanceof ContentPolicyError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // A worker of the cluster (docs/decisions/018): the primary has built, migrated and seeded.
  const worker = cluster.isWorker;
  // SAVEPOINT_SKIP_BUILD=1 (benchmarks, read-only deployments): serve build/ as it is.
  if (!dev && !worker && process.env.SAVEPOINT_SKIP_BUILD !== "1") ensureBuild(root, (m) => log.info(m));

  let handle: DatabaseHandle;
  try {
    if (!worker && config.databaseUrl && (await ensurePostgresDatabase(config.databaseUrl))) log.info("Created the PostgreSQL database");
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    setDatabase(handle);
    if (!worker) await migrateDatabase(handle, path.join(root, "drizzle"));
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }
  if (!worker) {
    log.info({ database: handle.kind, dataDir: handle.kind === "pglite" ? config.dataDir : undefined }, "database ready");
    const seeded = await seedDemoCatalogueIfEmpty(path.join(root, "scripts", "data", "demo-games.jsonl"));
    if (seeded > 0) log.info(`Seeded the demo catalogue: ${seeded} games`);
    if (!config.igdb) log.info("IGDB credentials not set: the catalogue runs from the local database only");
  }
  // Search columns derived by older rules are derived again, in the background (derived-refresh.server.ts).
  const refresh = worker ? null : startSearchRefresh(log);
  const processes = dev ? 1 : config.webConcurrency;
  if (!worker && processes > 1) {
    // Several server processes (PostgreSQL only): this one keeps the background jobs and runs the workers.
    const retention = startRetentionJob(log);
    const sweep = startCounterSweep(log);
    await runPrimary({
      processes,
      log,
      handle,
      stopJobs: [() => retention.stop(), () => sweep.stop(), () => refresh?.stop()],
      host: config.host,
    });
    return;
  }
  // Page views and privacy audit entries older than 90 days: deleted now and daily (unref'd timer), by
  // the one process (the cluster's primary when there are several).
  const retention = worker ? { stop: () => undefined } : startRetentionJob(log);
  // Idle rate-limit counters (writes:<id>, sign-in failures, per-address limits): deleted every 10 minutes.
  const sweep = worker ? { stop: () => undefined } : startCounterSweep(log);

  let app;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    app = createApp({
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      before: [viteServer.middlewares],
      logger: log,
      production: false,
    });
  } else {
    const build = (await import(pathToFileURL(path.join(root, "build", "server", "index.js")).href)) as ServerBuild;
    app = createApp({
      build,
      clientDir: path.join(root, "build", "client"),
      logger: log,
      production: true,
      htmlCacheTtl: config.htmlCacheTtl,
    });
  }

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    console.error(
      e.code === "EADDRINUSE"
        ? `Port ${config.port} is already in use. Set PORT to use another one.`
        : `Could not listen on ${config.host}:${config.port}: ${e.message}`,
    );
    await handle.close();
    process.exit(1);
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = listeningUrl(config.host, port);
  if (!worker) {
    log.info({ url, appUrl: config.appUrl }, "listening");
    console.log(`\n  Savepoint is running at ${url}\n`);
  }

  installGracefulShutdown(server, handle, log, undefined, [() => retention.stop(), () => sweep.stop(), () => refresh?.stop()]);
}

/** The background refresh of derived search columns; stop() waits for the batch in flight. */
function startSearchRefresh(log: ReturnType<typeof createLogger>): { stop: () => Promise<void> } {
  const abort = new AbortController();
  const running = refreshDerivedSearchColumns({ signal: abort.signal })
    .then((r) => {
      if (!r.skipped)
        log.info(`Search columns checked against the current rules: ${r.changed} of ${r.checked} games updated in ${r.ms} ms`);
    })
    .catch((err: unknown) => log.error({ err }, "deriving the search columns again failed"));
  return {
    stop: async () => {
      abort.abort();
      await running;
    },
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

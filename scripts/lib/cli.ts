import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, setDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { DatabaseLockedError } from "../../app/db/lock.server";
import { migrateDatabase } from "../../app/db/migrate.server";
import { ConfigError, loadConfig, setConfig, type Config } from "../../app/config.server";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Runs a CLI against the configured database (the same one `npm start` uses):
 * parses the config, takes the PGlite lock, applies migrations, runs `fn`,
 * closes the database. Exits 1 with a clear message on a config or lock error.
 */
export async function runWithDatabase(fn: (ctx: { config: Config; handle: DatabaseHandle }) => Promise<void | number>): Promise<never> {
  let config: Config;
  try {
    config = loadConfig({ NODE_ENV: "production", ...process.env });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  setConfig(config);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  } catch (err) {
    console.error(err instanceof DatabaseLockedError ? err.message : `Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }
  setDatabase(handle);
  let code = 0;
  try {
    await migrateDatabase(handle, path.join(projectRoot, "drizzle"));
    const r = await fn({ config, handle });
    if (typeof r === "number") code = r;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    code = 1;
  } finally {
    await handle.close();
  }
  process.exit(code);
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "--";
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

/** A one-line progress bar on stderr (redrawn in place on a TTY, every ~2 s otherwise). */
export function progressBar(label: string) {
  const started = Date.now();
  let lastPrint = 0;
  const tty = process.stderr.isTTY;
  return {
    update(done: number, fraction: number, unit = "rows") {
      const now = Date.now();
      if (!tty && now - lastPrint < 2000 && fraction < 1) return;
      lastPrint = now;
      const f = Math.min(1, Math.max(0, fraction));
      const width = 28;
      const filled = Math.round(f * width);
      const elapsed = now - started;
      const rate = elapsed > 0 ? (done * 1000) / elapsed : 0;
      const eta = f > 0 ? (elapsed / f) * (1 - f) : Number.NaN;
      const line = `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(f * 100).toFixed(0).padStart(3)}% ${done.toLocaleString("en")} ${unit}  ${Math.round(rate).toLocaleString("en")} ${unit}/s  ETA ${formatDuration(eta)}`;
      if (tty) process.stderr.write(`\r${line}\u001b[K`);
      else process.stderr.write(`${line}\n`);
    },
    done() {
      if (tty) process.stderr.write("\n");
    },
  };
}

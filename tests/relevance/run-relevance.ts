/**
 * Prints the relevance misses and a latency summary on games-real.jsonl, in an in-memory PGlite:
 *   npx tsx tests/relevance/run-relevance.ts [--repeat N]
 * (relevance.test.ts asserts the same numbers.)
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteExtensions, setDatabase } from "../../app/db/client.server";
import { migrateDatabase } from "../../app/db/migrate.server";
import { importCatalogue } from "../../app/modules/catalogue/import/import.service.server";
import { evaluate, formatReport, loadCases, percentile, realDatasetPath, repoRoot } from "./evaluate";

if (!fs.existsSync(realDatasetPath)) {
  console.error(`Dataset not found: ${realDatasetPath}`);
  process.exit(2);
}
const repeatArg = process.argv.indexOf("--repeat");
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1] ?? 3) : 3;

const pglite = await PGlite.create({ extensions: pgliteExtensions });
const handle = await openDatabase({ pglite });
await migrateDatabase(handle, path.join(repoRoot, "drizzle"));
setDatabase(handle);
const imported = await importCatalogue(realDatasetPath);
console.log(`imported ${imported.inserted} games in ${(imported.ms / 1000).toFixed(1)} s`);

const tuning = await evaluate(loadCases("queries.json"));
const holdout = await evaluate(loadCases("holdout.json"));
console.log(formatReport("queries.json", tuning));
console.log(formatReport("holdout.json", holdout));

const timings: number[] = [];
for (let i = 0; i < repeat; i++) {
  timings.push(...(await evaluate(loadCases("queries.json"))).timingsMs, ...(await evaluate(loadCases("holdout.json"))).timingsMs);
}
console.log(
  `latency over ${timings.length} searches: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms`,
);
await handle.close();

/**
 * Prints the relevance misses and a latency summary on games-real.jsonl, in an in-memory PGlite:
 *   npx tsx tests/relevance/run-relevance.ts [--repeat N] [--tuning-only]
 * (--tuning-only leaves out the held-out class files: for runs while tuning.)
 * (RELEVANCE_DATASET=/path/to/games-real.jsonl when the checkout has no ../shared/datasets.)
 * queries.json / holdout.json: top-1, as relevance.test.ts asserts. tuning-classes.json /
 * holdout-classes*.json (HELD_OUT_CLASS_FILES): top-1 and top-5 per class (see README.md).
 */
import { openImportedCatalogue } from "./catalogue";
import {
  evaluate,
  evaluateClasses,
  formatClassReport,
  formatReport,
  HELD_OUT_CLASS_FILES,
  loadCases,
  loadClassCases,
  percentile,
} from "./evaluate";

const repeatArg = process.argv.indexOf("--repeat");
const repeat = repeatArg > 0 ? Number(process.argv[repeatArg + 1] ?? 3) : 3;

const tuningOnly = process.argv.includes("--tuning-only");

const { handle, imported } = await openImportedCatalogue();
console.log(`imported ${imported.inserted} games in ${(imported.ms / 1000).toFixed(1)} s, ${imported.merges.length} merged`);

const tuning = await evaluate(loadCases("queries.json"));
const holdout = await evaluate(loadCases("holdout.json"));
console.log(formatReport("queries.json", tuning));
console.log(formatReport("holdout.json", holdout));

const tuningClasses = await evaluateClasses(loadClassCases("tuning-classes.json"));
console.log(formatClassReport("tuning-classes.json", tuningClasses));
if (!tuningOnly) {
  for (const file of HELD_OUT_CLASS_FILES) {
    console.log(formatClassReport(`${file} (held out: never tune on it)`, await evaluateClasses(loadClassCases(file))));
  }
}

const timings: number[] = [];
for (let i = 0; i < repeat; i++) {
  timings.push(...(await evaluate(loadCases("queries.json"))).timingsMs, ...(await evaluate(loadCases("holdout.json"))).timingsMs);
}
console.log(
  `latency over ${timings.length} searches: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, max ${Math.max(...timings).toFixed(1)} ms`,
);
await handle.close();

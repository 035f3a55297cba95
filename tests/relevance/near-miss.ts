/**
 * How many queries one edit per word or one abbreviation away from a stored title come back empty:
 *   npx tsx tests/relevance/near-miss.ts [--sample N | --all] [--seed S] [--show N] [--max-empty N]
 *                                        [--dataset file.jsonl | --synthetic COUNT]
 * Titles are a seeded sample of the catalogue's names (default 600 of games-real.jsonl);
 * near-miss-queries.ts makes the queries. Also reports how often the title itself is in the first five
 * (for information: the requirement is that none is empty). --max-empty N exits 1 above N empty results.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { searchGames } from "../../app/modules/catalogue/search/search.service.server";
import { createRng } from "../../scripts/synthetic/prng";
import { generateGames, toCatalogueLine } from "../../scripts/synthetic/titles";
import { openImportedCatalogue } from "./catalogue";
import { percentile, realDatasetPath } from "./evaluate";
import { NEAR_MISS_KINDS, nearMissQueries, type NearMissKind, type NearMissQuery } from "./near-miss-queries";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const sampleSize = process.argv.includes("--all") ? Infinity : Number(arg("--sample") ?? 600);
const seed = Number(arg("--seed") ?? 15);
const show = Number(arg("--show") ?? 40);
const maxEmpty = arg("--max-empty");
const syntheticCount = arg("--synthetic");

let dataset = arg("--dataset") ?? realDatasetPath;
if (syntheticCount) {
  dataset = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "near-miss-")), "synthetic.jsonl");
  const lines: string[] = [];
  for (const g of generateGames(Number(syntheticCount), seed)) lines.push(JSON.stringify(toCatalogueLine(g)));
  fs.writeFileSync(dataset, `${lines.join("\n")}\n`);
}

async function readTitles(file: string): Promise<string[]> {
  const names = new Set<string>();
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    try {
      const name = (JSON.parse(line) as { name?: unknown }).name;
      if (typeof name === "string" && name.trim()) names.add(name.trim());
    } catch {
      // the import reports bad lines; here they are simply not titles
    }
  }
  return [...names];
}

const { handle, imported } = await openImportedCatalogue(dataset);
console.log(`imported ${imported.inserted} games from ${dataset} in ${(imported.ms / 1000).toFixed(1)} s`);

const rng = createRng(seed);
const allTitles = await readTitles(dataset);
const titles = Number.isFinite(sampleSize) ? rng.sample(allTitles, sampleSize) : allTitles;
const queries: NearMissQuery[] = titles.flatMap((t) => nearMissQueries(t, rng));

interface Tally {
  total: number;
  empty: number;
  found: number;
}
const byKind = new Map<NearMissKind, Tally>(NEAR_MISS_KINDS.map((k) => [k, { total: 0, empty: 0, found: 0 }]));
const empties: NearMissQuery[] = [];
const timings: number[] = [];
for (const nq of queries) {
  const started = performance.now();
  const result = await searchGames({ q: nq.q, pageSize: 5, igdbFallback: false });
  timings.push(performance.now() - started);
  const t = byKind.get(nq.kind) as Tally;
  t.total++;
  if (result.games.length === 0) {
    t.empty++;
    empties.push(nq);
  } else if (result.games.some((g) => g.name === nq.title)) {
    t.found++;
  }
}

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : "–");
console.log(`${queries.length} near-miss queries from ${titles.length} of ${allTitles.length} titles (seed ${seed})`);
let total = 0;
let empty = 0;
for (const [kind, t] of byKind) {
  total += t.total;
  empty += t.empty;
  console.log(
    `  ${kind.padEnd(20)} ${String(t.total).padStart(5)}  empty ${String(t.empty).padStart(5)} ${pct(t.empty, t.total).padStart(8)}  title in top 5 ${pct(t.found, t.total).padStart(8)}`,
  );
}
console.log(`  ${"all".padEnd(20)} ${String(total).padStart(5)}  empty ${String(empty).padStart(5)} ${pct(empty, total).padStart(8)}`);
for (const e of empties.slice(0, show)) console.log(`  EMPTY [${e.kind}] ${JSON.stringify(e.q)} ← ${JSON.stringify(e.title)}`);
if (empties.length > show) console.log(`  … and ${empties.length - show} more (--show N)`);
console.log(
  `latency: p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms, max ${Math.max(0, ...timings).toFixed(1)} ms`,
);
await handle.close();
if (maxEmpty !== undefined && empty > Number(maxEmpty)) {
  console.error(`${empty} empty results, more than --max-empty ${maxEmpty}`);
  process.exit(1);
}

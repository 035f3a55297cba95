import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../app/modules/catalogue/import/import.service.server";
import { useTestDatabase } from "../setup/database";
import {
  evaluate,
  evaluateClasses,
  formatClassReport,
  formatReport,
  loadCases,
  loadClassCases,
  realDatasetPath,
  HELD_OUT_CLASS_FILES,
} from "./evaluate";

/**
 * Top-1 accuracy of the search on games-real.jsonl (13,759 real games): queries.json is the set the
 * ranking was tuned on, holdout.json the set it was checked on afterwards. Both must reach 95 %.
 * `npx tsx tests/relevance/run-relevance.ts` prints the same report without Vitest.
 */

const MIN_TOP1 = 0.95;
/**
 * Floors on the held-out class files (never tuned on): the level each reached; raise them as the search
 * improves, never lower. The goal is 97 % top-1.
 * - holdout-classes.json: issue-15 round 2, 96.6 % top-1, 99.1 % top-5, no empty result.
 * - holdout-classes-2.json: written before round 2 and run once after it (92.0 %, 97.3 %, one empty:
 *   "bf3"); after compound-word initialisms (tuned on tuning-classes.json: "bf4", "fo4", "kz2",
 *   "bfbc2", "swbf2") 92.9 %, 98.2 %, no empty result.
 * - holdout-classes-3.json: 76 cases written after round 3 by someone who had not run the search, run
 *   once: 90.8 %, 96.1 %, three empty results; after round 4: 96.1 %, 100 %, none.
 * - holdout-classes-2.json after round 4: 98.2 %, 99.1 %.
 * - holdout-classes-4.json: 100 cases written before round 4 by someone who had not run the search, run
 *   once after it: 89.0 %, 96.0 %, three empty results; after round 5 (tuned on the shapes of its
 *   failures, on other games): 94.0 %, 100 %, none.
 * - holdout-classes-5.json: 100 cases written before round 5 by someone who had not run the search, run
 *   once after it: 88.0 %, 89.0 %, eight empty results (all abbreviations). After round 6 (whose shapes
 *   came from its failures, so no longer an unseen measure): 91.0 %, 92.0 %, five empty.
 * - holdout-classes-6.json: 100 cases written before round 6 by someone who had not run the search, run
 *   once after it: 92.0 %, 95.0 %, four empty results (all abbreviations). After round 7 (whose shapes
 *   came from its failures): 95.0 %, 98.0 %, one empty.
 * - holdout-classes-7.json: 100 cases written before round 7 by someone who had not run the search, run
 *   once after it: 94.0 %, 96.0 %, two empty results. After round 8 (which took three shapes from its
 *   failures): 97.0 %, 98.0 %, two empty.
 * - holdout-classes-8.json: 100 cases written during round 8 by someone who had not run the search nor
 *   seen the tuning (avoiding every game of the other files, so less famous games), run once after it:
 *   86.0 %, 93.0 %, three empty results. After round 9 (two of its changes answer file 8's failures):
 *   91.0 %, 95.0 %, two empty.
 * - holdout-classes-9.json: 100 cases written during round 9 by someone who had not run the search nor
 *   seen the tuning, run once after it: 89.0 %, 92.0 %, six empty results (all abbreviations). After round
 *   10 (whose shapes came from its failures, so no longer an unseen measure): 94.0 %, 98.0 %, none.
 * - holdout-classes-10.json: 100 cases written before round 10 by someone who had not run the search, run
 *   once after it: 90.0 %, 95.0 %, one empty result.
 * - holdout-classes-11.json: 98 cases written before round 11 by someone who had not run the search, kept
 *   out of the checkout during the round, run once after it: 91.8 %, 95.9 %, three empty results. After
 *   round 12 (whose shapes came from its failures, so no longer an unseen measure): 95.9 %, 99.0 %, one empty.
 * - holdout-classes-12.json: 100 cases written before round 12 by someone who had not run the search, kept
 *   out of the checkout during the round, run once after it: 93.0 %, 97.0 %, two empty results.
 * - holdout-classes-10.json after round 12: 92.0 %, 97.0 %, none.
 * - holdout-classes-12.json after round 13 (whose possessive-brand shape came from its failures): 95.0 %, 99.0 %, one empty.
 * - holdout-classes-13.json: 100 cases written after round 12 by someone who had not run the search, run once
 *   after round 13: 95.0 %, 97.0 %, three empty results. Not wholly unseen: collisions.ts named five of its
 *   cases to the round-13 tuner (three queries, two games; see README.md).
 * - holdout-classes-14.json: 99 cases written after round 12 by someone who had not run the search, kept out
 *   of the checkout, run once after round 13 (one case dropped first: its game had become a tuning case):
 *   89.9 %, 91.9 %, five empty results (all abbreviations) — the unseen level after round 13. After round 14
 *   (whose brief named its failing abbreviation shapes in general terms, not its queries): 93.9 %, 94.9 %, two empty.
 * - holdout-classes-15.json: 100 cases written after round 13 by someone who had not run the search, kept out of
 *   the tuner's sight (collisions.ts only counts), run once after round 14: 96.0 %, 97.0 %, two empty results
 *   (abbreviations: 'sdr2', 'ico sotc hd') — the unseen level after round 14.
 * - holdout-classes-16.json: 95 cases written during round 14 by someone who had not run the search, kept out of
 *   the tuners' sight (collisions.ts only counts), run once after rounds 15a and 15b: 95.8 %, 100 %, no empty
 *   result (four initialisms shared with another title, each second or third) — the unseen level after round 15.
 * - After round 15: files 13, 14 and 15 (seen) 99.0 / 99.0 / 1, 97.0 / 97.0 / 0 (96/99: floor .96), 98.0 / 98.0 / 1; file 5 91 / 94 / 3,
 *   file 7 98 / 99 / 1, file 8 91 / 96 / 1, file 10 93 / 97 / 0.
 * - After round 10 also: holdout-classes.json 97.4 %, 100 %; holdout-classes-3.json 97.4 %, 100 %;
 *   holdout-classes-7.json 98.0 %, 98.0 %.
 */
const HELD_OUT_FLOORS: { file: (typeof HELD_OUT_CLASS_FILES)[number]; minCases: number; top1: number; top5: number; maxEmpty: number }[] = [
  { file: "holdout-classes.json", minCases: 100, top1: 0.97, top5: 1, maxEmpty: 0 },
  { file: "holdout-classes-2.json", minCases: 80, top1: 0.98, top5: 0.99, maxEmpty: 0 },
  { file: "holdout-classes-3.json", minCases: 60, top1: 0.97, top5: 1, maxEmpty: 0 },
  { file: "holdout-classes-4.json", minCases: 100, top1: 0.94, top5: 1, maxEmpty: 0 },
  { file: "holdout-classes-5.json", minCases: 100, top1: 0.91, top5: 0.94, maxEmpty: 3 },
  { file: "holdout-classes-6.json", minCases: 100, top1: 0.95, top5: 0.98, maxEmpty: 1 },
  { file: "holdout-classes-7.json", minCases: 100, top1: 0.98, top5: 0.99, maxEmpty: 1 },
  { file: "holdout-classes-8.json", minCases: 100, top1: 0.91, top5: 0.96, maxEmpty: 1 },
  { file: "holdout-classes-9.json", minCases: 100, top1: 0.94, top5: 0.98, maxEmpty: 0 },
  { file: "holdout-classes-10.json", minCases: 100, top1: 0.93, top5: 0.97, maxEmpty: 0 },
  { file: "holdout-classes-11.json", minCases: 98, top1: 0.95, top5: 0.98, maxEmpty: 1 },
  { file: "holdout-classes-12.json", minCases: 100, top1: 0.95, top5: 0.99, maxEmpty: 1 },
  { file: "holdout-classes-13.json", minCases: 100, top1: 0.99, top5: 0.99, maxEmpty: 1 },
  { file: "holdout-classes-14.json", minCases: 99, top1: 0.96, top5: 0.96, maxEmpty: 0 },
  { file: "holdout-classes-15.json", minCases: 100, top1: 0.98, top5: 0.98, maxEmpty: 1 },
  { file: "holdout-classes-16.json", minCases: 95, top1: 0.95, top5: 1, maxEmpty: 0 },
];
const hasDataset = fs.existsSync(realDatasetPath);

useTestDatabase();

describe.skipIf(!hasDataset)(`relevance on games-real.jsonl${hasDataset ? "" : ` (skipped: ${realDatasetPath} not found)`}`, () => {
  beforeAll(async () => {
    const summary = await importCatalogue(realDatasetPath, { batchSize: 2000 });
    expect(summary.inserted).toBeGreaterThan(13_000);
  }, 600_000);

  it("finds the expected game first for ≥ 95 % of queries.json", async () => {
    const report = await evaluate(loadCases("queries.json"));
    console.log(formatReport("queries.json", report));
    expect(report.total).toBeGreaterThanOrEqual(60);
    expect(report.accuracy).toBeGreaterThanOrEqual(MIN_TOP1);
  }, 300_000);

  it("finds the expected game first for ≥ 95 % of the held-out queries", async () => {
    const report = await evaluate(loadCases("holdout.json"));
    console.log(formatReport("holdout.json", report));
    expect(report.accuracy).toBeGreaterThanOrEqual(MIN_TOP1);
  }, 300_000);

  it("has a floor for every held-out class file", () => {
    expect(HELD_OUT_FLOORS.map((f) => f.file)).toEqual([...HELD_OUT_CLASS_FILES]);
  });

  it.each(HELD_OUT_FLOORS)(
    "stays at its floor on $file",
    async ({ file, minCases, top1, top5, maxEmpty }) => {
      const report = await evaluateClasses(loadClassCases(file));
      console.log(formatClassReport(file, report, { misses: false }));
      expect(report.all.total).toBeGreaterThanOrEqual(minCases);
      expect(report.all.empty).toBeLessThanOrEqual(maxEmpty);
      expect(report.all.top1 / report.all.total).toBeGreaterThanOrEqual(top1);
      expect(report.all.top5 / report.all.total).toBeGreaterThanOrEqual(top5);
    },
    600_000,
  );
});

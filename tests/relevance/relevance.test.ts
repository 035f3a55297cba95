import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../app/modules/catalogue/import/import.service.server";
import { useTestDatabase } from "../setup/database";
import { evaluate, evaluateClasses, formatClassReport, formatReport, loadCases, loadClassCases, realDatasetPath } from "./evaluate";

/**
 * Top-1 accuracy of the search on games-real.jsonl (13,759 real games): queries.json is the set the
 * ranking was tuned on, holdout.json the set it was checked on afterwards. Both must reach 95 %.
 * `npx tsx tests/relevance/run-relevance.ts` prints the same report without Vitest.
 */

const MIN_TOP1 = 0.95;
/**
 * The held-out class file (holdout-classes.json) at the level the class fixes reached (issue-15 round 2:
 * 96.6 % top-1, 99.1 % top-5, no empty result); the goal is 97 % top-1. Raise these as the search
 * improves, never lower.
 */
const CLASSES_MIN_TOP1 = 0.96;
const CLASSES_MIN_TOP5 = 0.99;
/**
 * The second held-out class file (holdout-classes-2.json, written before the round-2 tuning and run once
 * after it: 92.0 % top-1, 97.3 % top-5, one empty result: "bf3", an initialism of a compound word). After
 * compound-word initialisms (tuned on tuning-classes.json: "bf4", "fo4", "kz2", "bfbc2", "swbf2"):
 * 92.9 % top-1, 98.2 % top-5, no empty result.
 */
const CLASSES2_MIN_TOP1 = 0.92;
const CLASSES2_MIN_TOP5 = 0.98;
const CLASSES2_MAX_EMPTY = 0;
/**
 * The third held-out class file (holdout-classes-3.json, 76 cases written after round 3 by someone who
 * had not run the search, run once: 90.8 % top-1, 96.1 % top-5, three empty results). A floor against
 * regressions; never tune on it.
 */
const CLASSES3_MIN_TOP1 = 0.9;
const CLASSES3_MIN_TOP5 = 0.96;
const CLASSES3_MAX_EMPTY = 3;
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

  it("reaches the class fixes' level on the held-out class file, with no empty result", async () => {
    const report = await evaluateClasses(loadClassCases("holdout-classes.json"));
    console.log(formatClassReport("holdout-classes.json", report, { misses: false }));
    expect(report.all.empty).toBe(0);
    expect(report.all.top1 / report.all.total).toBeGreaterThanOrEqual(CLASSES_MIN_TOP1);
    expect(report.all.top5 / report.all.total).toBeGreaterThanOrEqual(CLASSES_MIN_TOP5);
  }, 600_000);

  it("reaches the round-2 level on the second held-out class file", async () => {
    const report = await evaluateClasses(loadClassCases("holdout-classes-2.json"));
    console.log(formatClassReport("holdout-classes-2.json", report, { misses: false }));
    expect(report.all.total).toBeGreaterThanOrEqual(80);
    expect(report.all.empty).toBeLessThanOrEqual(CLASSES2_MAX_EMPTY);
    expect(report.all.top1 / report.all.total).toBeGreaterThanOrEqual(CLASSES2_MIN_TOP1);
    expect(report.all.top5 / report.all.total).toBeGreaterThanOrEqual(CLASSES2_MIN_TOP5);
  }, 600_000);

  it("stays at the measured level on the third held-out class file", async () => {
    const report = await evaluateClasses(loadClassCases("holdout-classes-3.json"));
    console.log(formatClassReport("holdout-classes-3.json", report, { misses: false }));
    expect(report.all.total).toBeGreaterThanOrEqual(60);
    expect(report.all.empty).toBeLessThanOrEqual(CLASSES3_MAX_EMPTY);
    expect(report.all.top1 / report.all.total).toBeGreaterThanOrEqual(CLASSES3_MIN_TOP1);
    expect(report.all.top5 / report.all.total).toBeGreaterThanOrEqual(CLASSES3_MIN_TOP5);
  }, 600_000);
});

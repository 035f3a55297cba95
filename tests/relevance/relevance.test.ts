import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../app/modules/catalogue/import.server";
import { useTestDatabase } from "../setup/database";
import { evaluate, formatReport, loadCases, realDatasetPath } from "./evaluate";

/**
 * Search relevance on the real catalogue (../shared/datasets/games-real.jsonl, 13,759 games): the expected
 * game must be the first result for at least 95 % of the tuning queries (queries.json) and of the held-out
 * queries (holdout.json, never used for tuning). The dataset lives outside the repository; without it
 * (a machine without ../shared) the suite is skipped and says why.
 */
const haveDataset = fs.existsSync(realDatasetPath);
useTestDatabase();

describe.skipIf(!haveDataset)(`search relevance (needs ${realDatasetPath})`, () => {
  beforeAll(async () => {
    const summary = await importCatalogue(realDatasetPath);
    expect(summary.inserted).toBeGreaterThan(13_000);
  }, 300_000);

  it("finds the game people mean first for ≥ 95 % of the tuning queries", async () => {
    const report = await evaluate(loadCases("queries.json"));
    console.log(formatReport("queries.json", report));
    expect(report.total).toBeGreaterThanOrEqual(60);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.95);
  }, 300_000);

  it("finds the game people mean first for ≥ 95 % of the held-out queries", async () => {
    const report = await evaluate(loadCases("holdout.json"));
    console.log(formatReport("holdout.json", report));
    expect(report.total).toBeGreaterThanOrEqual(30);
    expect(report.accuracy).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});

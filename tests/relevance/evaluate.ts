import fs from "node:fs";
import path from "node:path";
import { searchGames } from "../../app/modules/catalogue/search/search.service.server";

/** Relevance evaluation shared by relevance.test.ts and run-relevance.ts. */

export interface RelevanceCase {
  q: string;
  expect: string;
  why: string;
}

export interface RelevanceMiss extends RelevanceCase {
  got: string[];
}

export interface RelevanceReport {
  total: number;
  hits: number;
  accuracy: number;
  misses: RelevanceMiss[];
  timingsMs: number[];
}

const here = path.dirname(new URL(import.meta.url).pathname);
export const repoRoot = path.resolve(here, "..", "..");
export const realDatasetPath = path.resolve(repoRoot, "../shared/datasets/games-real.jsonl");

export function loadCases(file: "queries.json" | "holdout.json"): RelevanceCase[] {
  return JSON.parse(fs.readFileSync(path.join(here, file), "utf8")) as RelevanceCase[];
}

/** Runs each query through searchGames and checks the first result's name. */
export async function evaluate(cases: readonly RelevanceCase[]): Promise<RelevanceReport> {
  const misses: RelevanceMiss[] = [];
  const timingsMs: number[] = [];
  for (const c of cases) {
    const started = performance.now();
    const result = await searchGames({ q: c.q, pageSize: 5 });
    timingsMs.push(performance.now() - started);
    const got = result.games.map((g) => g.name);
    if (got[0] !== c.expect) misses.push({ ...c, got });
  }
  const hits = cases.length - misses.length;
  return { total: cases.length, hits, accuracy: cases.length ? hits / cases.length : 0, misses, timingsMs };
}

export function formatReport(label: string, r: RelevanceReport): string {
  const lines = [`${label}: top-1 ${r.hits}/${r.total} = ${(r.accuracy * 100).toFixed(1)} %`];
  for (const m of r.misses)
    lines.push(`  MISS [${m.why}] ${JSON.stringify(m.q)} → expected ${JSON.stringify(m.expect)}, got ${JSON.stringify(m.got.slice(0, 3))}`);
  return lines.join("\n");
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

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
/** games-real.jsonl next to the checkout (CI), or wherever RELEVANCE_DATASET points (a worktree elsewhere). */
export const realDatasetPath = process.env.RELEVANCE_DATASET || path.resolve(repoRoot, "../shared/datasets/games-real.jsonl");

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

// ---------------------------------------------------------------------------
// Cases by class (holdout-classes.json, tuning-classes.json)
// ---------------------------------------------------------------------------

export const CASE_CLASSES = ["abbreviation", "real-word-typo", "re-release", "notability", "duplicate-identity"] as const;
export type CaseClass = (typeof CASE_CLASSES)[number];

export interface ClassCase {
  q: string;
  /** The game a player means: must be first (rank 1) or among the first five (rank 5). */
  expect: string;
  class: CaseClass;
  why: string;
  /** 1 (default) or 5: where `expect` must appear to meet the case. */
  rank?: 1 | 5;
  /** Other names that count as the expected game (the same game stored under two records). */
  accept?: string[];
}

/** The held-out class files: reported and asserted, never tuned on. */
export const HELD_OUT_CLASS_FILES = [
  "holdout-classes.json",
  "holdout-classes-2.json",
  "holdout-classes-3.json",
  "holdout-classes-4.json",
  "holdout-classes-5.json",
  "holdout-classes-6.json",
  "holdout-classes-7.json",
  "holdout-classes-8.json",
  "holdout-classes-9.json",
  "holdout-classes-10.json",
  "holdout-classes-11.json",
  "holdout-classes-12.json",
  "holdout-classes-13.json",
  "holdout-classes-14.json",
  "holdout-classes-15.json",
  "holdout-classes-16.json",
] as const;
export type ClassFile = (typeof HELD_OUT_CLASS_FILES)[number] | "tuning-classes.json";

export function loadClassCases(file: ClassFile): ClassCase[] {
  const data = JSON.parse(fs.readFileSync(path.join(here, file), "utf8")) as { cases: ClassCase[] };
  for (const c of data.cases) {
    if (!CASE_CLASSES.includes(c.class)) throw new Error(`${file}: unknown class ${JSON.stringify(c.class)} for ${JSON.stringify(c.q)}`);
  }
  return data.cases;
}

export interface ClassResult extends ClassCase {
  /** 1-based position of the expected game in the first five, or null. */
  position: number | null;
  got: string[];
}

export interface ClassTally {
  total: number;
  top1: number;
  top5: number;
  /** Cases whose expected game is within the case's rank (1 or 5). */
  met: number;
  empty: number;
}

export interface ClassReport {
  results: ClassResult[];
  byClass: Map<CaseClass, ClassTally>;
  all: ClassTally;
  timingsMs: number[];
}

function tally(results: readonly ClassResult[]): ClassTally {
  return {
    total: results.length,
    top1: results.filter((r) => r.position === 1).length,
    top5: results.filter((r) => r.position !== null).length,
    met: results.filter((r) => r.position !== null && r.position <= (r.rank ?? 1)).length,
    empty: results.filter((r) => r.got.length === 0).length,
  };
}

/** Runs each case through searchGames (local catalogue only) and records where the expected game came. */
export async function evaluateClasses(cases: readonly ClassCase[]): Promise<ClassReport> {
  const results: ClassResult[] = [];
  const timingsMs: number[] = [];
  for (const c of cases) {
    const started = performance.now();
    const result = await searchGames({ q: c.q, pageSize: 5, igdbFallback: false });
    timingsMs.push(performance.now() - started);
    const got = result.games.map((g) => g.name);
    const wanted = new Set([c.expect, ...(c.accept ?? [])]);
    const index = got.findIndex((name) => wanted.has(name));
    results.push({ ...c, position: index < 0 ? null : index + 1, got });
  }
  const byClass = new Map<CaseClass, ClassTally>();
  for (const cls of CASE_CLASSES) {
    const of = results.filter((r) => r.class === cls);
    if (of.length) byClass.set(cls, tally(of));
  }
  return { results, byClass, all: tally(results), timingsMs };
}

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : "–");

export function formatClassReport(label: string, r: ClassReport, opts: { misses?: boolean } = {}): string {
  const row = (name: string, t: ClassTally) =>
    `  ${name.padEnd(20)} ${String(t.total).padStart(4)}  top-1 ${`${t.top1}`.padStart(3)} ${pct(t.top1, t.total).padStart(8)}  top-5 ${`${t.top5}`.padStart(3)} ${pct(t.top5, t.total).padStart(8)}  met ${pct(t.met, t.total).padStart(8)}  empty ${t.empty}`;
  const lines = [`${label}: ${r.all.total} cases (met = expected game within the case's rank, 1 unless the case says 5)`];
  for (const [cls, t] of r.byClass) lines.push(row(cls, t));
  lines.push(row("all", r.all));
  if (opts.misses !== false) {
    for (const m of r.results) {
      if (m.position === 1) continue;
      const tag = m.position === null ? (m.got.length ? "MISS " : "EMPTY") : `@${m.position}   `;
      lines.push(
        `  ${tag} [${m.class}${m.rank === 5 ? ", rank 5" : ""}] ${JSON.stringify(m.q)} → expected ${JSON.stringify(m.expect)}, got ${JSON.stringify(m.got.slice(0, 3))}`,
      );
    }
  }
  return lines.join("\n");
}

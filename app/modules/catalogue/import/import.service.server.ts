import fs from "node:fs";
import readline from "node:readline";
import { normalizeTitle } from "~/lib/search-text";
import { matchKey, type GameInsert, type Prepared } from "../catalogue-write";
import { linkParents, writeBatch } from "../catalogue-write.queries.server";
import { analyzeCatalogue, loadSlugs } from "./import.queries.server";
import { CatalogueLine, describeIssues } from "./import.schema";

/**
 * Catalogue import (docs/catalogue-format.md). Idempotent: a line matches an
 * existing game by igdb_id, else by normalised name + year; matches are
 * updated (fields missing from the line keep their stored value, the slug
 * never changes), the rest inserted. Bad lines are reported with their line
 * number and skipped; the rest import. Work is done in batches, each in one
 * transaction, with a few set-based statements per batch.
 */

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportProgress {
  rows: number;
  bytesRead: number;
  totalBytes: number;
}

export interface ImportSummary {
  inserted: number;
  updated: number;
  skipped: number;
  problems: ImportProblem[];
  ms: number;
}

export interface ImportOptions {
  batchSize?: number;
  onProblem?: (p: ImportProblem) => void;
  onProgress?: (p: ImportProgress) => void;
}

export function prepareLine(data: CatalogueLine, line: number): Prepared {
  const year = data.release_date ? Number(data.release_date.slice(0, 4)) : (data.year ?? null);
  const searchName = normalizeTitle(data.name);
  const aliases = (data.aliases ?? []).filter((a) => a !== data.name);
  const series = data.series ?? [];
  const values: GameInsert = {
    name: data.name,
    slug: "",
    igdbId: data.igdb_id ?? null,
    gameId: data.igdb_id ? String(data.igdb_id) : null,
    summary: data.summary || null,
    releaseDate: data.release_date ?? null,
    releaseYear: year,
    coverUrl: data.cover_url ?? null,
    genres: data.genres ?? [],
    genre: data.genres?.[0] ?? null,
    platforms: data.platforms ?? [],
    developer: data.developers?.length ? data.developers.join(", ") : null,
    publisher: data.publishers?.length ? data.publishers.join(", ") : null,
    category: data.category ?? 0,
    parentIgdbId: data.parent_igdb_id ?? null,
    alternativeNames: aliases,
    franchiseName: series[0] ?? null,
    collectionName: series[1] ?? null,
    igdbLink: null,
    searchName,
    searchAliases: aliases.map(normalizeTitle).filter(Boolean).join(" | "),
  };
  return { line, values, platforms: data.platforms ?? [], key: matchKey(searchName, year) };
}

/** Imports a JSONL catalogue file. */
export async function importCatalogue(file: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const batchSize = opts.batchSize ?? 1000;
  const totalBytes = fs.statSync(file).size;
  const slugs = await loadSlugs();
  const problems: ImportProblem[] = [];
  const summary = { inserted: 0, updated: 0, skipped: 0 };
  let bytesRead = 0;
  let rows = 0;
  let lineNo = 0;
  let batch: Prepared[] = [];

  const report = (p: ImportProblem) => {
    problems.push(p);
    summary.skipped++;
    opts.onProblem?.(p);
  };
  const flush = async () => {
    if (!batch.length) return;
    const r = await writeBatch(batch, slugs);
    summary.inserted += r.inserted;
    summary.updated += r.updated;
    summary.skipped += batch.length - r.inserted - r.updated;
    batch = [];
    opts.onProgress?.({ rows, bytesRead, totalBytes });
  };

  const input = fs.createReadStream(file, { encoding: "utf8" });
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const raw of lines) {
    lineNo++;
    bytesRead += Buffer.byteLength(raw, "utf8") + 1;
    const text = raw.trim();
    if (!text) continue;
    rows++;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      report({ line: lineNo, reason: `invalid JSON (${(err as Error).message})` });
      continue;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      report({ line: lineNo, reason: "expected a JSON object" });
      continue;
    }
    const result = CatalogueLine.safeParse(parsed);
    if (!result.success) {
      report({ line: lineNo, reason: describeIssues(result.error) });
      continue;
    }
    const prepared = prepareLine(result.data, lineNo);
    if (!prepared.values.searchName) {
      report({ line: lineNo, reason: "name has no letters or digits" });
      continue;
    }
    batch.push(prepared);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await linkParents();
  await analyzeCatalogue();
  opts.onProgress?.({ rows, bytesRead: totalBytes, totalBytes });
  return { ...summary, problems, ms: Date.now() - started };
}

import { searchAliasesOf } from "../search/initialisms";
import fs from "node:fs";
import readline from "node:readline";
import { normalizeTitle } from "~/lib/search-text";
import { matchKey, type GameInsert, type Prepared } from "../catalogue-write";
import { linkParents, writeBatch } from "../catalogue-write.queries.server";
import { vacuumCatalogue, loadSlugs } from "./import.queries.server";
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

/** Lines sharing one igdb_id, imported as one game: the kept name and the names kept as aliases. */
export interface ImportMerge {
  igdbId: number;
  name: string;
  aliases: string[];
  lines: number[];
}

export interface ImportSummary {
  inserted: number;
  updated: number;
  skipped: number;
  /** Games made of several lines with the same igdb_id. */
  merges: ImportMerge[];
  problems: ImportProblem[];
  ms: number;
}

export interface ImportOptions {
  batchSize?: number;
  onProblem?: (p: ImportProblem) => void;
  onProgress?: (p: ImportProgress) => void;
}

/** hypes + follows + popularity, when the line has any of them. */
function popularityOf(data: CatalogueLine): { igdbPopularity?: number } {
  const parts = [data.hypes, data.follows, data.popularity].filter((v): v is number => v !== undefined);
  return parts.length ? { igdbPopularity: parts.reduce((a, b) => a + b, 0) } : {};
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
    ...(data.total_rating_count !== undefined ? { igdbRatingCount: data.total_rating_count } : {}),
    ...popularityOf(data),
    searchName,
    searchAliases: searchAliasesOf(data.name, aliases, data.igdb_id),
  };
  return { line, values, platforms: data.platforms ?? [], key: matchKey(searchName, year) };
}

/** Fields of a line holding a value (a non-empty string, list, or any number). */
export function completeness(raw: Record<string, unknown>): number {
  let n = 0;
  for (const v of Object.values(raw)) {
    if (v === null || v === undefined) continue;
    if (typeof v === "string" && !v.trim()) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    n++;
  }
  return n;
}

/** A trailing region / shop / edition tag in parentheses ("Sonic Heroes (PAL)", "X (GH)"). */
const TRAILING_TAG = /\([^()]*\)\s*$/;

interface LineRank {
  line: number;
  name: string;
  fields: number;
}

/**
 * Which of the lines sharing an igdb_id names the game, whatever their order: most non-empty fields,
 * then a name without a trailing tag in parentheses, then the shorter name, then the name's order.
 */
export function compareLines(a: LineRank, b: LineRank): number {
  return (
    b.fields - a.fields ||
    Number(TRAILING_TAG.test(a.name)) - Number(TRAILING_TAG.test(b.name)) ||
    a.name.length - b.name.length ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.line - b.line
  );
}

/**
 * One game from the lines sharing an igdb_id: the best line's values (compareLines), fields it lacks
 * from the others, and every other name and alias as an alternative name (still searchable).
 */
export function mergeLines(lines: { prepared: Prepared; rank: LineRank }[]): Prepared {
  const sorted = [...lines].sort((a, b) => compareLines(a.rank, b.rank));
  const best = sorted[0]!.prepared;
  const values = { ...best.values };
  const record = values as Record<string, unknown>;
  for (const { prepared } of sorted.slice(1)) {
    for (const [k, v] of Object.entries(prepared.values)) {
      const cur = record[k];
      const empty = cur === null || cur === undefined || cur === "" || (Array.isArray(cur) && cur.length === 0);
      if (empty && k !== "alternativeNames" && k !== "searchAliases") record[k] = v;
    }
  }
  const aliases = new Set<string>(best.values.alternativeNames ?? []);
  for (const { prepared } of sorted.slice(1)) {
    aliases.add(prepared.values.name);
    for (const a of prepared.values.alternativeNames ?? []) aliases.add(a);
  }
  aliases.delete(values.name);
  values.alternativeNames = [...aliases];
  values.searchAliases = searchAliasesOf(values.name, [...aliases], values.igdbId);
  const platforms = [...new Set(sorted.flatMap((l) => l.prepared.platforms))];
  values.platforms = platforms;
  return { ...best, values, platforms };
}

interface ParsedLine {
  data: CatalogueLine;
  fields: number;
}

function parseLine(text: string): { ok: true; line: ParsedLine } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `invalid JSON (${(err as Error).message})` };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { ok: false, reason: "expected a JSON object" };
  const result = CatalogueLine.safeParse(parsed);
  if (!result.success) return { ok: false, reason: describeIssues(result.error) };
  return { ok: true, line: { data: result.data, fields: completeness(parsed as Record<string, unknown>) } };
}

/** How many valid lines carry each igdb_id (first pass over the file). */
async function countIds(file: string): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  for await (const raw of lines) {
    const text = raw.trim();
    if (!text) continue;
    const r = parseLine(text);
    const id = r.ok ? r.line.data.igdb_id : undefined;
    if (id !== undefined && normalizeTitle(r.ok ? r.line.data.name : "")) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
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
  // Lines repeating an igdb_id wait for the rest of their group, then import as one game.
  const idCounts = await countIds(file);
  const groups = new Map<number, { prepared: Prepared; rank: LineRank }[]>();
  const merges: ImportMerge[] = [];

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
    const r = parseLine(text);
    if (!r.ok) {
      report({ line: lineNo, reason: r.reason });
      continue;
    }
    const prepared = prepareLine(r.line.data, lineNo);
    if (!prepared.values.searchName) {
      report({ line: lineNo, reason: "name has no letters or digits" });
      continue;
    }
    const id = r.line.data.igdb_id;
    const expected = id === undefined ? 1 : (idCounts.get(id) ?? 1);
    if (id !== undefined && expected > 1) {
      const group = groups.get(id) ?? [];
      group.push({ prepared, rank: { line: lineNo, name: r.line.data.name, fields: r.line.fields } });
      groups.set(id, group);
      if (group.length < expected) continue;
      groups.delete(id);
      const merged = mergeLines(group);
      merges.push({
        igdbId: id,
        name: merged.values.name,
        aliases: group.map((g) => g.rank.name).filter((n) => n !== merged.values.name),
        lines: group.map((g) => g.rank.line),
      });
      batch.push(merged);
    } else {
      batch.push(prepared);
    }
    if (batch.length >= batchSize) await flush();
  }
  // Groups cut short (the file changed between the passes) import with what they have.
  for (const [id, group] of groups) {
    const merged = mergeLines(group);
    if (group.length > 1)
      merges.push({
        igdbId: id,
        name: merged.values.name,
        aliases: group.map((g) => g.rank.name).filter((n) => n !== merged.values.name),
        lines: group.map((g) => g.rank.line),
      });
    batch.push(merged);
  }
  await flush();
  await linkParents();
  await vacuumCatalogue();
  opts.onProgress?.({ rows, bytesRead: totalBytes, totalBytes });
  return { ...summary, merges, problems, ms: Date.now() - started };
}

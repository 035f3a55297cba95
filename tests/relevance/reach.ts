/**
 * How broadly a ranking change moves results, without any relevance file: the first result of every
 * near-miss query of a seeded sample of titles (near-miss-queries.ts), written to a JSON file, so two
 * versions of the search can be compared (`--diff before.json after.json` prints the queries whose first
 * result changed, and how many of them now or no longer show their source title first). For near misses
 * of random titles the source title is not always what a player means: this measures reach, not quality.
 *   npx tsx tests/relevance/reach.ts --out after.json [--sample 1500] [--seed 11]
 *   npx tsx tests/relevance/reach.ts --diff before.json after.json
 */
import fs from "node:fs";
import { normalizeTitle } from "../../app/lib/search-text";
import { searchGames } from "../../app/modules/catalogue/search/search.service.server";
import { createRng } from "../../scripts/synthetic/prng";
import { openImportedCatalogue } from "./catalogue";
import { realDatasetPath } from "./evaluate";
import { nearMissQueries } from "./near-miss-queries";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

interface Row {
  q: string;
  kind: string;
  title: string;
  first: string | null;
}

const diff = process.argv.indexOf("--diff");
if (diff > 0) {
  const [a, b] = [process.argv[diff + 1], process.argv[diff + 2]].map((f) => JSON.parse(fs.readFileSync(f!, "utf8")) as Row[]);
  const before = new Map(a!.map((r) => [`${r.kind}|${r.q}|${r.title}`, r]));
  let changed = 0;
  let gained = 0;
  let lost = 0;
  for (const r of b!) {
    const o = before.get(`${r.kind}|${r.q}|${r.title}`);
    if (!o || o.first === r.first) continue;
    changed++;
    if (r.first === r.title) gained++;
    if (o.first === r.title) lost++;
    console.log(`[${r.kind}] ${JSON.stringify(r.q)} ← ${JSON.stringify(r.title)}: ${JSON.stringify(o.first)} → ${JSON.stringify(r.first)}`);
  }
  console.log(`${b!.length} queries, first result changed for ${changed}: source title now first ${gained}, no longer first ${lost}`);
  process.exit(0);
}

const out = arg("--out");
if (!out) {
  console.error("usage: reach.ts --out file.json [--sample N] [--seed S] | --diff a.json b.json");
  process.exit(2);
}
const { handle } = await openImportedCatalogue();
const rng = createRng(Number(arg("--seed") ?? 11));
const names = [
  ...new Set(
    fs
      .readFileSync(realDatasetPath, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { name: string }).name.trim()),
  ),
];
const titles = rng.sample(names, Number(arg("--sample") ?? 1500));
const rows: Row[] = [];
for (const t of titles) {
  // Besides the near misses: the title's name before its subtitle, as players shorten it ("crash bandicoot 2").
  const head = normalizeTitle(t.split(/\s*:\s*|\s+-\s+/)[0] ?? "");
  const extra = head && head !== normalizeTitle(t) ? [{ q: head, kind: "head", title: t }] : [];
  for (const nq of [...nearMissQueries(t, rng), ...extra]) {
    const r = await searchGames({ q: nq.q, pageSize: 1, igdbFallback: false });
    rows.push({ q: nq.q, kind: nq.kind, title: nq.title, first: r.games[0]?.name ?? null });
  }
}
fs.writeFileSync(out, JSON.stringify(rows));
console.log(`${rows.length} queries written to ${out}`);
await handle.close();

/**
 * Before adding tuning cases: reports which proposed cases use a game as `expect` (or a query) that a
 * class file already uses, without printing anything else of the files it reads.
 *   npx tsx tests/relevance/collisions.ts proposed.json
 * (proposed.json: an array of { q, expect }.) Reads tuning-classes.json, queries.json, holdout.json and
 * every holdout-classes*.json in this folder — those listed in HELD_OUT_CLASS_FILES and a held-out file
 * written before a round but not run yet (not listed until after its one run), so that no tuning case uses
 * a game or a query of it. Collisions with the tuning and query files are printed; collisions with a held-out
 * file are only counted, never named (printing them told a tuner which queries and games a held-out file
 * holds: round 13): with `--out clean.json` the proposed cases without any colliding one are written there.
 *   npx tsx tests/relevance/collisions.ts proposed.json [--out clean.json]
 */
import fs from "node:fs";
import path from "node:path";
import { HELD_OUT_CLASS_FILES } from "./evaluate";

const here = path.dirname(new URL(import.meta.url).pathname);
const file = process.argv[2];
if (!file) {
  console.error("usage: collisions.ts proposed.json");
  process.exit(2);
}
const outArg = process.argv.indexOf("--out");
const out = outArg > 0 ? process.argv[outArg + 1] : undefined;
const proposed = JSON.parse(fs.readFileSync(file, "utf8")) as { q: string; expect: string }[];
if (!Array.isArray(proposed)) {
  console.error("proposed.json must be a JSON array of { q, expect } (a class file's `cases`)");
  process.exit(2);
}
const key = (s: string) => s.toLowerCase().trim();
const used = new Map<string, Set<string>>();
const note = (k: string, where: string) => used.set(k, (used.get(k) ?? new Set()).add(where));
const pending = fs
  .readdirSync(here)
  .filter((f) => /^holdout-classes.*\.json$/.test(f) && !(HELD_OUT_CLASS_FILES as readonly string[]).includes(f));
for (const name of ["tuning-classes.json", ...HELD_OUT_CLASS_FILES, ...pending]) {
  const data = JSON.parse(fs.readFileSync(path.join(here, name), "utf8")) as { cases: { q: string; expect: string; accept?: string[] }[] };
  for (const c of data.cases) {
    for (const e of [c.expect, ...(c.accept ?? [])]) note(`e:${key(e)}`, name);
    note(`q:${key(c.q)}`, name);
  }
}
for (const name of ["queries.json", "holdout.json"]) {
  for (const c of JSON.parse(fs.readFileSync(path.join(here, name), "utf8")) as { q: string; expect: string }[]) {
    note(`e:${key(c.expect)}`, name);
    note(`q:${key(c.q)}`, name);
  }
}
const heldOut = new Set<string>([...HELD_OUT_CLASS_FILES, ...pending]);
let collisions = 0;
let hidden = 0;
const clean: typeof proposed = [];
for (const p of proposed) {
  let collides = false;
  for (const [kind, value] of [
    ["expect", p.expect],
    ["query", p.q],
  ] as const) {
    const where = used.get(`${kind === "expect" ? "e" : "q"}:${key(value)}`);
    if (!where) continue;
    collides = true;
    collisions++;
    const visible = [...where].filter((w) => !heldOut.has(w));
    if (visible.length)
      console.log(`COLLISION ${kind} ${JSON.stringify(value)} (proposed ${JSON.stringify(p.q)}) in ${visible.join(", ")}`);
    if (visible.length < where.size) hidden++;
  }
  if (!collides) clean.push(p);
}
if (hidden) console.log(`${hidden} collision(s) with held-out files, not named: write the cases without them with --out`);
if (out) fs.writeFileSync(out, `${JSON.stringify(clean, null, 2)}\n`);
console.log(`${proposed.length} proposed, ${collisions} collisions${out ? `; ${clean.length} written to ${out}` : ""}`);

/**
 * Before adding tuning cases: reports which proposed cases use a game as `expect` (or a query) that a
 * class file already uses, without printing anything else of the files it reads.
 *   npx tsx tests/relevance/collisions.ts proposed.json
 * (proposed.json: an array of { q, expect }.) Reads tuning-classes.json, queries.json, holdout.json and
 * every holdout-classes*.json in this folder — those listed in HELD_OUT_CLASS_FILES and a held-out file
 * written before a round but not run yet (not listed until after its one run), so that no tuning case uses
 * a game or a query of it. Only the proposed cases that collide are printed.
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
const proposed = JSON.parse(fs.readFileSync(file, "utf8")) as { q: string; expect: string }[];
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
let collisions = 0;
for (const p of proposed) {
  for (const [kind, value] of [
    ["expect", p.expect],
    ["query", p.q],
  ] as const) {
    const where = used.get(`${kind === "expect" ? "e" : "q"}:${key(value)}`);
    if (where) {
      collisions++;
      console.log(`COLLISION ${kind} ${JSON.stringify(value)} (proposed ${JSON.stringify(p.q)}) in ${[...where].join(", ")}`);
    }
  }
}
console.log(`${proposed.length} proposed, ${collisions} collisions`);

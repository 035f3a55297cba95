import fs from "node:fs";
import path from "node:path";
import { importCatalogue } from "../app/modules/catalogue/import/import.service.server";
import { progressBar, runWithDatabase } from "./lib/cli";

const file = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (!file) {
  console.error("Usage: npm run catalogue:import -- <file.jsonl>\nThe format is described in docs/catalogue-format.md.");
  process.exit(2);
}
const resolved = path.resolve(file);
if (!fs.existsSync(resolved) || !fs.statSync(resolved).isFile()) {
  console.error(`No such file: ${resolved}`);
  process.exit(2);
}

await runWithDatabase(async () => {
  const bar = progressBar("Importing");
  const shown = { n: 0 };
  const summary = await importCatalogue(resolved, {
    onProblem(p) {
      if (shown.n++ < 200) process.stderr.write(`${process.stderr.isTTY ? "\r\u001b[K" : ""}line ${p.line}: ${p.reason}\n`);
    },
    onProgress(p) {
      bar.update(p.rows, p.totalBytes ? p.bytesRead / p.totalBytes : 1);
    },
  });
  bar.done();
  if (summary.problems.length > 200) console.error(`... and ${summary.problems.length - 200} more bad lines`);
  console.log(
    `Imported ${path.basename(resolved)} in ${(summary.ms / 1000).toFixed(1)} s: ${summary.inserted} inserted, ${summary.updated} updated, ${summary.skipped} skipped, ${summary.merges.length} merged (lines sharing an igdb_id)`,
  );
  for (const m of summary.merges.slice(0, 20))
    console.log(`  igdb ${m.igdbId}: "${m.name}" (also: ${m.aliases.map((a) => `"${a}"`).join(", ")})`);
  if (summary.merges.length > 20) console.log(`  ... and ${summary.merges.length - 20} more merges`);
  return 0;
});

import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, pgliteExtensions, setDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { migrateDatabase } from "../../app/db/migrate.server";
import { importCatalogue, type ImportSummary } from "../../app/modules/catalogue/import/import.service.server";
import { realDatasetPath, repoRoot } from "./evaluate";

/**
 * For the command-line runners (run-relevance.ts, near-miss.ts): a fresh in-memory PGlite, migrated,
 * with `file` (default games-real.jsonl) imported, installed as the process's database.
 * Exits with status 2 when the dataset is missing.
 */
export async function openImportedCatalogue(file: string = realDatasetPath): Promise<{ handle: DatabaseHandle; imported: ImportSummary }> {
  if (!fs.existsSync(file)) {
    console.error(`Dataset not found: ${file} (set RELEVANCE_DATASET to games-real.jsonl's path)`);
    process.exit(2);
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const handle = await openDatabase({ pglite });
  await migrateDatabase(handle, path.join(repoRoot, "drizzle"));
  setDatabase(handle);
  const imported = await importCatalogue(file);
  return { handle, imported };
}

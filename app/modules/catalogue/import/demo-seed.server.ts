import fs from "node:fs";
import { hasAnyGame } from "../catalogue.queries.server";
import { importCatalogue } from "./import.service.server";

/**
 * Seeds the curated demo catalogue (scripts/data/demo-games.jsonl) into an
 * empty database, so a fresh `npm start` has games to browse. Returns the
 * number of games inserted (0 when the catalogue already has games).
 */
export async function seedDemoCatalogueIfEmpty(file: string): Promise<number> {
  if (!fs.existsSync(file)) return 0;
  if (await hasAnyGame()) return 0;
  const summary = await importCatalogue(file);
  return summary.inserted;
}

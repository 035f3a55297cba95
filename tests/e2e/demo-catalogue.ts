import fs from "node:fs";
import path from "node:path";

/** A line of scripts/data/demo-games.jsonl: what the e2e server is seeded with. */
export interface DemoGame {
  name: string;
  year?: number;
  platforms?: string[];
  igdb_id?: number;
  category?: number;
  parent_igdb_id?: number;
}

const repoRoot = path.resolve(import.meta.dirname, "..", "..");

export const demoGames: DemoGame[] = fs
  .readFileSync(path.join(repoRoot, "scripts", "data", "demo-games.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as DemoGame);

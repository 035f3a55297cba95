import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { getDb } from "../app/db/client.server";
import { progressBar, runWithDatabase } from "./lib/cli";
import { seedSynthetic, type SeedPhase } from "./synthetic/seed";
import { generateGames, toCatalogueLine } from "./synthetic/titles";

const usage = `Usage: npm run seed:synthetic -- --games N [--users N] [--ratings N] [--seed S] [--jsonl FILE]

Adds a deterministic synthetic catalogue (franchises, sequels, editions, DLC, bundles,
mods, seasons) with igdb ids from 50,000,001 up, plus users and ratings, to the
configured database (DATA_DIR or DATABASE_URL). Re-running with the same options
adds nothing. Defaults: --users games/40 (max 5,000), --ratings games/2, --seed 1.
--jsonl FILE writes the games as a catalogue file instead of touching the database.`;

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) {
    console.error(`--${name} must be a whole number between 0 and 10,000,000 (got "${value}")\n\n${usage}`);
    process.exit(2);
  }
  return n;
}

let args;
try {
  args = parseArgs({
    options: {
      games: { type: "string" },
      users: { type: "string" },
      ratings: { type: "string" },
      seed: { type: "string" },
      jsonl: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (args.help || args.games === undefined) {
  console.log(usage);
  process.exit(args.help ? 0 : 2);
}
const games = count("games", args.games, 0);
const users = count("users", args.users, Math.min(5000, Math.ceil(games / 40)));
const ratings = count("ratings", args.ratings, Math.floor(games / 2));
const seed = count("seed", args.seed, 1);

if (args.jsonl) {
  const file = path.resolve(args.jsonl);
  const out = fs.createWriteStream(file);
  for (const g of generateGames(games, seed)) {
    if (!out.write(`${JSON.stringify(toCatalogueLine(g))}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  console.log(`Wrote ${games.toLocaleString("en")} synthetic games to ${file}`);
  process.exit(0);
}

await runWithDatabase(async ({ handle }) => {
  const labels: Record<SeedPhase, string> = { games: "Games  ", indexes: "Indexes", users: "Users  ", ratings: "Ratings" };
  let phase: SeedPhase | undefined;
  let bar: ReturnType<typeof progressBar> | undefined;
  const summary = await seedSynthetic(getDb(), {
    games,
    users,
    ratings,
    seed,
    onProgress(p, done, total) {
      if (phase !== p) {
        bar?.done();
        bar = progressBar(labels[p]);
        phase = p;
      }
      bar?.update(done, total ? done / total : 1, p);
    },
  });
  bar?.done();
  if (handle.kind === "pglite") await handle.pglite?.query("analyze");
  else await handle.pool?.query("analyze");
  console.log(
    `Seeded in ${(summary.ms / 1000).toFixed(1)} s (seed ${seed}): ${summary.gamesInserted.toLocaleString("en")} games inserted, ` +
      `${summary.gamesSkipped.toLocaleString("en")} already present; ${summary.usersInserted.toLocaleString("en")} users; ` +
      `${summary.ratingsInserted.toLocaleString("en")} ratings`,
  );
  console.log(
    `Phases (ms): ${Object.entries(summary.phases)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
  );
  return 0;
});

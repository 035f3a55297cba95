import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { getDb } from "../app/db/client.server";
import { progressBar, runWithDatabase } from "./lib/cli";
import { seedCommunity, type CommunityPhase, type CommunitySummary } from "./synthetic/community";
import { seedSynthetic, type SeedPhase } from "./synthetic/seed";
import { generateGames, toCatalogueLine } from "./synthetic/titles";

const usage = `Usage: npm run seed:synthetic -- --games N [--users N] [--ratings N] [--seed S] [--jsonl FILE]
         [--active-users N] [--reviews N] [--likes N] [--comments N] [--lists N] [--follows N]

Adds a deterministic synthetic catalogue (franchises, sequels, editions, DLC, bundles,
mods, seasons) with igdb ids from 50,000,001 up, plus users and ratings, to the
configured database (DATA_DIR or DATABASE_URL). Re-running with the same options
adds nothing. Defaults: --users games/40 (max 5,000), --ratings games/2, --seed 1.
--jsonl FILE writes the games as a catalogue file instead of touching the database.

The community (scripts/synthetic/community.ts), each phase skipped when its table has rows:
  --active-users N  only the first N users rate, like, comment and keep lists (default all;
                    the others only follow)
  --reviews N       ratings with text: about 30 % of ratings carry text, so --reviews N
                    raises --ratings to at least 3.3 × N
  --likes N         review likes (plus N/10 comment likes)
  --comments N      comments and replies on reviews
  --lists N         progress, wishlist, collection and Top 5 rows in all
  --follows N       follows (a few accounts get thousands of followers)
With any of these, the most active user has 2,000 ratings and the second follows 1,000 people.
The community for the benchmarks (bench/social.ts):
  --games 200000 --users 100000 --active-users 20000 --ratings 500000 --likes 1000000
  --comments 200000 --lists 2000000 --follows 1000000`;

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
      "active-users": { type: "string" },
      reviews: { type: "string" },
      likes: { type: "string" },
      comments: { type: "string" },
      lists: { type: "string" },
      follows: { type: "string" },
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
const reviews = count("reviews", args.reviews, 0);
const ratings = Math.max(count("ratings", args.ratings, Math.floor(games / 2)), Math.ceil(reviews * 3.34));
const seed = count("seed", args.seed, 1);
const activeUsers = count("active-users", args["active-users"], users);
const community = {
  likes: count("likes", args.likes, 0),
  comments: count("comments", args.comments, 0),
  lists: count("lists", args.lists, 0),
  follows: count("follows", args.follows, 0),
};
const withCommunity = reviews > 0 || Object.values(community).some((n) => n > 0);

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
    activeUsers,
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
  let social: CommunitySummary | undefined;
  if (withCommunity) {
    let cphase: CommunityPhase | undefined;
    social = await seedCommunity(getDb(), {
      ...community,
      seed,
      activeUsers,
      powerUserRatings: 2000,
      powerUserFollows: 1000,
      onProgress(p, done, total) {
        if (cphase !== p) {
          bar?.done();
          bar = progressBar(p.padEnd(10));
          cphase = p;
        }
        bar?.update(done, total ? done / total : 1, p);
      },
    });
    bar?.done();
  }
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
  if (social) {
    const n = (x: number) => x.toLocaleString("en");
    console.log(
      `Community in ${(social.ms / 1000).toFixed(1)} s: ${n(social.likes)} review likes, ${n(social.commentLikes)} comment likes, ` +
        `${n(social.comments)} comments (${n(social.replies)} replies), ${n(social.progress)} progress, ${n(social.wishlist)} wishlist, ` +
        `${n(social.collection)} collection, ${n(social.topGames)} Top 5 rows, ${n(social.follows)} follows`,
    );
    console.log(
      `Phases (ms): ${Object.entries(social.phases)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  }
  return 0;
});

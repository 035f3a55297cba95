import { beforeAll, describe, expect, it } from "vitest";
import { createGame } from "../../../../tests/factories";
import { useTestDatabase } from "../../../../tests/setup/database";
import { sql } from "drizzle-orm";
import { game } from "~/db/schema";
import { estimateRows, findCandidates, withIndexPlans, type CandidateTerms, type SearchFilters } from "./search.queries.server";

const testDb = useTestDatabase();

/**
 * findCandidates reads each way of matching from its own index, and walks the games in tier order
 * for a way that matches more than the scan cap or that the planner expects to match many games. Both paths must give the one answer: the best `cap`
 * by exact title, then prefix, then substring, then the rest, each by most reviewed, shortest title, id.
 */
const terms = (word: string, tsQuery: string | null = `${word} | ${word}:*`): CandidateTerms => ({
  normalized: word,
  compact: word,
  prefixes: [word],
  substring: word.length >= 3,
  tsQuery,
});

const run = (t: CandidateTerms, filters: SearchFilters, cap: number, scanCap: number, broadEstimate = Infinity) =>
  withIndexPlans(async (db) => (await findCandidates(db, t, filters, cap, { scanCap, broadEstimate })).map((r) => r.name));

beforeAll(async () => {
  // Every tier of "quest", with rating counts and title lengths that interleave across tiers.
  let n = 0;
  const add = (name: string, ratingCount: number, releaseYear = 2000 + (n++ % 3)) => createGame({ name, ratingCount, releaseYear });
  await add("Quest", 0);
  for (let i = 0; i < 12; i++) await add(`Quest ${"x".repeat(i % 4)} Saga ${i}`, (i * 7) % 5);
  for (let i = 0; i < 12; i++) await add(`Conquest ${i}${"!".repeat(i % 3)}`, (i * 5) % 6);
  for (let i = 0; i < 12; i++) await add(`Dragon Quests ${i}`, (i * 3) % 4);
  for (let i = 0; i < 12; i++) await add(`The Questing Beast ${i}`, i % 2);
  for (let i = 0; i < 12; i++) await add(`Unrelated Title ${i}`, 9);
});

describe("findCandidates", () => {
  it.each([
    ["a cap inside the exact and prefix tiers", 8],
    ["a cap reaching into the substring tier", 20],
    ["a cap reaching into the full-text tier", 45],
    ["a cap above every match", 80],
  ])("walking in tier order gives the same candidates as reading every match (%s)", async (_, cap) => {
    const all = await run(terms("quest"), {}, cap, 100_000);
    expect(all.length).toBe(Math.min(cap, 49));
    expect(all[0]).toBe("Quest");
    expect(all).not.toContain("Unrelated Title 0");
    for (const scanCap of [1, 3, 7, 13]) expect(await run(terms("quest"), {}, cap, scanCap)).toEqual(all);
    // Every branch expected broad: all walked at once.
    expect(await run(terms("quest"), {}, cap, 100_000, 0)).toEqual(all);
  });

  it("keeps the filters on the walk", async () => {
    const all = await run(terms("quest"), { year: 2001 }, 10, 100_000);
    expect(all.length).toBe(10);
    expect(await run(terms("quest"), { year: 2001 }, 10, 2)).toEqual(all);
    expect(await run(terms("quest"), { year: 2001 }, 10, 100_000, 0)).toEqual(all);
  });

  it("orders a tier by most reviewed, then shortest title", async () => {
    const prefixOnly = await run(terms("quest", null), {}, 13, 100_000);
    expect(prefixOnly[0]).toBe("Quest");
    const rest = prefixOnly.slice(1, 13);
    expect(rest.every((name) => name.startsWith("Quest "))).toBe(true);
  });

  it("reads LIKE wildcards in a term as themselves", async () => {
    expect(await run({ ...terms("q%", null), substring: false }, {}, 10, 100_000)).toEqual([]);
  });

  it("reads the planner's estimate of each select, in order (what decides that a way of matching is broad)", async () => {
    const branch = (where: ReturnType<typeof sql>) => sql`(select ${game.id} from ${game} where ${where})`;
    const [broad, none] = await withIndexPlans((db) =>
      estimateRows(db, [branch(sql`${game.searchName} like ${"%"}`), branch(sql`${game.id} = ${-1}`)]),
    );
    // Every game (49 rows and more, however the table was analysed) against a primary-key miss.
    expect(broad).toBeGreaterThan(20);
    expect(none).toBeLessThanOrEqual(1);
    const [single] = await withIndexPlans((db) => estimateRows(db, [branch(sql`${game.id} = ${-1}`)]));
    expect(single).toBeLessThanOrEqual(1);
  });
});

describe("the walk in tier order", () => {
  type Plan = { "Node Type"?: string; "Index Name"?: string; Plans?: Plan[] };
  const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];
  const planOf = async (statement: ReturnType<typeof sql>) =>
    withIndexPlans(async (db) => {
      const result = await db.execute<Record<string, unknown>>(sql`explain (format json) ${statement}`);
      const cell = Object.values(result.rows[0] ?? {})[0];
      const doc = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: Plan }[];
      return nodes(doc[0]!.Plan);
    });

  it("checks each way of matching from game_search_order_idx alone (index-only: no heap page per entry)", async () => {
    // What the import leaves: statistics and a visibility map (vacuumCatalogue runs VACUUM (ANALYZE)).
    await testDb.handle().db.execute(sql`vacuum (analyze) game`);
    for (const matcher of [
      sql`${game.searchCompact} like ${"%ques%"}`,
      sql`${game.searchName} like ${"ques%"}`,
      sql`${game.searchTsv} @@ to_tsquery('simple', ${"quest:*"})`,
      sql`(${game.searchName} = ${"quest"} or ${game.searchCompact} = ${"quest"})`,
    ]) {
      const plan = await planOf(
        sql`select ${game.id} from ${game} where (${matcher}) is true order by ${game.ratingCount} desc nulls last, length(${game.searchName}), ${game.id} limit 150`,
      );
      expect(plan.find((n) => n["Index Name"] === "game_search_order_idx")?.["Node Type"]).toBe("Index Only Scan");
    }
  });

  it("runs without parallel workers (their start-up cost more than the walk)", async () => {
    const setting = await withIndexPlans(
      async (d) => (await d.execute<{ v: string }>(sql`select current_setting('max_parallel_workers_per_gather') as v`)).rows[0]?.v,
    );
    expect(setting).toBe("0");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { createGame } from "../../../../tests/factories";
import { useTestDatabase } from "../../../../tests/setup/database";
import { sql, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { game } from "~/db/schema";
import {
  browseCatalogue,
  browsePageIds,
  estimateRows,
  findCandidates,
  withIndexPlans,
  type CandidateTerms,
  type SearchFilters,
} from "./search.queries.server";

const testDb = useTestDatabase();
const dialect = new PgDialect();

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

  it("reads no other way of matching when the prefix of the term as typed fills the cap (same candidates)", async () => {
    // What the statements after the planner's estimate execute: a runner around the transaction that also
    // runs each of them under EXPLAIN ANALYZE and keeps the plan nodes that ran (Actual Loops > 0).
    type Node = { "Actual Loops"?: number; Plans?: Node[] } & Record<string, unknown>;
    const ran = (n: Node): Node[] => [...((n["Actual Loops"] ?? 0) > 0 ? [n] : []), ...(n.Plans ?? []).flatMap(ran)];
    const readWith = (cap: number, scanCap: number, broadEstimate = Infinity) =>
      withIndexPlans(async (db) => {
        const executed: string[] = [];
        const recording = new Proxy(db, {
          get(target, key, receiver) {
            const value = Reflect.get(target, key, receiver) as unknown;
            if (key !== "execute" || typeof value !== "function") return value;
            const execute = value as typeof db.execute;
            return async (query: Parameters<typeof db.execute>[0]) => {
              const text = dialect.sqlToQuery((query as SQLWrapper).getSQL()).sql;
              if (!text.startsWith("explain")) {
                const result = await execute.call(target, sql`explain (analyze, format json) ${query}`);
                const cell = Object.values((result.rows[0] ?? {}) as Record<string, unknown>)[0];
                const doc = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: Node }[];
                executed.push(...ran(doc[0]!.Plan).map((n) => JSON.stringify({ ...n, Plans: undefined })));
              }
              return execute.call(target, query);
            };
          },
        });
        const names = (await findCandidates(recording, terms("quest"), {}, cap, { scanCap, broadEstimate })).map((r) => r.name);
        // The full-text branch (search_tsv @@) and the substring branch (LIKE '%quest%') of "quest".
        return { names, readsOthers: executed.some((n) => n.includes("search_tsv @@") || n.includes("%quest%")) };
      });
    // "Quest" and the 12 "Quest … Saga" titles start with "quest": a cap of 8 is filled by the prefix alone.
    const full = await readWith(8, 100_000);
    expect(full.readsOthers).toBe(false);
    expect(full.names).toEqual(await run(terms("quest"), {}, 8, 100_000));
    expect(full.names.every((n) => n.startsWith("Quest"))).toBe(true);
    // The prefix read at the scan cap, or walked as broad, fills the cap too.
    expect((await readWith(8, 9)).readsOthers).toBe(false);
    const walked = await readWith(8, 100_000, 0);
    expect(walked.names).toEqual(full.names);
    expect(walked.readsOthers).toBe(false);
    // 13 prefix matches do not fill a cap of 20: the substring and full-text branches are read.
    const partial = await readWith(20, 100_000);
    expect(partial.readsOthers).toBe(true);
    expect(partial.names.some((n) => n.startsWith("Conquest"))).toBe(true);
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

  it("plans with index scans only", async () => {
    const setting = await withIndexPlans(
      async (d) => (await d.execute<{ v: string }>(sql`select current_setting('enable_seqscan') as v`)).rows[0]?.v,
    );
    expect(setting).toBe("off");
    // The setting stays with the search statements: the next statement elsewhere plans as usual.
    const outside = await testDb.handle().db.execute<{ v: string }>(sql`select current_setting('enable_seqscan') as v`);
    expect(outside.rows[0]?.v).toBe("on");
  });

  it("on PostgreSQL, runs on the index-plan pool outside any transaction (no BEGIN / SET / COMMIT round trips)", async () => {
    const handle = testDb.handle();
    if (handle.kind !== "postgres") {
      // The embedded database has one connection: the settings are SET LOCAL in a transaction there.
      expect(handle.indexPlanDb).toBeUndefined();
      return;
    }
    expect(handle.indexPlanDb).toBeDefined();
    // In a transaction, now() is the transaction's start, earlier than a later statement's own timestamp.
    const rows = await withIndexPlans(async (d) => {
      await d.execute(sql`select pg_sleep(0.01)`);
      return (await d.execute<{ inTx: boolean }>(sql`select now() <> statement_timestamp() as "inTx"`)).rows;
    });
    expect(rows[0]?.inTx).toBe(false);
  });

  it("runs without parallel workers (their start-up cost more than the walk)", async () => {
    const setting = await withIndexPlans(
      async (d) => (await d.execute<{ v: string }>(sql`select current_setting('max_parallel_workers_per_gather') as v`)).rows[0]?.v,
    );
    expect(setting).toBe("0");
  });
});

describe("browsing one genre", () => {
  beforeAll(async () => {
    // 30 Adventure games with sort keys that interleave (ties on every key but id), 10 of other genres.
    for (let i = 0; i < 40; i++)
      await createGame({
        name: `Genre Browse ${String.fromCharCode(97 + (i % 7))} ${i % 5}`,
        genres: i < 30 ? ["Adventure", i % 2 ? "Puzzle" : "Indie"] : ["Racing"],
        ratingCount: i % 4,
        ratingSum: (i % 4) * (5 + (i % 3)),
        releaseYear: i % 6 === 0 ? null : 1990 + (i % 5),
        releaseDate: i % 9 === 0 ? `199${i % 4}-03-0${1 + (i % 8)}` : null,
      });
    // Statistics, as the import leaves them: the planner's estimate decides between the two ways.
    await testDb.handle().db.execute(sql`analyze game`);
  });

  it.each([
    ["name", "asc"],
    ["name", "desc"],
    ["release_date", "asc"],
    ["release_date", "desc"],
    ["rating", "desc"],
    ["rating", "asc"],
    ["rating_count", "asc"],
    ["rating_count", "desc"],
  ] as const)("gives the same pages by %s %s whether it walks the sort's index or reads the genre and sorts", async (field, order) => {
    // One page of 1,000 reads the genre's games and sorts them (a walk would check ~3,000 entries per
    // match); pages of 7 walk (~21 entries per page end): both must list the same games in the same order.
    const whole = (await browseCatalogue({ genre: "Adventure" }, { field, order }, 0, 1000)).map((g) => g.id);
    expect(whole.length).toBe(30);
    const paged: number[] = [];
    for (let offset = 0; offset < 35; offset += 7)
      paged.push(...(await browseCatalogue({ genre: "Adventure" }, { field, order }, offset, 7)).map((g) => g.id));
    expect(paged).toEqual(whole);
  });

  type Plan = { "Node Type"?: string; "Index Name"?: string; Plans?: Plan[] };
  const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

  it.each([
    ["name", "asc", "game_name_idx"],
    ["name", "desc", "game_name_idx"],
    ["release_date", "asc", "game_release_sort_idx"],
    ["release_date", "desc", "game_release_sort_desc_idx"],
    ["rating", "desc", "game_avg_rating_idx"],
    ["rating_count", "asc", "game_rating_count_idx"],
    ["rating_count", "desc", "game_rating_count_idx"],
  ] as const)("picks a page's ids by %s %s from %s alone (index-only: the index carries genres)", async (field, order, index) => {
    // What the import leaves (VACUUM (ANALYZE)); the 49 test games would otherwise be read and sorted
    // whole: sequential scans and sorts priced out for this one transaction, as on a large catalogue.
    await testDb.handle().db.execute(sql`vacuum (analyze) game`);
    const plan = await testDb.handle().db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
      const result = await tx.execute<Record<string, unknown>>(
        sql`explain (format json) ${browsePageIds({ genre: "Adventure" }, { field, order }, 980, 20)}`,
      );
      const cell = Object.values(result.rows[0] ?? {})[0];
      const doc = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: Plan }[];
      return nodes(doc[0]!.Plan);
    });
    expect(plan.find((n) => n["Index Name"] === index)?.["Node Type"]).toBe("Index Only Scan");
  });
});

import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActor, createGame } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { getGameListState, loadWantToPlayTab } from "./lists.service.server";

/**
 * Migration 0028 re-keys the wishlist and the collection by game id. Its statements run here on rows
 * written in the shape before it (unique on user_id + igdb_id, igdb_id not null, game_id nullable): the
 * test puts this file's database's two tables back in that shape first.
 */

const db = useTestDatabase();

function migrationStatements(): string[] {
  const dir = path.resolve(import.meta.dirname, "..", "..", "..", "drizzle");
  const file = fs.readdirSync(dir).find((f) => f.endsWith("_lists_keyed_by_game.sql"));
  expect(file).toBeDefined();
  return fs
    .readFileSync(path.join(dir, file!), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter((s) => s !== "");
}

async function run(statement: string) {
  await db.handle().db.execute(sql.raw(statement));
}

/** The two tables as migration 0027 left them. */
async function backToTheOldShape() {
  for (const t of ["user_collection", "user_wishlist"]) {
    await run(`drop index "${t}_user_game_key"`);
    await run(`alter table "${t}" alter column "game_id" drop not null`);
    await run(`alter table "${t}" alter column "igdb_id" set not null`);
    await run(`create unique index "${t}_user_igdb_key" on "${t}" using btree ("user_id", "igdb_id")`);
  }
}

interface Row {
  user_id: number;
  game_id: number | null;
  igdb_id: number | null;
  priority?: number;
  added_at: string;
}

async function listRows(table: "user_collection" | "user_wishlist") {
  const cols = table === "user_wishlist" ? "user_id, game_id, igdb_id, priority" : "user_id, game_id, igdb_id";
  const r = await db.handle().db.execute<Omit<Row, "added_at">>(sql.raw(`select ${cols} from "${table}" order by user_id, game_id`));
  return r.rows.map((x) => ({ ...x }));
}

describe("migration 0028: lists keyed by game", () => {
  it("carries rows of the old shape over: game_id filled from igdb_id, unfindable rows dropped, duplicates merged, igdb_id refreshed", async () => {
    await backToTheOldShape();
    const [u1, u2] = [await createActor(), await createActor()];
    const withId = await createGame({ igdbId: 810_001 });
    const filledLater = await createGame({ igdbId: 810_002 });
    // A game whose IGDB id changed after it was listed twice (once under each id).
    const renumbered = await createGame({ igdbId: 810_004 });
    // A game that lost its IGDB id after it was listed.
    const lostId = await createGame({ igdbId: null });

    const insert = async (table: string, r: Row) =>
      run(
        `insert into "${table}" (user_id, game_id, igdb_id, added_at${r.priority === undefined ? "" : ", priority"}) values (${r.user_id}, ${r.game_id ?? "null"}, ${r.igdb_id}, '${r.added_at}'${r.priority === undefined ? "" : `, ${r.priority}`})`,
      );
    for (const table of ["user_collection", "user_wishlist"]) {
      const p = (n: number) => (table === "user_wishlist" ? { priority: n } : {});
      await insert(table, { user_id: u1.id, game_id: withId.id, igdb_id: 810_001, added_at: "2026-01-01T00:00:00Z", ...p(1) });
      await insert(table, { user_id: u1.id, game_id: null, igdb_id: 810_002, added_at: "2026-01-02T00:00:00Z", ...p(1) });
      await insert(table, { user_id: u1.id, game_id: null, igdb_id: 810_999, added_at: "2026-01-03T00:00:00Z", ...p(1) });
      // Two entries of one game. Each table's rule must pick the row that was inserted last (the
      // higher id): the collection the earliest added, the wishlist the highest priority.
      const dupes: Row[] =
        table === "user_wishlist"
          ? [
              { user_id: u2.id, game_id: renumbered.id, igdb_id: 810_004, added_at: "2026-01-04T00:00:00Z", priority: 0 },
              { user_id: u2.id, game_id: renumbered.id, igdb_id: 810_003, added_at: "2026-01-05T00:00:00Z", priority: 2 },
            ]
          : [
              { user_id: u2.id, game_id: renumbered.id, igdb_id: 810_003, added_at: "2026-01-05T00:00:00Z" },
              { user_id: u2.id, game_id: renumbered.id, igdb_id: 810_004, added_at: "2026-01-04T00:00:00Z" },
            ];
      for (const d of dupes) await insert(table, d);
      await insert(table, { user_id: u2.id, game_id: lostId.id, igdb_id: 810_005, added_at: "2026-01-06T00:00:00Z", ...p(1) });
    }

    await db.handle().db.transaction(async (tx) => {
      for (const s of migrationStatements()) await tx.execute(sql.raw(s));
    });

    const sorted = <T extends { user_id: number; game_id: number | null }>(xs: T[]) =>
      [...xs].sort((a, b) => a.user_id - b.user_id || a.game_id! - b.game_id!);
    expect(await listRows("user_collection")).toEqual(
      sorted([
        { user_id: u1.id, game_id: withId.id, igdb_id: 810_001 },
        { user_id: u1.id, game_id: filledLater.id, igdb_id: 810_002 },
        { user_id: u2.id, game_id: renumbered.id, igdb_id: 810_004 },
        { user_id: u2.id, game_id: lostId.id, igdb_id: null },
      ]),
    );
    // The wishlist keeps the duplicate with the highest priority (added later, inserted last).
    expect(await listRows("user_wishlist")).toEqual(
      sorted([
        { user_id: u1.id, game_id: withId.id, igdb_id: 810_001, priority: 1 },
        { user_id: u1.id, game_id: filledLater.id, igdb_id: 810_002, priority: 1 },
        { user_id: u2.id, game_id: renumbered.id, igdb_id: 810_004, priority: 2 },
        { user_id: u2.id, game_id: lostId.id, igdb_id: null, priority: 1 },
      ]),
    );
    // The collection keeps the earliest added of the two (inserted last).
    const kept = await db
      .handle()
      .db.execute<{ added_at: Date | string }>(
        sql`select added_at from user_collection where user_id = ${u2.id} and game_id = ${renumbered.id}`,
      );
    expect(new Date(kept.rows[0]!.added_at).toISOString()).toBe("2026-01-04T00:00:00.000Z");

    // The new shape holds: one entry per user and game, none without a game, igdb_id optional.
    await expect(run(`insert into user_collection (user_id, game_id) values (${u1.id}, ${withId.id})`)).rejects.toThrow();
    await expect(run(`insert into user_wishlist (user_id, igdb_id) values (${u1.id}, 810_777)`)).rejects.toThrow();
    const indexes = await db
      .handle()
      .db.execute<{ indexname: string }>(
        sql`select indexname from pg_indexes where tablename in ('user_collection', 'user_wishlist') and indexname ~ '_user_(game|igdb)_key$' order by 1`,
      );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(["user_collection_user_game_key", "user_wishlist_user_game_key"]);

    // And the app reads the carried-over rows.
    expect(await getGameListState(u1, filledLater)).toMatchObject({ inCollection: true, inWishlist: true });
    const tab = await loadWantToPlayTab(u2.id);
    expect(tab.collection.games.map((g) => g.gameId).sort()).toEqual([renumbered.id, lostId.id].sort());
  });
});

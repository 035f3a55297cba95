import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActor, createGame, createRating } from "../../../tests/factories";
import { igdbGame } from "../../../tests/igdb/stand-in";
import { useIgdbStandIn } from "../../../tests/igdb/setup";
import { useTestDatabase } from "../../../tests/setup/database";
import { game, gameProgress, userCollection, userTopGames, userWishlist } from "~/db/schema";
import { LISTS_MESSAGES as M } from "./lists.messages";
import { LIST_PAGE_SIZE, parseWantToPlayPages } from "./lists.schema";
import {
  addToCollection,
  addToWishlist,
  getGameListState,
  loadTopFiveTab,
  loadTopTenTab,
  loadWantToPlayTab,
  markCompleted,
  markStarted,
  moveToCollection,
  moveToWishlist,
  recordReviewFinish,
  removeFromCollection,
  removeFromWishlist,
  saveTopFive,
  searchPicker,
  setPriority,
  toggleCollection,
  toggleWishlist,
  type ListState,
} from "./lists.service.server";
import type { Result } from "~/lib/result";
import { deleteUserCascade } from "~/modules/accounts/accounts.queries.server";
import { deleteReview } from "~/modules/reviews/reviews.service.server";
import { aggregateRatingStats, storedRatingStats } from "../../../tests/support/rating-stats";

const db = useTestDatabase();
const stand = useIgdbStandIn();

let igdbSeq = 900_000;
const nextIgdb = () => ++igdbSeq;

async function gameWithIgdb(extra: Parameters<typeof createGame>[0] = {}) {
  return createGame({ igdbId: nextIgdb(), ...extra });
}

function data<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.status} ${r.error}`);
  return r.data;
}

const NONE: ListState = { inWishlist: false, wishlistPriority: null, inCollection: false, started: false, completed: false };

/** The user's list and progress rows of one game (by its internal id: every row is keyed by it). */
async function rows(userId: number, gameId: number) {
  const d = db.handle().db;
  const [w, c, p] = await Promise.all([
    d
      .select()
      .from(userWishlist)
      .where(and(eq(userWishlist.userId, userId), eq(userWishlist.gameId, gameId))),
    d
      .select()
      .from(userCollection)
      .where(and(eq(userCollection.userId, userId), eq(userCollection.gameId, gameId))),
    d
      .select()
      .from(gameProgress)
      .where(and(eq(gameProgress.userId, userId), eq(gameProgress.gameId, gameId))),
  ]);
  return { wishlist: w, collection: c, progress: p };
}

async function rowsOfUser(userId: number) {
  const d = db.handle().db;
  const [w, c, p] = await Promise.all([
    d.select().from(userWishlist).where(eq(userWishlist.userId, userId)),
    d.select().from(userCollection).where(eq(userCollection.userId, userId)),
    d.select().from(gameProgress).where(eq(gameProgress.userId, userId)),
  ]);
  return { wishlist: w, collection: c, progress: p };
}

describe("progress: not tracked → started → completed", () => {
  it("marks started (creating the record), then completed, keeping started_date", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    expect(await getGameListState(u, g)).toEqual(NONE);
    expect(data(await markStarted(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, started: true });
    const [before] = (await rows(u.id, g.id)).progress;
    expect(before!.started).toBe(true);
    expect(before!.startedDate).toBeInstanceOf(Date);
    expect(before!.completedDate).toBeNull();

    expect(data(await markStarted(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, started: true });
    const [again] = (await rows(u.id, g.id)).progress;
    expect(again!.startedDate!.getTime()).toBe(before!.startedDate!.getTime());

    expect(data(await markCompleted(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, started: true, completed: true });
    const [done] = (await rows(u.id, g.id)).progress;
    expect(done!.startedDate!.getTime()).toBe(before!.startedDate!.getTime());
    expect(done!.completedDate).toBeInstanceOf(Date);
    expect((await rows(u.id, g.id)).progress).toHaveLength(1);
  });

  it("marking finished without starting sets started too (finished implies started)", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    expect(data(await markCompleted(u, { igdbId: String(g.igdbId) }))).toEqual({ ...NONE, started: true, completed: true });
    const [p] = (await rows(u.id, g.id)).progress;
    expect(p!.started).toBe(true);
    expect(p!.startedDate).toBeInstanceOf(Date);
  });

  it("marking started a finished game keeps it finished", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await markCompleted(u, { igdbId: g.igdbId });
    expect(data(await markStarted(u, { igdbId: g.igdbId }))).toMatchObject({ started: true, completed: true });
  });

  it("marking started clears the wishlist and the collection first", async () => {
    const u = await createActor();
    const a = await gameWithIgdb();
    const b = await gameWithIgdb();
    await addToWishlist(u, { igdbId: a.igdbId });
    await addToCollection(u, { igdbId: b.igdbId });
    expect(data(await markStarted(u, { igdbId: a.igdbId }))).toEqual({ ...NONE, started: true });
    expect(data(await markCompleted(u, { igdbId: b.igdbId }))).toEqual({ ...NONE, started: true, completed: true });
    expect((await rows(u.id, a.id)).wishlist).toHaveLength(0);
    expect((await rows(u.id, b.id)).collection).toHaveLength(0);
  });

  it("the database refuses completed without started", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await expect(
      db.handle().db.insert(gameProgress).values({ userId: u.id, gameId: g.id, started: false, completed: true }),
    ).rejects.toThrow();
  });
});

describe("refusals for a started or finished game", () => {
  it("refuses add and move with the four texts, writing nothing", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await markStarted(u, { igdbId: g.igdbId });
    expect(await addToCollection(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.cannotAddCollection });
    expect(await addToWishlist(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.cannotAddWishlist });
    expect(await moveToCollection(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.cannotMoveCollection });
    expect(await moveToWishlist(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.cannotMoveWishlist });
    expect(await toggleWishlist(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.cannotAddWishlist });
    expect(await toggleCollection(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.cannotAddCollection });
    const r = await rows(u.id, g.id);
    expect(r.wishlist).toHaveLength(0);
    expect(r.collection).toHaveLength(0);
  });

  it("a finished game is refused too", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await markCompleted(u, { igdbId: g.igdbId });
    expect(await addToWishlist(u, { igdbId: g.igdbId })).toMatchObject({ ok: false, error: M.cannotAddWishlist });
    expect(await addToCollection(u, { igdbId: g.igdbId })).toMatchObject({ ok: false, error: M.cannotAddCollection });
  });

  it("another user's progress does not refuse mine", async () => {
    const [me, other] = [await createActor(), await createActor()];
    const g = await gameWithIgdb();
    await markStarted(other, { igdbId: g.igdbId });
    expect(data(await addToWishlist(me, { igdbId: g.igdbId }))).toMatchObject({ inWishlist: true });
  });
});

describe("wishlist and collection", () => {
  it("adds (upsert: twice is one row) and removes", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    expect(data(await addToWishlist(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(data(await addToWishlist(u, { igdbId: g.igdbId }))).toMatchObject({ inWishlist: true });
    expect((await rows(u.id, g.id)).wishlist).toHaveLength(1);
    expect(data(await removeFromWishlist(u, { igdbId: g.igdbId }))).toEqual(NONE);
    expect(data(await addToCollection(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, inCollection: true });
    expect(data(await addToCollection(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, inCollection: true });
    expect((await rows(u.id, g.id)).collection).toHaveLength(1);
    expect(data(await removeFromCollection(u, { igdbId: g.igdbId }))).toEqual(NONE);
  });

  it("toggles add and remove", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    expect(data(await toggleWishlist(u, { igdbId: g.igdbId })).inWishlist).toBe(true);
    expect(data(await toggleWishlist(u, { igdbId: g.igdbId })).inWishlist).toBe(false);
    expect(data(await toggleCollection(u, { igdbId: g.igdbId })).inCollection).toBe(true);
    expect(data(await toggleCollection(u, { igdbId: g.igdbId })).inCollection).toBe(false);
  });

  it("the collection button on a wishlisted game moves it (Move to Collection)", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await addToWishlist(u, { igdbId: g.igdbId });
    expect(data(await toggleCollection(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, inCollection: true });
    expect((await rows(u.id, g.id)).wishlist).toHaveLength(0);
  });

  it("moves wishlist → collection and collection → wishlist", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await addToWishlist(u, { igdbId: g.igdbId });
    expect(data(await moveToCollection(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, inCollection: true });
    expect(data(await moveToWishlist(u, { igdbId: g.igdbId }))).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    const r = await rows(u.id, g.id);
    expect(r.collection).toHaveLength(0);
    expect(r.wishlist).toHaveLength(1);
  });

  it("the wishlist refuses a game in the collection", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await addToCollection(u, { igdbId: g.igdbId });
    expect(await toggleWishlist(u, { igdbId: g.igdbId })).toEqual({ ok: false, status: 409, error: M.alreadyInCollection });
  });

  it("sets the wishlist priority (Low / Normal / High) and sorts by priority then newest", async () => {
    const u = await createActor();
    const [a, b, c] = [await gameWithIgdb({ name: "Alpha" }), await gameWithIgdb({ name: "Beta" }), await gameWithIgdb({ name: "Gamma" })];
    await addToWishlist(u, { igdbId: a.igdbId });
    await addToWishlist(u, { igdbId: b.igdbId });
    await addToWishlist(u, { igdbId: c.igdbId });
    expect(data(await setPriority(u, { igdbId: a.igdbId }, 2)).wishlistPriority).toBe(2);
    expect(data(await setPriority(u, { igdbId: c.igdbId }, 0)).wishlistPriority).toBe(0);
    const tab = await loadWantToPlayTab(u.id);
    expect(tab.wishlist.games.map((w) => [w.name, w.priority])).toEqual([
      ["Alpha", 2],
      ["Beta", 1],
      ["Gamma", 0],
    ]);
    const other = await gameWithIgdb();
    expect(await setPriority(u, { igdbId: other.igdbId }, 1)).toEqual({ ok: false, status: 404, error: M.notInWishlist });
  });

  it("lists the collection newest first", async () => {
    const u = await createActor();
    const [a, b] = [await gameWithIgdb({ name: "First" }), await gameWithIgdb({ name: "Second" })];
    await addToCollection(u, { igdbId: a.igdbId });
    await addToCollection(u, { igdbId: b.igdbId });
    expect((await loadWantToPlayTab(u.id)).collection.games.map((g) => g.name)).toEqual(["Second", "First"]);
  });
});

describe("Want to Play pages (36 a page, true counts)", () => {
  /** `n` games in one list of a new user, with added_at ties (three games a second) so the id decides. */
  async function fillList(kind: "collection" | "wishlist", userId: number, n: number) {
    const d = db.handle().db;
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < n; i++) {
      const g = await gameWithIgdb({ name: `${kind} ${i}` });
      const row = { userId, igdbId: g.igdbId!, gameId: g.id, addedAt: new Date(base + Math.floor(i / 3) * 1000) };
      if (kind === "collection") await d.insert(userCollection).values(row);
      else await d.insert(userWishlist).values({ ...row, priority: i % 3 === 1 ? 2 : i % 5 === 0 ? 0 : 1 });
    }
  }

  /** Every page of both lists, page 1 until the last. */
  async function walk(userId: number) {
    const first = await loadWantToPlayTab(userId);
    const out = { collection: [] as number[], wishlist: [] as number[], sizes: { collection: [] as number[], wishlist: [] as number[] } };
    for (const kind of ["collection", "wishlist"] as const) {
      for (let p = 1; p <= first[kind].pageCount; p++) {
        const tab = await loadWantToPlayTab(userId, kind === "collection" ? { collectionPage: p } : { wishlistPage: p });
        expect(tab.error).toBeNull();
        expect(tab[kind].page).toBe(p);
        out[kind].push(...tab[kind].games.map((g) => g.gameId));
        out.sizes[kind].push(tab[kind].games.length);
      }
    }
    return { first, ...out };
  }

  async function expectedOrder(userId: number) {
    const d = db.handle().db;
    const c = await d.select().from(userCollection).where(eq(userCollection.userId, userId));
    const w = await d.select().from(userWishlist).where(eq(userWishlist.userId, userId));
    const byNewest = (a: { addedAt: Date; id: number }, b: { addedAt: Date; id: number }) =>
      b.addedAt.getTime() - a.addedAt.getTime() || b.id - a.id;
    return {
      collection: c.sort(byNewest).map((r) => r.gameId),
      wishlist: w.sort((a, b) => b.priority - a.priority || byNewest(a, b)).map((r) => r.gameId),
    };
  }

  it("pages both lists: true counts, 36 a page, no game lost or repeated, order kept across pages", async () => {
    expect(LIST_PAGE_SIZE).toBe(36);
    const u = await createActor();
    await fillList("collection", u.id, 80);
    await fillList("wishlist", u.id, 73);
    // Another user's games are neither counted nor shown.
    const other = await createActor();
    await fillList("collection", other.id, 3);
    const w = await walk(u.id);
    expect([w.first.collection.total, w.first.collection.pageCount, w.first.wishlist.total, w.first.wishlist.pageCount]).toEqual([
      80, 3, 73, 3,
    ]);
    expect(w.sizes).toEqual({ collection: [36, 36, 8], wishlist: [36, 36, 1] });
    const expected = await expectedOrder(u.id);
    expect(w.collection).toEqual(expected.collection);
    expect(w.wishlist).toEqual(expected.wishlist);
    expect(new Set(w.collection).size).toBe(80);
    expect(new Set(w.wishlist).size).toBe(73);
  });

  it("exactly 36 is one page; 37 is two; an empty list is one empty page", async () => {
    const u = await createActor();
    await fillList("collection", u.id, 36);
    await fillList("wishlist", u.id, 37);
    const tab = await loadWantToPlayTab(u.id, { collectionPage: 2, wishlistPage: 2 });
    expect([tab.collection.total, tab.collection.page, tab.collection.pageCount, tab.collection.games.length]).toEqual([36, 1, 1, 36]);
    expect([tab.wishlist.total, tab.wishlist.page, tab.wishlist.pageCount, tab.wishlist.games.length]).toEqual([37, 2, 2, 1]);
    const empty = await loadWantToPlayTab((await createActor()).id, { collectionPage: 5 });
    expect(empty.collection).toEqual({ games: [], total: 0, page: 1, pageCount: 1 });
    expect(empty.wishlist).toEqual({ games: [], total: 0, page: 1, pageCount: 1 });
  });

  it("a page past the end is the last page; each list keeps its own page", async () => {
    const u = await createActor();
    await fillList("collection", u.id, 40);
    await fillList("wishlist", u.id, 80);
    const tab = await loadWantToPlayTab(u.id, { collectionPage: 999_999, wishlistPage: 2 });
    expect([tab.collection.page, tab.collection.games.length]).toEqual([2, 4]);
    expect([tab.wishlist.page, tab.wishlist.games.length]).toEqual([2, 36]);
    const order = await expectedOrder(u.id);
    expect(tab.collection.games.map((g) => g.gameId)).toEqual(order.collection.slice(36));
    expect(tab.wishlist.games.map((g) => g.gameId)).toEqual(order.wishlist.slice(36, 72));
  });

  it("removing the last games of the last page shows the new last page", async () => {
    const u = await createActor();
    await fillList("collection", u.id, 38);
    const last = await loadWantToPlayTab(u.id, { collectionPage: 2 });
    expect(last.collection.games).toHaveLength(2);
    for (const g of last.collection.games) data(await removeFromCollection(u, { igdbId: g.igdbId }));
    const after = await loadWantToPlayTab(u.id, { collectionPage: 2 });
    expect([after.collection.total, after.collection.page, after.collection.pageCount, after.collection.games.length]).toEqual([
      36, 1, 1, 36,
    ]);
  });

  it("an entry needs its game: none without one, and a deleted game leaves the list and its count", async () => {
    const u = await createActor();
    await fillList("collection", u.id, 3);
    const d = db.handle().db;
    await expect(d.execute(sql`insert into user_collection (user_id, igdb_id) values (${u.id}, ${nextIgdb()})`)).rejects.toThrow();
    const [first] = (await loadWantToPlayTab(u.id)).collection.games;
    await d.delete(game).where(eq(game.id, first!.gameId));
    const tab = await loadWantToPlayTab(u.id);
    expect([tab.collection.total, tab.collection.games.length]).toEqual([2, 2]);
  });

  it("page parameters: a positive whole number, anything else page 1; huge numbers kept for clamping", () => {
    const parse = (q: string) => parseWantToPlayPages(new URLSearchParams(q));
    expect(parse("")).toEqual({ collectionPage: 1, wishlistPage: 1 });
    expect(parse("collectionPage=3&wishlistPage=2")).toEqual({ collectionPage: 3, wishlistPage: 2 });
    for (const bad of ["abc", "0", "-1", "1.5", "", "2e3", "0x10", "%00", "１"])
      expect(parse(`collectionPage=${encodeURIComponent(bad)}&wishlistPage=4`)).toEqual({ collectionPage: 1, wishlistPage: 4 });
    expect(parse("collectionPage=999999").collectionPage).toBe(999_999);
    expect(parse(`wishlistPage=${"9".repeat(400)}`).wishlistPage).toBe(Number.MAX_SAFE_INTEGER);
    expect(parse("wishlistPage=0007").wishlistPage).toBe(7);
  });
});

describe("game page load clean-up", () => {
  it("removes a started game left in both lists and reports the flags in one call", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    const d = db.handle().db;
    // An entry left over from before (or written by another path): the page load clears it.
    await d.insert(userWishlist).values({ userId: u.id, igdbId: g.igdbId!, gameId: g.id });
    await d.insert(userCollection).values({ userId: u.id, igdbId: g.igdbId!, gameId: g.id });
    await d.insert(gameProgress).values({ userId: u.id, gameId: g.id, igdbId: g.igdbId, started: true });
    expect(await getGameListState(u, g)).toEqual({ ...NONE, started: true });
    const r = await rows(u.id, g.id);
    expect(r.wishlist).toHaveLength(0);
    expect(r.collection).toHaveLength(0);
  });

  it("a visitor gets no state", async () => {
    const g = await gameWithIgdb();
    expect(await getGameListState(null, g)).toBeNull();
  });
});

describe("bad input and visitors", () => {
  it("every call without a session fails with 'User not authenticated' (401)", async () => {
    const g = await gameWithIgdb();
    const expected = { ok: false, status: 401, error: M.unauthenticated };
    for (const call of [
      markStarted,
      markCompleted,
      addToWishlist,
      addToCollection,
      removeFromWishlist,
      removeFromCollection,
      toggleWishlist,
      toggleCollection,
      moveToCollection,
      moveToWishlist,
    ]) {
      expect(await call(null, { igdbId: g.igdbId })).toEqual(expected);
      expect(await call(null, { gameId: g.id })).toEqual(expected);
    }
    expect(await setPriority(null, { igdbId: g.igdbId }, 1)).toEqual(expected);
    expect(await saveTopFive(null, [])).toEqual(expected);
    expect(await searchPicker(null, "top5", "")).toEqual(expected);
  });

  it("refuses missing, non-numeric, negative, zero and oversized IGDB ids", async () => {
    const u = await createActor();
    for (const bad of [undefined, null, "", "abc", "12abc", "-5", -5, 0, "0", "1.5", 1.5, "99999999999", 2 ** 31]) {
      expect(await addToWishlist(u, { igdbId: bad })).toEqual({ ok: false, status: 400, error: M.missingIgdbId });
      expect(await markStarted(u, { igdbId: bad })).toEqual({ ok: false, status: 400, error: M.missingIgdbId });
    }
  });

  it("an unknown game: 'Game must be added to database first', nothing written", async () => {
    const u = await createActor();
    const unknown = nextIgdb();
    for (const call of [
      markStarted,
      markCompleted,
      addToWishlist,
      addToCollection,
      moveToCollection,
      moveToWishlist,
      toggleWishlist,
      toggleCollection,
    ]) {
      expect(await call(u, { igdbId: unknown })).toEqual({ ok: false, status: 404, error: M.gameNotInDatabase });
      expect(await call(u, { gameId: unknown })).toEqual({ ok: false, status: 404, error: M.gameNotInDatabase });
    }
    const r = await rowsOfUser(u.id);
    expect(r.wishlist.length + r.collection.length + r.progress.length).toBe(0);
  });

  it("a game known only to IGDB is saved first, then listed", async () => {
    const u = await createActor();
    const id = nextIgdb();
    stand.igdb.addGames(igdbGame(id, "Only On Igdb"));
    expect(data(await addToWishlist(u, { igdbId: id }))).toMatchObject({ inWishlist: true });
    const [saved] = await db.handle().db.select({ id: game.id, name: game.name }).from(game).where(eq(game.igdbId, id));
    expect(saved!.name).toBe("Only On Igdb");
    const id2 = nextIgdb();
    stand.igdb.addGames(igdbGame(id2, "Started From Igdb"));
    expect(data(await markStarted(u, { igdbId: id2 }))).toMatchObject({ started: true });
  });
});

describe("recordReviewFinish (review published)", () => {
  it("marks started or finished unless already finished, and clears the lists", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    await addToWishlist(u, { igdbId: g.igdbId });
    expect(await recordReviewFinish(u.id, g.id, false)).toEqual({ ok: true, data: undefined });
    expect(await getGameListState(u, g)).toEqual({ ...NONE, started: true });
    await recordReviewFinish(u.id, g.id, true);
    expect(await getGameListState(u, g)).toEqual({ ...NONE, started: true, completed: true });
    await recordReviewFinish(u.id, g.id, false);
    expect(await getGameListState(u, g)).toEqual({ ...NONE, started: true, completed: true });
  });
});

describe("Top 5", () => {
  async function ratedGames(userId: number, n: number) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const g = await gameWithIgdb({ name: `Rated ${i}` });
      await createRating({ userId, gameId: g.id, rating: 10 - i * 0.5 });
      out.push(g);
    }
    return out;
  }

  it("replaces the list (positions 1–5, gaps allowed) and reads it back in slots", async () => {
    const u = await createActor();
    const gs = await ratedGames(u.id, 4);
    data(
      await saveTopFive(u, [
        { gameId: gs[0]!.id, position: 1 },
        { gameId: gs[1]!.id, position: 2 },
      ]),
    );
    data(
      await saveTopFive(u, [
        { gameId: gs[2]!.id, position: 1 },
        { gameId: gs[0]!.id, position: 3 },
        { gameId: gs[3]!.id, position: 5 },
      ]),
    );
    const tab = await loadTopFiveTab(u.id);
    expect(tab.slots.map((s) => s?.gameId ?? null)).toEqual([gs[2]!.id, null, gs[0]!.id, null, gs[3]!.id]);
    expect(tab.slots[0]!.rating).toBe(9);
    data(await saveTopFive(u, []));
    expect((await loadTopFiveTab(u.id)).slots.every((s) => s === null)).toBe(true);
  });

  it("refuses 6 entries, duplicates, positions out of range and unrated games, keeping the old list", async () => {
    const u = await createActor();
    const gs = await ratedGames(u.id, 6);
    const unrated = await gameWithIgdb();
    data(await saveTopFive(u, [{ gameId: gs[0]!.id, position: 1 }]));
    const cases: [unknown, number, string][] = [
      [gs.map((g, i) => ({ gameId: g.id, position: (i % 5) + 1 })), 400, M.topFiveTooMany],
      [
        [
          { gameId: gs[0]!.id, position: 1 },
          { gameId: gs[0]!.id, position: 2 },
        ],
        400,
        M.topFiveDuplicateGame,
      ],
      [
        [
          { gameId: gs[0]!.id, position: 2 },
          { gameId: gs[1]!.id, position: 2 },
        ],
        400,
        M.topFiveDuplicatePosition,
      ],
      [[{ gameId: gs[0]!.id, position: 0 }], 400, M.topFivePosition],
      [[{ gameId: gs[0]!.id, position: 6 }], 400, M.topFivePosition],
      [[{ gameId: gs[0]!.id, position: 1.5 }], 400, M.topFivePosition],
      [[{ gameId: -1, position: 1 }], 400, M.topFiveBadGame],
      [[{ gameId: "x", position: 1 }], 400, M.topFiveBadGame],
      ["nope", 400, M.topFiveBadPayload],
      [
        [
          { gameId: gs[1]!.id, position: 1 },
          { gameId: unrated.id, position: 2 },
        ],
        422,
        M.topFiveUnrated,
      ],
      [[{ gameId: 2_000_000_000, position: 1 }], 422, M.topFiveUnrated],
    ];
    for (const [payload, status, error] of cases) {
      expect(await saveTopFive(u, payload)).toEqual({ ok: false, status, error });
    }
    expect((await loadTopFiveTab(u.id)).slots[0]?.gameId).toBe(gs[0]!.id);
    expect((await db.handle().db.select().from(userTopGames).where(eq(userTopGames.userId, u.id))).length).toBe(1);
  });

  it("another user's rated games cannot go into my Top 5", async () => {
    const [me, other] = [await createActor(), await createActor()];
    const [g] = await ratedGames(other.id, 1);
    expect(await saveTopFive(me, [{ gameId: g!.id, position: 1 }])).toEqual({ ok: false, status: 422, error: M.topFiveUnrated });
  });

  it("two saves racing end in one consistent list of at most 5", async () => {
    const u = await createActor();
    const gs = await ratedGames(u.id, 10);
    const a = gs.slice(0, 5).map((g, i) => ({ gameId: g.id, position: i + 1 }));
    const b = gs.slice(5, 10).map((g, i) => ({ gameId: g.id, position: 5 - i }));
    const results = await Promise.all([saveTopFive(u, a), saveTopFive(u, b), saveTopFive(u, a), saveTopFive(u, b)]);
    expect(results.every((r) => r.ok)).toBe(true);
    const stored = await db.handle().db.select().from(userTopGames).where(eq(userTopGames.userId, u.id));
    expect(stored).toHaveLength(5);
    const ids = new Set(stored.map((s) => s.gameId));
    const fromA = a.every((e) => ids.has(e.gameId));
    const fromB = b.every((e) => ids.has(e.gameId));
    expect(fromA || fromB).toBe(true);
  });
});

describe("Top 5 after a review is deleted", () => {
  async function ratedGame(userId: number, rating = 8) {
    const g = await gameWithIgdb();
    return { game: g, review: await createRating({ userId, gameId: g.id, rating, review: "Mine." }) };
  }
  const stored = (userId: number) =>
    db
      .handle()
      .db.select({ gameId: userTopGames.gameId, position: userTopGames.position })
      .from(userTopGames)
      .where(eq(userTopGames.userId, userId))
      .orderBy(userTopGames.position);

  it("deleting a reviewed Top 5 game takes it out of the Top 5, and the next save of the list succeeds", async () => {
    const u = await createActor();
    const [a, b, c] = [await ratedGame(u.id), await ratedGame(u.id), await ratedGame(u.id)];
    const list = [a, b, c].map((x, i) => ({ gameId: x.game.id, position: i + 1 }));
    expect((await saveTopFive(u, list)).ok).toBe(true);

    expect((await deleteReview(u, b.review.id)).ok).toBe(true);
    expect(await stored(u.id)).toEqual([
      { gameId: a.game.id, position: 1 },
      { gameId: c.game.id, position: 3 },
    ]);
    expect((await loadTopFiveTab(u.id)).slots.map((s) => s?.gameId ?? null)).toEqual([a.game.id, null, c.game.id, null, null]);
    // The page's next save (a reorder of what it now shows) is accepted; it was refused with 422 before.
    expect(
      await saveTopFive(u, [
        { gameId: c.game.id, position: 1 },
        { gameId: a.game.id, position: 2 },
      ]),
    ).toMatchObject({ ok: true });
    // A page that still shows the deleted game is refused with the reason, and nothing changes.
    expect(await saveTopFive(u, list)).toEqual({ ok: false, status: 422, error: M.topFiveUnrated });
    expect((await stored(u.id)).map((e) => e.gameId)).toEqual([c.game.id, a.game.id]);
  });

  it("only the deleted review's game leaves, only from its author's Top 5; the game's stats stay exact", async () => {
    const [u, other] = [await createActor(), await createActor()];
    const mine = await ratedGame(u.id, 9);
    await createRating({ userId: other.id, gameId: mine.game.id, rating: 6 });
    expect((await saveTopFive(u, [{ gameId: mine.game.id, position: 1 }])).ok).toBe(true);
    expect((await saveTopFive(other, [{ gameId: mine.game.id, position: 5 }])).ok).toBe(true);
    expect((await deleteReview(u, mine.review.id)).ok).toBe(true);
    expect(await stored(u.id)).toEqual([]);
    expect(await stored(other.id)).toEqual([{ gameId: mine.game.id, position: 5 }]);
    expect(await storedRatingStats(db.handle().db, mine.game.id)).toEqual(await aggregateRatingStats(db.handle().db, mine.game.id));
  });

  it("a review deleted while a save of the list runs never leaves an unrated game in the Top 5, and never a 500", async () => {
    for (let round = 0; round < 5; round++) {
      const u = await createActor();
      const [a, b] = [await ratedGame(u.id), await ratedGame(u.id)];
      const list = [
        { gameId: a.game.id, position: 1 },
        { gameId: b.game.id, position: 2 },
      ];
      const [saved, deleted] = await Promise.all([saveTopFive(u, list), deleteReview(u, b.review.id)]);
      expect(deleted.ok).toBe(true);
      expect(saved.ok || (saved.status === 422 && saved.error === M.topFiveUnrated)).toBe(true);
      expect((await stored(u.id)).map((e) => e.gameId)).toEqual(saved.ok ? [a.game.id] : []);
    }
  });

  it("account deletion removes the Top 5 with the ratings; other users' Top 5 and the games' stats stay exact", async () => {
    const [leaver, stays] = [await createActor(), await createActor()];
    const shared = await ratedGame(leaver.id, 10);
    await createRating({ userId: stays.id, gameId: shared.game.id, rating: 7 });
    const own = await ratedGame(leaver.id, 5);
    expect(
      (
        await saveTopFive(leaver, [
          { gameId: shared.game.id, position: 1 },
          { gameId: own.game.id, position: 2 },
        ])
      ).ok,
    ).toBe(true);
    expect((await saveTopFive(stays, [{ gameId: shared.game.id, position: 1 }])).ok).toBe(true);
    expect(await deleteUserCascade(leaver.id)).toBe(true);
    expect(await stored(leaver.id)).toEqual([]);
    expect(await stored(stays.id)).toEqual([{ gameId: shared.game.id, position: 1 }]);
    for (const g of [shared.game, own.game])
      expect(await storedRatingStats(db.handle().db, g.id)).toEqual(await aggregateRatingStats(db.handle().db, g.id));
  });
});

describe("Top 10 and the Top 5 picker", () => {
  it("Top 10: highest-rated first, at most 10", async () => {
    const u = await createActor();
    for (let i = 0; i < 12; i++) {
      const g = await gameWithIgdb({ name: `T${i}` });
      await createRating({ userId: u.id, gameId: g.id, rating: 1 + (i % 10) * 0.5 + (i >= 10 ? 4 : 0) });
    }
    const tab = await loadTopTenTab(u.id);
    expect(tab.games).toHaveLength(10);
    const ratings = tab.games.map((g) => g.rating);
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(ratings[0]).toBe(5.5);
    expect(tab.error).toBeNull();
  });

  it("Top 5 picker: only the user's rated games, best first, placed ones excluded, name or genre match", async () => {
    const u = await createActor();
    const other = await createActor();
    const rpg = await gameWithIgdb({ name: "Dragon Tale", genre: "Role-playing (RPG)", genres: ["Role-playing (RPG)"] });
    const shooter = await gameWithIgdb({ name: "Gun Fury", genre: "Shooter", genres: ["Shooter"] });
    const puzzle = await gameWithIgdb({ name: "Blocks", genre: "Puzzle", genres: ["Puzzle"] });
    const notMine = await gameWithIgdb({ name: "Dragon Other" });
    await createRating({ userId: u.id, gameId: rpg.id, rating: 8 });
    await createRating({ userId: u.id, gameId: shooter.id, rating: 9.5 });
    await createRating({ userId: u.id, gameId: puzzle.id, rating: 6 });
    await createRating({ userId: other.id, gameId: notMine.id, rating: 10 });
    expect(data(await searchPicker(u, "top5", "")).games.map((g) => g.name)).toEqual(["Gun Fury", "Dragon Tale", "Blocks"]);
    expect(data(await searchPicker(u, "top5", "dragon")).games.map((g) => g.name)).toEqual(["Dragon Tale"]);
    expect(data(await searchPicker(u, "top5", "shoot")).games.map((g) => g.name)).toEqual(["Gun Fury"]);
    expect(data(await searchPicker(u, "top5", "", [shooter.id])).games.map((g) => g.name)).toEqual(["Dragon Tale", "Blocks"]);
    expect(data(await searchPicker(u, "top5", "100%_")).games).toEqual([]);
  });

  it("collection picker hides started or finished games and counts them", async () => {
    const u = await createActor();
    const a = await gameWithIgdb({ name: "Zanzibar Quest One" });
    await gameWithIgdb({ name: "Zanzibar Quest Two" });
    await markStarted(u, { igdbId: a.igdbId });
    const r = data(await searchPicker(u, "collection", "zanzibar quest"));
    expect(r.games.map((g) => g.name)).toEqual(["Zanzibar Quest Two"]);
    expect(r.hiddenCount).toBe(1);
  });
});

describe("races", () => {
  it("double add → one row; hammering one game never leaves it both started and listed", async () => {
    const u = await createActor();
    const g = await gameWithIgdb();
    const g2 = await gameWithIgdb();
    const adds = await Promise.all([
      addToWishlist(u, { igdbId: g.igdbId }),
      addToWishlist(u, { igdbId: g.igdbId }),
      addToCollection(u, { igdbId: g2.igdbId }),
      addToCollection(u, { igdbId: g2.igdbId }),
    ]);
    expect(adds.every((r) => r.ok)).toBe(true);
    expect((await rows(u.id, g.id)).wishlist).toHaveLength(1);
    expect((await rows(u.id, g2.id)).collection).toHaveLength(1);

    const h = await gameWithIgdb();
    const calls: Promise<Result<ListState>>[] = [];
    for (let i = 0; i < 6; i++) {
      calls.push(
        addToWishlist(u, { igdbId: h.igdbId }),
        moveToCollection(u, { igdbId: h.igdbId }),
        addToCollection(u, { igdbId: h.igdbId }),
      );
      if (i === 2) calls.push(markStarted(u, { igdbId: h.igdbId }));
    }
    const results = await Promise.all(calls);
    for (const res of results) {
      if (!res.ok) expect([M.cannotAddWishlist, M.cannotAddCollection, M.cannotMoveCollection, M.alreadyInCollection]).toContain(res.error);
    }
    const r2 = await rows(u.id, h.id);
    expect(r2.progress).toHaveLength(1);
    expect(r2.wishlist.length + r2.collection.length).toBe(0);
  });
});

describe("a catalogue game without an IGDB id (most of the demo catalogue)", () => {
  const local = (extra: Parameters<typeof createGame>[0] = {}) => createGame({ igdbId: null, ...extra });

  it("every transition works by its internal id; rows are keyed by game_id with igdb_id null", async () => {
    const u = await createActor();
    const g = await local();
    const by = { gameId: g.id };
    expect(await getGameListState(u, g)).toEqual(NONE);
    expect(data(await addToWishlist(u, by))).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(data(await setPriority(u, by, 2))).toMatchObject({ wishlistPriority: 2 });
    expect(data(await toggleCollection(u, by))).toEqual({ ...NONE, inCollection: true });
    expect(data(await moveToWishlist(u, by))).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(data(await moveToCollection(u, by))).toEqual({ ...NONE, inCollection: true });
    expect(data(await removeFromCollection(u, by))).toEqual(NONE);
    expect(data(await toggleWishlist(u, by))).toMatchObject({ inWishlist: true });
    expect(data(await toggleWishlist(u, by))).toEqual(NONE);
    expect(data(await addToCollection(u, by))).toEqual({ ...NONE, inCollection: true });
    const listed = await rows(u.id, g.id);
    expect(listed.collection).toEqual([expect.objectContaining({ gameId: g.id, igdbId: null })]);
    expect(await addToWishlist(u, by)).toEqual({ ok: false, status: 409, error: M.alreadyInCollection });
    expect(data(await toggleCollection(u, by))).toEqual(NONE);
    expect(data(await addToWishlist(u, by))).toEqual({ ...NONE, inWishlist: true, wishlistPriority: 1 });
    expect(data(await removeFromWishlist(u, by))).toEqual(NONE);

    expect(data(await markStarted(u, by))).toEqual({ ...NONE, started: true });
    expect(await addToWishlist(u, by)).toEqual({ ok: false, status: 409, error: M.cannotAddWishlist });
    expect(await moveToCollection(u, by)).toEqual({ ok: false, status: 409, error: M.cannotMoveCollection });
    expect(data(await markCompleted(u, by))).toEqual({ ...NONE, started: true, completed: true });
    const after = await rows(u.id, g.id);
    expect([after.wishlist.length, after.collection.length]).toEqual([0, 0]);
    expect(after.progress).toEqual([expect.objectContaining({ gameId: g.id, igdbId: null, started: true, completed: true })]);
    expect(await getGameListState(u, g)).toEqual({ ...NONE, started: true, completed: true });
  });

  it("appears in the Want to Play tab, the collection picker, the Top 5 picker and the Top 5", async () => {
    const u = await createActor();
    const [a, b] = [await local({ name: "Quillbrook Saga" }), await local({ name: "Quillbrook Tales" })];
    data(await addToCollection(u, { gameId: a.id }));
    data(await addToWishlist(u, { gameId: b.id }));
    const tab = await loadWantToPlayTab(u.id);
    expect(tab.collection.games).toEqual([expect.objectContaining({ gameId: a.id, igdbId: null, slug: a.slug })]);
    expect(tab.wishlist.games).toEqual([expect.objectContaining({ gameId: b.id, igdbId: null, slug: b.slug })]);

    const picked = data(await searchPicker(u, "wishlist", "quillbrook"));
    expect(picked.games.map((g) => g.gameId).sort()).toEqual([a.id, b.id].sort());
    // Chosen from the picker, a game is named by the id the picker gave: this one is in the collection.
    const chosen = picked.games.find((g) => g.gameId === a.id)!;
    expect(await addToWishlist(u, { gameId: chosen.gameId })).toEqual({ ok: false, status: 409, error: M.alreadyInCollection });

    await createRating({ userId: u.id, gameId: a.id, rating: 9 });
    const top = data(await searchPicker(u, "top5", ""));
    expect(top.games.map((g) => g.gameId)).toEqual([a.id]);
    expect(data(await saveTopFive(u, [{ gameId: a.id, position: 1 }]))).toEqual([{ gameId: a.id, position: 1 }]);
    expect((await loadTopFiveTab(u.id)).slots[0]).toMatchObject({ gameId: a.id, igdbId: null, slug: a.slug });
  });

  it("a review's finish answer records progress on it and clears its lists", async () => {
    const u = await createActor();
    const g = await local();
    data(await addToWishlist(u, { gameId: g.id }));
    expect(await recordReviewFinish(u.id, g.id, false)).toEqual({ ok: true, data: undefined });
    const r = await rows(u.id, g.id);
    expect([r.wishlist.length, r.progress[0]?.started, r.progress[0]?.completed]).toEqual([0, true, false]);
  });

  it("an IGDB id cannot name it: by IGDB id it is unknown (404), by internal id it is found", async () => {
    const u = await createActor();
    const g = await local();
    const unused = nextIgdb();
    expect(await addToWishlist(u, { igdbId: unused })).toEqual({ ok: false, status: 404, error: M.gameNotInDatabase });
    expect(data(await addToWishlist(u, { gameId: g.id }))).toMatchObject({ inWishlist: true });
  });

  it("bad game ids: 400 with a clear text, never a 500; both ids at once is refused", async () => {
    const u = await createActor();
    const g = await local();
    for (const bad of ["abc", "local-5", "-5", -5, 0, "0", "1.5", 1.5, "99999999999", 2 ** 31, "1e3"]) {
      expect(await addToWishlist(u, { gameId: bad })).toEqual({ ok: false, status: 400, error: M.invalidGameId });
      expect(await markStarted(u, { gameId: bad })).toEqual({ ok: false, status: 400, error: M.invalidGameId });
    }
    expect(await addToWishlist(u, { gameId: g.id, igdbId: 5 })).toEqual({ ok: false, status: 400, error: M.twoGameKeys });
    expect(await addToWishlist(u, {})).toEqual({ ok: false, status: 400, error: M.missingIgdbId });
    // Removing a game that does not exist has nothing to remove.
    expect(data(await removeFromWishlist(u, { gameId: 2_000_000_000 }))).toEqual(NONE);
    expect(await setPriority(u, { gameId: 2_000_000_000 }, 1)).toEqual({ ok: false, status: 404, error: M.notInWishlist });
  });
});

describe("an internal id equal to another game's IGDB id (the demo catalogue's Pikmin 233 / Half-Life 2)", () => {
  /** A game without an IGDB id, and another whose IGDB id is the first one's internal id. */
  async function lookalikes() {
    const pikmin = await createGame({ name: "Pikmin Lookalike", igdbId: null });
    const halfLife = await createGame({ name: "Half-Life Lookalike", igdbId: pikmin.id });
    expect(halfLife.igdbId).toBe(pikmin.id);
    return { pikmin, halfLife };
  }

  it("by internal id: the game without an IGDB id changes, never the other", async () => {
    const u = await createActor();
    const { pikmin, halfLife } = await lookalikes();
    data(await addToWishlist(u, { gameId: pikmin.id }));
    data(await markStarted(u, { gameId: pikmin.id }));
    expect(await getGameListState(u, pikmin)).toEqual({ ...NONE, started: true });
    expect(await getGameListState(u, halfLife)).toEqual(NONE);
    expect(await rows(u.id, halfLife.id)).toEqual({ wishlist: [], collection: [], progress: [] });
  });

  it("by IGDB id: the game with that IGDB id changes, never the one whose internal id it is", async () => {
    const u = await createActor();
    const { pikmin, halfLife } = await lookalikes();
    data(await addToCollection(u, { igdbId: pikmin.id }));
    expect(await getGameListState(u, halfLife)).toEqual({ ...NONE, inCollection: true });
    expect(await getGameListState(u, pikmin)).toEqual(NONE);
    data(await markCompleted(u, { igdbId: halfLife.igdbId }));
    expect(await getGameListState(u, pikmin)).toEqual(NONE);
    expect((await rows(u.id, halfLife.id)).progress).toEqual([
      expect.objectContaining({ gameId: halfLife.id, igdbId: halfLife.igdbId, completed: true }),
    ]);
    // And the other way: listed by internal id, the IGDB id of the same number finds the other game.
    data(await addToWishlist(u, { gameId: pikmin.id }));
    expect(data(await removeFromWishlist(u, { igdbId: pikmin.id }))).toMatchObject({ completed: true });
    expect(await getGameListState(u, pikmin)).toMatchObject({ inWishlist: true });
  });
});

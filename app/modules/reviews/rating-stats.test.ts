import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActor, createGame, createRating, createUser, reviewForm } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { aggregateRatingStats, ratingStatDrift, storedRatingStats } from "../../../tests/support/rating-stats";
import { rating } from "~/db/schema";
import { deleteUserCascade } from "~/modules/accounts/accounts.queries.server";
import { getGamePage } from "~/modules/catalogue/game.service.server";
import { getGameReviewsPage } from "./game-reviews.service.server";
import { transaction } from "~/db/transaction.server";
import { adjustGameRatingStats, lockOwnReview } from "./reviews.queries.server";
import { deleteReview, getGameReviewsBlock, saveReview } from "./reviews.service.server";

/**
 * The game row's rating stats (rating_count, rating_sum, rating_histogram, written_review_count) are
 * kept by every write path in the write's transaction; after each step they must equal the aggregate
 * over the game's ratings, which is what the game page used to compute per request.
 */

const db = useTestDatabase();

const bars = (counts: Record<number, number>) => Array.from({ length: 10 }, (_, i) => counts[i + 1] ?? 0);

/** Stored equals the aggregate, and both equal `expected`. */
async function expectStats(gameId: number, expected: { count: number; sum: number; histogram: number[]; written: number }) {
  const stored = await storedRatingStats(db.handle().db, gameId);
  expect(stored).toEqual(await aggregateRatingStats(db.handle().db, gameId));
  expect(stored).toEqual(expected);
}

async function saved(result: Awaited<ReturnType<typeof saveReview>>): Promise<string> {
  if (!result.ok) throw new Error(result.error);
  return String(result.data.reviewId);
}

describe("the game's rating stats through the review service", () => {
  it("insert, rating changes within and across bars, text written and cleared, delete: exact after every step", async () => {
    const g = await createGame({ platformNames: ["PC"] });
    const ref = String(g.id);
    const [a, b] = [await createActor(), await createActor()];
    await expectStats(g.id, { count: 0, sum: 0, histogram: bars({}), written: 0 });

    const ra = await saved(await saveReview(a, ref, reviewForm({ rating: "7.5", text: "Good" })));
    await expectStats(g.id, { count: 1, sum: 7.5, histogram: bars({ 7: 1 }), written: 1 });
    // Whitespace-only text is stored as no text: a rating, not a written review.
    const rb = await saved(await saveReview(b, ref, reviewForm({ rating: "3", text: " \n\t " })));
    await expectStats(g.id, { count: 2, sum: 10.5, histogram: bars({ 7: 1, 3: 1 }), written: 1 });

    // Same bar (7.5 → 7), text kept.
    await saved(await saveReview(a, ref, reviewForm({ reviewId: ra, rating: "7", text: "Good, edited" })));
    await expectStats(g.id, { count: 2, sum: 10, histogram: bars({ 7: 1, 3: 1 }), written: 1 });
    // Across bars (7 → 10) and text cleared.
    await saved(await saveReview(a, ref, reviewForm({ reviewId: ra, rating: "10", text: "" })));
    await expectStats(g.id, { count: 2, sum: 13, histogram: bars({ 10: 1, 3: 1 }), written: 0 });
    // Text added, rating unchanged.
    await saved(await saveReview(b, ref, reviewForm({ reviewId: rb, rating: "3", text: "Now I have words" })));
    await expectStats(g.id, { count: 2, sum: 13, histogram: bars({ 10: 1, 3: 1 }), written: 1 });
    // Across bars down (3 → 1.5) with text kept; nothing changed (same values) changes nothing.
    await saved(await saveReview(b, ref, reviewForm({ reviewId: rb, rating: "1.5", text: "Now I have words" })));
    await saved(await saveReview(b, ref, reviewForm({ reviewId: rb, rating: "1.5", text: "Now I have words" })));
    await expectStats(g.id, { count: 2, sum: 11.5, histogram: bars({ 10: 1, 1: 1 }), written: 1 });

    expect((await deleteReview(b, rb)).ok).toBe(true);
    await expectStats(g.id, { count: 1, sum: 10, histogram: bars({ 10: 1 }), written: 0 });
    expect((await deleteReview(a, ra)).ok).toBe(true);
    await expectStats(g.id, { count: 0, sum: 0, histogram: bars({}), written: 0 });
  });

  it("a refused write (duplicate, another user's review) leaves the stats as they were", async () => {
    const g = await createGame({ platformNames: ["PC"] });
    const [a, b] = [await createActor(), await createActor()];
    const ra = await saved(await saveReview(a, String(g.id), reviewForm({ rating: "9" })));
    expect((await saveReview(a, String(g.id), reviewForm({ rating: "2" }))).ok).toBe(false);
    expect((await saveReview(b, String(g.id), reviewForm({ reviewId: ra, rating: "2", text: "" }))).ok).toBe(false);
    expect((await deleteReview(b, ra)).ok).toBe(false);
    await expectStats(g.id, { count: 1, sum: 9, histogram: bars({ 9: 1 }), written: 1 });
  });

  it("account deletion takes each of the user's ratings out of its game's bars and written count", async () => {
    const [g1, g2, g3] = [await createGame(), await createGame(), await createGame()];
    const leaver = await createUser();
    const other = await createUser();
    await createRating({ userId: leaver.id, gameId: g1.id, rating: 8.5, review: "mine" });
    await createRating({ userId: leaver.id, gameId: g2.id, rating: 2, review: null });
    await createRating({ userId: leaver.id, gameId: g3.id, rating: 10, review: "   " });
    await createRating({ userId: other.id, gameId: g1.id, rating: 8, review: "theirs" });
    await createRating({ userId: other.id, gameId: g3.id, rating: 10, review: null });
    await expectStats(g1.id, { count: 2, sum: 16.5, histogram: bars({ 8: 2 }), written: 2 });
    await expectStats(g3.id, { count: 2, sum: 20, histogram: bars({ 10: 2 }), written: 0 });

    expect(await deleteUserCascade(leaver.id)).toBe(true);
    await expectStats(g1.id, { count: 1, sum: 8, histogram: bars({ 8: 1 }), written: 1 });
    await expectStats(g2.id, { count: 0, sum: 0, histogram: bars({}), written: 0 });
    await expectStats(g3.id, { count: 1, sum: 10, histogram: bars({ 10: 1 }), written: 0 });
  });

  it("an account deleted while one of its reviews is being edited: the edit commits first, the stats end exact", async () => {
    // A race on PostgreSQL (PGlite runs one transaction at a time, so there the two simply follow each other).
    const g = await createGame();
    const leaver = await createUser();
    await createRating({ userId: (await createUser()).id, gameId: g.id, rating: 5, review: "stays" });
    const mine = await createRating({ userId: leaver.id, gameId: g.id, rating: 2, review: null });
    let locked!: () => void;
    let release!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const gate = new Promise<void>((r) => (release = r));
    const edit = transaction(async (tx) => {
      const before = await lockOwnReview(tx, mine.id, leaver.id);
      const after = { rating: 9, review: "changed my mind" };
      await tx.update(rating).set(after).where(eq(rating.id, mine.id));
      await adjustGameRatingStats(tx, g.id, before, after);
      locked();
      await gate;
    });
    await holding;
    const deleting = deleteUserCascade(leaver.id);
    await new Promise((r) => setTimeout(r, 300));
    release();
    await edit;
    expect(await deleting).toBe(true);
    await expectStats(g.id, { count: 1, sum: 5, histogram: bars({ 5: 1 }), written: 1 });
  });

  it("concurrent saves, edits and deletes by different users on one game end exact", async () => {
    const g = await createGame({ platformNames: ["PC"] });
    const ref = String(g.id);
    const users = await Promise.all(Array.from({ length: 12 }, () => createActor()));
    const ids = await Promise.all(
      users.map(async (u, i) =>
        saved(await saveReview(u, ref, reviewForm({ rating: String(1 + i / 2), text: i % 3 === 0 ? "" : `review ${i}` }))),
      ),
    );
    const afterInsert = await storedRatingStats(db.handle().db, g.id);
    expect(afterInsert.count).toBe(12);
    expect(afterInsert).toEqual(await aggregateRatingStats(db.handle().db, g.id));

    // Everyone edits at once: new bars, text written or cleared; a third delete instead.
    await Promise.all(
      users.map((u, i) =>
        i % 3 === 1
          ? deleteReview(u, ids[i]!)
          : saveReview(u, ref, reviewForm({ reviewId: ids[i]!, rating: String(10 - (i % 9)), text: i % 2 === 0 ? `now ${i}` : " " })),
      ),
    );
    const after = await storedRatingStats(db.handle().db, g.id);
    expect(after.count).toBe(8);
    expect(after).toEqual(await aggregateRatingStats(db.handle().db, g.id));
    expect(await ratingStatDrift(db.handle().db)).toEqual([]);
  });
});

describe("readers of the stored stats", () => {
  it("the game page's panel, 'See all N reviews' and the reviews page's paging read the game row", async () => {
    const g = await createGame({ name: "Panel Game", slug: "panel-game" });
    const texts = ["one", null, "two", "  ", "three"];
    for (const [i, text] of texts.entries()) {
      await createRating({ userId: (await createUser()).id, gameId: g.id, rating: [1, 4.5, 4, 9.5, 10][i]!, review: text });
    }
    const page = await getGamePage("panel-game");
    if (!page.ok || page.kind !== "page") throw new Error("no page");
    expect(page.page.stats).toEqual({ count: 5, average: 29 / 5, averageLabel: "5.8", histogram: bars({ 1: 1, 4: 2, 9: 1, 10: 1 }) });
    expect(page.writtenReviewCount).toBe(3);
    expect((await getGameReviewsBlock(null, g.id, page.writtenReviewCount)).writtenCount).toBe(3);
    expect((await getGameReviewsBlock(null, g.id)).writtenCount).toBe(3);
    const all = await getGameReviewsPage(null, "panel-game", new URLSearchParams());
    expect(all.ok && { total: all.data.total, shown: all.data.reviews.length }).toEqual({ total: 3, shown: 3 });
  });

  it("the average is the aggregate's avg(rating) to the last digit", async () => {
    const g = await createGame({ slug: "avg-game" });
    for (const r of [7, 7.5, 8, 3.5, 9, 10, 1]) await createRating({ userId: (await createUser()).id, gameId: g.id, rating: r });
    const page = await getGamePage("avg-game");
    if (!page.ok || page.kind !== "page") throw new Error("no page");
    const [avg] = (
      (await db.handle().db.execute(sql`select avg(rating)::float8 as a from rating where game_id = ${g.id}`)) as unknown as {
        rows: { a: number }[];
      }
    ).rows;
    expect(page.page.stats.average).toBe(Number(avg!.a));
  });
});

describe("the migration's backfill", () => {
  it("sets the bars and written counts of every game from its ratings", async () => {
    const dir = path.resolve(import.meta.dirname, "..", "..", "..", "drizzle");
    const file = fs.readdirSync(dir).find((f) => f.endsWith("_game_rating_histogram.sql"));
    const backfill = fs
      .readFileSync(path.join(dir, file!), "utf8")
      .split("--> statement-breakpoint")
      .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
      .find((s) => s.startsWith("UPDATE"));
    expect(backfill).toBeDefined();

    const [g1, g2, g3] = [await createGame(), await createGame(), await createGame()];
    const [u1, u2] = [await createUser(), await createUser()];
    await createRating({ userId: u1.id, gameId: g1.id, rating: 6.5, review: "yes" });
    await createRating({ userId: u2.id, gameId: g1.id, rating: 6, review: "\n" });
    await createRating({ userId: u1.id, gameId: g2.id, rating: 1, review: null });
    // As the rows stood before the migration: the new columns at their defaults.
    await db.handle().db.execute(sql`update game set rating_histogram = default, written_review_count = default`);
    expect(await ratingStatDrift(db.handle().db)).toContain(g1.id);

    await db.handle().db.execute(sql.raw(backfill!));
    expect(await ratingStatDrift(db.handle().db)).toEqual([]);
    await expectStats(g1.id, { count: 2, sum: 12.5, histogram: bars({ 6: 2 }), written: 1 });
    await expectStats(g3.id, { count: 0, sum: 0, histogram: bars({}), written: 0 });
  });
});

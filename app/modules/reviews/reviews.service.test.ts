import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createActor, createGame, createRating, createUser, reviewForm } from "../../../tests/factories";
import { useIgdbStandIn } from "../../../tests/igdb/setup";
import { useTestDatabase } from "../../../tests/setup/database";
import { comment, game, gameProgress, rating, user } from "~/db/schema";
import { deleteUserCascade } from "~/modules/accounts/accounts.queries.server";
import { readCommunityStats } from "~/modules/social/discover.queries.server";
import { getHomePage } from "~/modules/home/home.service.server";
import { toggleReviewLike } from "~/modules/social/social.service.server";
import { getGameReviewsPage } from "./game-reviews.service.server";
import { deleteReview, getGameReviewsBlock, getReviewEditor, getReviewView, saveReview } from "./reviews.service.server";

const db = useTestDatabase();
const s = useIgdbStandIn();

async function stats(gameId: number) {
  const [g] = await db.handle().db.select({ count: game.ratingCount, sum: game.ratingSum }).from(game).where(eq(game.id, gameId));
  const rows = await db.handle().db.select({ r: rating.rating }).from(rating).where(eq(rating.gameId, gameId));
  return { count: g!.count, sum: Number(g!.sum), rows: rows.length, rowSum: rows.reduce((a, r) => a + Number(r.r), 0) };
}

async function progressOf(userId: number, gameId: number) {
  const [row] = await db.handle().db.select().from(gameProgress).where(eq(gameProgress.userId, userId));
  return row && row.gameId === gameId ? row : null;
}

describe("saveReview: publish", () => {
  it("publishes once; the game's count and sum move in step; 'finished = yes' marks the game completed", async () => {
    const me = await createActor();
    const g = await createGame({ igdbId: 91001, platformNames: ["PC", "PlayStation 5"] });
    const saved = await saveReview(me, "91001", reviewForm({ text: "<b>Great</b> <script>alert(1)</script>fun &amp; games\nline two" }));
    expect(saved).toMatchObject({ ok: true, data: { created: true, gameHref: `/game/${g.slug}` } });
    const [row] = await db.handle().db.select().from(rating).where(eq(rating.gameId, g.id));
    expect(row).toMatchObject({ rating: 7.5, review: "Great fun & games\nline two", isRecommended: true, playtimeHours: 12 });
    expect(await stats(g.id)).toEqual({ count: 1, sum: 7.5, rows: 1, rowSum: 7.5 });
    expect(await progressOf(me.id, g.id)).toMatchObject({ started: true, completed: true });

    const again = await saveReview(me, "91001", reviewForm());
    expect(again).toEqual({ ok: false, status: 409, error: "Failed to submit review: You have already reviewed this game" });
    expect(await stats(g.id)).toEqual({ count: 1, sum: 7.5, rows: 1, rowSum: 7.5 });
  });

  it("'finished = no' marks started; a game already finished stays finished and needs no answer", async () => {
    const me = await createActor();
    const a = await createGame({ platformNames: ["PC"] });
    expect((await saveReview(me, String(a.id), reviewForm({ finished: "no" }))).ok).toBe(true);
    expect(await progressOf(me.id, a.id)).toMatchObject({ started: true, completed: false });

    const other = await createActor();
    const b = await createGame({ platformNames: ["PC"] });
    await db.handle().db.insert(gameProgress).values({ userId: other.id, gameId: b.id, started: true, completed: true });
    const editor = await getReviewEditor(other, String(b.id));
    expect(editor.ok && editor.data.finishedLocked).toBe(true);
    expect((await saveReview(other, String(b.id), reviewForm({ finished: "" }))).ok).toBe(true);
    expect(await progressOf(other.id, b.id)).toMatchObject({ completed: true });
  });

  it("rejects bad input on every field with a 4xx and writes nothing", async () => {
    const me = await createActor();
    const g = await createGame({ platformNames: ["PC"] });
    const cases: [Record<string, string>, string][] = [
      [{ rating: "0" }, "Rating must be a number from 1 to 10 in steps of 0.5"],
      [{ rating: "10.5" }, "Rating must be a number from 1 to 10 in steps of 0.5"],
      [{ rating: "7.3" }, "Rating must be a number from 1 to 10 in steps of 0.5"],
      [{ rating: "abc" }, "Rating must be a number from 1 to 10 in steps of 0.5"],
      [{ rating: "NaN" }, "Rating must be a number from 1 to 10 in steps of 0.5"],
      [{ rating: "" }, "Rating must be a number from 1 to 10 in steps of 0.5"],
      [{ playtime: "0" }, "Playtime must be a whole number of hours from 1 to 99999"],
      [{ playtime: "100000" }, "Playtime must be a whole number of hours from 1 to 99999"],
      [{ playtime: "1.5" }, "Playtime must be a whole number of hours from 1 to 99999"],
      [{ playtime: "-1" }, "Playtime must be a whole number of hours from 1 to 99999"],
      [{ finished: "" }, "Please answer 'Did you finish the game?'"],
      [{ finished: "maybe" }, "Please answer 'Did you finish the game?'"],
      [{ recommended: "sure" }, "Please answer yes or no to recommending the game"],
      [{ platform: "" }, "Please choose a platform"],
      [{ platform: "Dreamcast" }, 'Failed to submit review: Platform "Dreamcast" not found in database'],
      [{ text: "x".repeat(10_001) }, "Review text must be 10000 characters or less"],
      [{ reviewId: "abc" }, "Failed to update review: Invalid review ID"],
    ];
    for (const [over, message] of cases) {
      const result = await saveReview(me, String(g.id), reviewForm(over));
      expect(result, JSON.stringify(over)).toMatchObject({ ok: false, error: message });
      expect(!result.ok && result.status >= 400 && result.status < 500).toBe(true);
    }
    expect(await saveReview(me, "abc", reviewForm())).toMatchObject({ ok: false, status: 400 });
    expect(await saveReview(me, "999999999", reviewForm())).toMatchObject({
      ok: false,
      status: 404,
      error: "Failed to submit review: Game not found. Please select a valid game from the search results.",
    });
    expect(await saveReview(null, String(g.id), reviewForm())).toEqual({ ok: false, status: 401, error: "User not authenticated" });
    expect(await stats(g.id)).toEqual({ count: 0, sum: 0, rows: 0, rowSum: 0 });
    expect(await progressOf(me.id, g.id)).toBeNull();
  });

  it("a platform stored in the platform table is required; a game without platforms offers the default list", async () => {
    const me = await createActor();
    const g = await createGame({ platforms: [] });
    const editor = await getReviewEditor(me, String(g.id));
    expect(editor.ok && editor.data.game?.platformOptions).toEqual(["PS5", "Xbox Series X/S", "Nintendo Switch", "PC", "Retro"]);
    expect((await saveReview(me, String(g.id), reviewForm({ platform: "Retro", text: "   ", playtime: "" }))).ok).toBe(true);
    const [row] = await db.handle().db.select().from(rating).where(eq(rating.gameId, g.id));
    expect(row).toMatchObject({ review: null, playtimeHours: null });

    const listed = await createGame({ platforms: ["Unstored Console"] });
    expect(await saveReview(me, String(listed.id), reviewForm({ platform: "Unstored Console" }))).toMatchObject({
      ok: false,
      status: 400,
      error: 'Failed to submit review: Platform "Unstored Console" not found in database',
    });
  });

  it("a game known only to IGDB is saved first, then reviewed", async () => {
    s.igdb.addGames({ id: 91777, name: "Only In IGDB", platforms: [{ id: 6, name: "PC (Microsoft Windows)" }] } as never);
    const me = await createActor();
    const editor = await getReviewEditor(me, "91777");
    expect(editor.ok && editor.data.game?.name).toBe("Only In IGDB");
    const platformName = editor.ok ? editor.data.game!.platformOptions[0]! : "";
    const saved = await saveReview(me, "91777", reviewForm({ platform: platformName }));
    expect(saved.ok).toBe(true);
    const [g] = await db.handle().db.select({ id: game.id, count: game.ratingCount }).from(game).where(eq(game.igdbId, 91777));
    expect(g!.count).toBe(1);
  });

  it("concurrent submits for one game end in one review and exact counts", async () => {
    const me = await createActor();
    const g = await createGame({ platformNames: ["PC"] });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveReview(me, String(g.id), reviewForm({ rating: String(5 + i / 2) }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok))
      expect(r).toMatchObject({ status: 409, error: "Failed to submit review: You have already reviewed this game" });
    const st = await stats(g.id);
    expect(st.rows).toBe(1);
    expect(st.count).toBe(1);
    expect(st.sum).toBe(st.rowSum);
  });
});

describe("saveReview: update and deleteReview", () => {
  it("only the author updates or deletes, with the spec's messages; counts stay exact", async () => {
    const author = await createActor();
    const other = await createActor();
    const g = await createGame({ platformNames: ["PC"] });
    await createRating({ userId: other.id, gameId: g.id, rating: 4 });
    const created = await saveReview(author, String(g.id), reviewForm({ rating: "8" }));
    if (!created.ok) throw new Error(created.error);
    const id = String(created.data.reviewId);

    // Someone else's review answers as a missing one (404): ids cannot be probed.
    expect(await saveReview(other, String(g.id), reviewForm({ reviewId: id }))).toEqual({
      ok: false,
      status: 404,
      error: "Failed to update review: Review not found or you do not have permission to edit it",
    });
    expect(await saveReview(author, String(g.id), reviewForm({ reviewId: "99999999" }))).toEqual({
      ok: false,
      status: 404,
      error: "Failed to update review: Review not found or you do not have permission to edit it",
    });
    expect(await deleteReview(other, id)).toEqual({
      ok: false,
      status: 404,
      error: "Failed to delete review: Review not found or you do not have permission to delete it",
    });
    expect(await deleteReview(author, "x1")).toEqual({ ok: false, status: 400, error: "Failed to delete review: Invalid review ID" });
    expect(await deleteReview(null, id)).toMatchObject({ ok: false, status: 401 });

    const updated = await saveReview(author, String(g.id), reviewForm({ reviewId: id, rating: "9.5", spoilers: "on", text: "Twist!" }));
    expect(updated).toMatchObject({ ok: true, data: { created: false } });
    expect(await stats(g.id)).toEqual({ count: 2, sum: 13.5, rows: 2, rowSum: 13.5 });
    const editor = await getReviewEditor(author, String(g.id));
    expect(editor.ok && editor.data.review).toMatchObject({ rating: 9.5, text: "Twist!", containsSpoilers: true, platform: "PC" });

    expect(await deleteReview(author, id)).toEqual({ ok: true, data: { gameHref: `/game/${g.slug}` } });
    expect(await stats(g.id)).toEqual({ count: 1, sum: 4, rows: 1, rowSum: 4 });
    expect(await deleteReview(author, id)).toMatchObject({ ok: false, status: 404 });
  });
});

/** The user's stored rating_count next to the rows it counts. */
async function userRatings(userId: number) {
  const [u] = await db.handle().db.select({ count: user.ratingCount }).from(user).where(eq(user.id, userId));
  const rows = await db.handle().db.select({ id: rating.id }).from(rating).where(eq(rating.userId, userId));
  return { count: u?.count ?? null, rows: rows.length };
}

describe("user.rating_count", () => {
  it("moves with publish and delete, never with a refused duplicate or an update, and only for the author", async () => {
    const me = await createActor();
    const bystander = await createActor();
    const [a, b] = [await createGame({ platformNames: ["PC"] }), await createGame({ platformNames: ["PC"] })];
    await createRating({ userId: bystander.id, gameId: a.id });
    expect(await userRatings(me.id)).toEqual({ count: 0, rows: 0 });

    const first = await saveReview(me, String(a.id), reviewForm());
    if (!first.ok) throw new Error(first.error);
    expect(await userRatings(me.id)).toEqual({ count: 1, rows: 1 });
    expect((await saveReview(me, String(a.id), reviewForm())).ok).toBe(false); // 409: nothing inserted
    expect(await userRatings(me.id)).toEqual({ count: 1, rows: 1 });
    const edit = await saveReview(me, String(a.id), reviewForm({ reviewId: String(first.data.reviewId), rating: "3", text: "" }));
    expect(edit.ok).toBe(true);
    expect(await userRatings(me.id)).toEqual({ count: 1, rows: 1 });
    const second = await saveReview(me, String(b.id), reviewForm());
    if (!second.ok) throw new Error(second.error);
    expect(await userRatings(me.id)).toEqual({ count: 2, rows: 2 });

    expect((await deleteReview(bystander, String(second.data.reviewId))).ok).toBe(false); // 403
    expect(await userRatings(me.id)).toEqual({ count: 2, rows: 2 });
    expect((await deleteReview(me, String(second.data.reviewId))).ok).toBe(true);
    expect(await userRatings(me.id)).toEqual({ count: 1, rows: 1 });
    expect((await deleteReview(me, String(second.data.reviewId))).ok).toBe(false); // 404: gone already
    expect(await userRatings(me.id)).toEqual({ count: 1, rows: 1 });
    expect(await userRatings(bystander.id)).toEqual({ count: 1, rows: 1 });
  });

  it("stays exact under concurrent publishes: many users on one game, one user on many games, duplicates", async () => {
    const g = await createGame({ platformNames: ["PC"] });
    const fans = await Promise.all(Array.from({ length: 12 }, () => createActor()));
    const busy = await createActor();
    const games = await Promise.all(Array.from({ length: 6 }, () => createGame({ platformNames: ["PC"] })));
    const results = await Promise.all([
      ...fans.map((f) => saveReview(f, String(g.id), reviewForm())),
      ...games.map((x) => saveReview(busy, String(x.id), reviewForm())),
      ...games.slice(0, 3).map((x) => saveReview(busy, String(x.id), reviewForm())), // duplicates: 409s
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(18);
    for (const f of fans) expect(await userRatings(f.id)).toEqual({ count: 1, rows: 1 });
    expect(await userRatings(busy.id)).toEqual({ count: 6, rows: 6 });
    // Deletes by several users at once, and one user deleting several reviews at once.
    const mine = await db.handle().db.select({ id: rating.id }).from(rating).where(eq(rating.userId, busy.id));
    const fanRows = await db.handle().db.select({ id: rating.id, userId: rating.userId }).from(rating).where(eq(rating.gameId, g.id));
    const removals = await Promise.all([
      ...mine.slice(0, 4).map((r) => deleteReview(busy, String(r.id))),
      ...fanRows.slice(0, 6).map((r) =>
        deleteReview(
          fans.find((f) => f.id === r.userId)!,
          String(r.id),
        ),
      ),
    ]);
    expect(removals.every((r) => r.ok)).toBe(true);
    expect(await userRatings(busy.id)).toEqual({ count: 2, rows: 2 });
    for (const f of fans) {
      const c = await userRatings(f.id);
      expect(c.count).toBe(c.rows);
    }
  });

  it("account deletion takes the user's ratings out of the community figures and leaves others' counts exact", async () => {
    const [gone, stays] = [await createActor(), await createActor()];
    const games = await Promise.all(Array.from({ length: 3 }, () => createGame({ platformNames: ["PC"] })));
    for (const x of games) expect((await saveReview(gone, String(x.id), reviewForm())).ok).toBe(true);
    expect((await saveReview(stays, String(games[0]!.id), reviewForm())).ok).toBe(true);
    const before = await readCommunityStats();
    expect(await deleteUserCascade(gone.id)).toBe(true);
    expect(await userRatings(stays.id)).toEqual({ count: 1, rows: 1 });
    const after = await readCommunityStats();
    expect(after).toEqual({
      totalUsers: before.totalUsers - 1,
      activeReviewers: before.activeReviewers - 1,
      totalReviews: before.totalReviews - 3,
    });
    // The figures are the rows' own counts (the database holds only this file's rows).
    const [truth] = (
      await db.handle().db.execute<{ users: number; reviewers: number; reviews: number }>(sql`select
        (select count(*)::int from "user") as users,
        (select count(distinct user_id)::int from rating) as reviewers,
        (select count(*)::int from rating) as reviews`)
    ).rows;
    expect(after).toEqual({ totalUsers: truth!.users, activeReviewers: truth!.reviewers, totalReviews: truth!.reviews });
  });
});

describe("getReviewView and the game page block", () => {
  it("finds a review by author and IGDB id (or internal id), with the author's edit link", async () => {
    const author = await createActor();
    const viewer = await createActor();
    const g = await createGame({ igdbId: 91002, platformNames: ["PC"] });
    const created = await saveReview(author, "91002", reviewForm({ text: "Loved it" }));
    expect(created.ok).toBe(true);

    const seen = await getReviewView(viewer, String(author.id), "91002");
    expect(seen).toMatchObject({ ok: true, data: { text: "Loved it", rating: 7.5, platformName: "PC", editHref: null, commentCount: 0 } });
    const own = await getReviewView(author, String(author.id), "91002");
    expect(own.ok && own.data.editHref).toBe("/review/91002");
    expect(await getReviewView(null, "abc", "91002")).toEqual({
      ok: false,
      status: 400,
      error: "Invalid review URL parameters. User ID and Game ID must be numbers.",
    });
    expect(await getReviewView(null, String(author.id), "1.5")).toMatchObject({ status: 400 });
    expect(await getReviewView(null, String(viewer.id), "91002")).toEqual({ ok: false, status: 404, error: "Review not found" });

    const noIgdb = await createGame({ platformNames: ["PC"] });
    await saveReview(author, String(noIgdb.id), reviewForm());
    expect((await getReviewView(null, String(author.id), String(noIgdb.id))).ok).toBe(true);

    const block = await getGameReviewsBlock(author, g.id);
    expect(block).toMatchObject({ signedIn: true, hasOwnReview: true, error: null });
    expect(block.reviews.map((r) => r.text)).toEqual(["Loved it"]);
    expect(await getGameReviewsBlock(viewer, g.id)).toMatchObject({ hasOwnReview: false });
    expect(await getGameReviewsBlock(null, g.id)).toMatchObject({ signedIn: false, hasOwnReview: false });
  });
});

describe("getGameReviewsBlock: the game page's reviews", () => {
  it("lists at most 5 written reviews, newest first, skipping ratings without text", async () => {
    const g = await createGame({ name: "Review Game", slug: "review-game", igdbId: 777001 });
    const base = Date.UTC(2024, 0, 1);
    const texts: (string | null)[] = ["first", null, "second", "   \n ", "third", "fourth", "fifth", "sixth", ""];
    const users = [];
    for (const [i, text] of texts.entries()) {
      const u = await createUser();
      users.push(u);
      await createRating({ userId: u.id, gameId: g.id, rating: 8, review: text, postDateTime: new Date(base + i * 86_400_000) });
    }
    const p = await getGameReviewsBlock(null, g.id);
    expect(p.reviews.map((r) => r.text)).toEqual(["sixth", "fifth", "fourth", "third", "second"]);
    expect(p.reviews.every((r) => r.hasText)).toBe(true);
    // Ratings without text are not reviews.
    expect(p.writtenCount).toBe(6);
    const newest = p.reviews[0]!;
    expect(newest.userId).toBe(users[7]!.id);
    expect(newest.gameId).toBe(g.id);
    expect(newest.igdbGameId).toBe(777001);
  });

  it("names authors by username, else name, else 'Anonymous'", async () => {
    const g = await createGame({ name: "Authors", slug: "authors" });
    const named = await createUser({ username: null, name: "Jane Player" });
    const anon = await createUser({ username: null, name: "" });
    const handle = await createUser({ username: "speedrunner", name: "Sam" });
    await createRating({ userId: named.id, gameId: g.id, review: "by name", postDateTime: new Date("2024-01-01T00:00:00Z") });
    await createRating({ userId: anon.id, gameId: g.id, review: "by nobody", postDateTime: new Date("2024-01-02T00:00:00Z") });
    await createRating({ userId: handle.id, gameId: g.id, review: "by handle", postDateTime: new Date("2024-01-03T00:00:00Z") });
    const p = await getGameReviewsBlock(null, g.id);
    expect(p.reviews.map((r) => r.author)).toEqual(["speedrunner", "Anonymous", "Jane Player"]);
  });
});

describe("the viewer's likes on review cards", () => {
  it("come with the cards on the game page, its all-reviews page and the home page: each viewer their own, a visitor none", async () => {
    const g = await createGame({ name: "Liked Cards", slug: "liked-cards" });
    const [a, b, me] = [await createActor(), await createActor(), await createActor()];
    const ra = await createRating({ userId: a.id, gameId: g.id, review: "from a", postDateTime: new Date(Date.now() + 60_000) });
    const rb = await createRating({ userId: b.id, gameId: g.id, review: "from b", postDateTime: new Date(Date.now() + 120_000) });
    await toggleReviewLike(me, ra.id);
    await toggleReviewLike(b, rb.id);

    const select = vi.spyOn(db.handle().db, "select");
    const block = await getGameReviewsBlock(me, g.id, 2);
    // Cards (with likes) and the viewer's own review: no statement for the like states.
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();
    expect(block.likedReviewIds).toEqual([ra.id]);
    expect((await getGameReviewsBlock(b, g.id)).likedReviewIds).toEqual([rb.id]);
    expect((await getGameReviewsBlock(null, g.id)).likedReviewIds).toEqual([]);

    const page = await getGameReviewsPage(me, "liked-cards", new URLSearchParams("sort=newest"));
    expect(page.ok && page.data.reviews.map((r) => [r.text, r.isLiked])).toEqual([
      ["from b", false],
      ["from a", true],
    ]);

    const home = await getHomePage(me);
    expect(home.likedReviewIds).toContain(ra.id);
    expect(home.likedReviewIds).not.toContain(rb.id);
    expect((await getHomePage(null)).likedReviewIds).toEqual([]);
  });
});

describe("home page Recent Reviews", () => {
  it("lists real written reviews with their real comment counts and spoiler flags", async () => {
    const author = await createActor();
    const g = await createGame({ platformNames: ["PC"] });
    const saved = await saveReview(author, String(g.id), reviewForm({ text: "Home-page worthy.", spoilers: "on" }));
    if (!saved.ok) throw new Error(saved.error);
    await db
      .handle()
      .db.insert(comment)
      .values([
        { userId: author.id, ratingId: saved.data.reviewId, content: "First!" },
        { userId: author.id, ratingId: saved.data.reviewId, content: "Hidden", isPublished: false },
      ]);
    const home = await getHomePage();
    const card = home.reviews.find((r) => r.id === saved.data.reviewId);
    expect(card).toMatchObject({ text: "Home-page worthy.", commentCount: 1, containsSpoilers: true });
  });
});

describe("review addresses of a game without an IGDB id", () => {
  it("name it `local-{id}`, so another game whose IGDB id equals its internal id is never opened instead", async () => {
    const me = await createActor();
    const local = await createGame({ name: "Catalogue Only", platformNames: ["PC"] });
    // Another game whose IGDB id is the local game's internal id (the demo catalogue's Pikmin / Half-Life 2).
    const other = await createGame({ name: "Famous Elsewhere", igdbId: local.id, platformNames: ["PC"] });
    const bare = await getReviewEditor(me, String(local.id));
    expect(bare.ok && bare.data.game?.name).toBe("Famous Elsewhere"); // a bare number is an IGDB id first

    const editor = await getReviewEditor(me, `local-${local.id}`);
    if (!editor.ok) throw new Error(editor.error);
    expect(editor.data.game).toMatchObject({ name: "Catalogue Only", reviewGameId: `local-${local.id}` });
    const saved = await saveReview(me, `LOCAL-${local.id}`, reviewForm({ rating: "7" }));
    expect(saved.ok).toBe(true);
    expect((await stats(local.id)).rows).toBe(1);
    expect((await stats(other.id)).rows).toBe(0);

    const view = await getReviewView(me, String(me.id), `local-${local.id}`);
    if (!view.ok) throw new Error(view.error);
    expect(view.data.game).toMatchObject({ name: "Catalogue Only", reviewGameId: `local-${local.id}` });
    expect(view.data.editHref).toBe(`/review/local-${local.id}`);
    // The game with the IGDB id keeps its plain number.
    expect((await getReviewEditor(me, String(other.igdbId))).ok).toBe(true);
  });

  it("refuse what is no game reference", async () => {
    const me = await createActor();
    for (const bad of ["local-", "local-0", "local-x", "local-99999999999", "-1", "1e3", "local-1-2"]) {
      const res = await getReviewEditor(me, bad);
      expect(res.ok, bad).toBe(false);
      expect((await getReviewView(me, String(me.id), bad)).ok, bad).toBe(false);
    }
  });
});

import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createGame, createRating, createUser } from "../../tests/factories";
import { useTestDatabase } from "../../tests/setup/database";
import { pageRequest } from "../../tests/support/auth";
import { renderRoute } from "../../tests/support/render-route";
import { comment, rating } from "~/db/schema";
import GameReviewsRoute, { loader as allReviewsLoader } from "./game.reviews";
import ReviewViewPage, { loader as viewLoader } from "./review.view";

const db = useTestDatabase();
const ctx = () => new RouterContextProvider() as never;

/** The review view's loader for the author's review of game `igdbId` (a visitor's request). */
function loadView(path: string, authorId: number, igdbId: number | null) {
  return viewLoader({
    request: pageRequest(path),
    params: { userId: String(authorId), gameId: String(igdbId) },
    context: ctx(),
  } as never);
}

/** The page's HTML without the markers React puts between adjacent text nodes. */
function render(Component: unknown, id: string, path: string, url: string, loaderData: unknown) {
  return renderRoute(Component, id, path, url, loaderData).replace(/<!-- -->/g, "");
}

describe("/review/:userId/:gameId comments", () => {
  it("renders the thread with the page: counts, replies, '(edited)', '[deleted]', escaped text, visitor composer", async () => {
    const [author, a, b] = [await createUser(), await createUser(), await createUser()];
    const g = await createGame({ igdbId: 880000 + Math.floor(Math.random() * 10000) });
    const r = await createRating({ userId: author.id, gameId: g.id, rating: 9, review: "Loved it." });
    const [top] = await db
      .handle()
      .db.insert(comment)
      .values({
        userId: a.id,
        ratingId: r.id,
        content: "<script>alert(1)</script> first",
        createdAt: sql`now() - interval '1 hour'`,
        updatedAt: sql`now()`,
      })
      .returning();
    await db.handle().db.insert(comment).values({ userId: b.id, ratingId: r.id, content: "a reply", parentCommentId: top!.id });
    await db.handle().db.insert(comment).values({ userId: b.id, ratingId: r.id, content: "[deleted]", isPublished: false });

    const path = `/review/${author.id}/${g.igdbId}`;
    const data = await loadView(path, author.id, g.igdbId);
    expect(data.social.comments.total).toBe(2);
    const html = render(ReviewViewPage, "view", "/review/:userId/:gameId", path, data);
    expect(html).toContain("Comments (2)");
    expect(html).toContain("500 characters remaining");
    expect(html).toContain("Sign up or login to comment");
    expect(html).toContain("(edited)");
    expect(html).toContain("a reply");
    expect(html).toContain("[deleted]");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain('action="/api/reviews/');
  });
});

describe("/review/:userId/:gameId comment controls", () => {
  it("like counts with thousands separators; a visitor gets Reply (to sign in); the owner's 'Delete Comment' has Cancel", async () => {
    const [author, commenter] = [await createUser(), await createUser()];
    const g = await createGame({ igdbId: 870000 + Math.floor(Math.random() * 10000) });
    const r = await createRating({ userId: author.id, gameId: g.id, rating: 8, review: "Discuss." });
    const [c] = await db
      .handle()
      .db.insert(comment)
      .values({ userId: commenter.id, ratingId: r.id, content: "Popular take", likeCount: 1234 })
      .returning();
    const path = `/review/${author.id}/${g.igdbId}`;
    const data = await loadView(path, author.id, g.igdbId);

    const visitor = render(ReviewViewPage, "view", "/review/:userId/:gameId", path, data);
    expect(visitor).toContain(">1,234<");
    expect(visitor).not.toContain(">1234<");
    // Reply for a visitor: the sign-in dialog with JavaScript, the sign-in page (and back to this reply) without.
    expect(visitor).toContain(`href="/login?redirectTo=${encodeURIComponent(`${path}?reply=${c!.id}`)}"`);
    expect(visitor).toMatch(/>Reply<\/a>/);

    const owner = render(ReviewViewPage, "view", "/review/:userId/:gameId", path, { ...data, viewerId: commenter.id });
    const confirmation = owner.slice(owner.indexOf('aria-label="Delete Comment"'));
    expect(confirmation).toMatch(/<form action="[^"]*#comment-\d+" method="get"><button type="submit"[^>]*>Cancel<\/button><\/form>/);
    expect(confirmation.indexOf(">Cancel<")).toBeLessThan(confirmation.indexOf(">Delete<"));
  });
});

describe("/review/:userId/:gameId when the comments cannot be read", () => {
  it("still shows the review, with 'Failed to load comments' where the comments go (not 'Review not found')", async () => {
    const author = await createUser();
    const g = await createGame({ igdbId: 890000 + Math.floor(Math.random() * 10000) });
    await createRating({ userId: author.id, gameId: g.id, rating: 9, review: "Worth reading even when comments are down." });
    const path = `/review/${author.id}/${g.igdbId}`;

    // Reads of the comment table fail (a dropped connection, a timeout); every other read works.
    const handle = db.handle().db;
    const select = handle.select.bind(handle);
    const failing = vi.spyOn(handle, "select").mockImplementation(((...args: Parameters<typeof select>) => {
      const builder = select(...args);
      const from = builder.from.bind(builder);
      return Object.assign(builder, {
        from: (table: Parameters<typeof from>[0]) => {
          if (table === comment) throw new Error("Connection terminated unexpectedly");
          return from(table);
        },
      });
    }) as typeof handle.select);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let data, loggedCalls;
    try {
      data = await loadView(path, author.id, g.igdbId);
    } finally {
      loggedCalls = logged.mock.calls.length;
      failing.mockRestore();
      logged.mockRestore();
    }
    expect(data.social.commentsError).toBe("Failed to load comments");
    expect(loggedCalls).toBeGreaterThan(0);
    const html = render(ReviewViewPage, "view", "/review/:userId/:gameId", path, data);
    expect(html).toContain("Worth reading even when comments are down.");
    expect(html).toContain("Failed to load comments");
    expect(html).not.toContain("Review not found");
    expect(html).not.toContain("Comments (0)");
    expect(html).not.toContain("No comments yet.");
  });
});

describe("/game/:identifier/reviews", () => {
  it("lists written reviews 20 a page, most liked or newest, pages in the URL, spoilers folded", async () => {
    const g = await createGame();
    const users = await Promise.all(Array.from({ length: 23 }, () => createUser()));
    for (const [i, u] of users.entries()) {
      await createRating({
        userId: u.id,
        gameId: g.id,
        rating: 7,
        review: `Review ${i}`,
        likeCount: i,
        containsSpoilers: i === 22,
        postDateTime: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }
    await createRating({ userId: (await createUser()).id, gameId: g.id, rating: 5, review: "   " });
    const call = (qs: string) =>
      allReviewsLoader({ request: pageRequest(`/game/${g.slug}/reviews${qs}`), params: { identifier: g.slug }, context: ctx() } as never);

    const first = await call("");
    expect(first).toMatchObject({ sort: "liked", page: 1, pageCount: 2, total: 23 });
    expect(first.reviews.length).toBe(20);
    expect(first.reviews[0]!.text).toBe("Review 22");
    const second = await call("?sort=newest&page=2");
    expect(second.reviews.map((c) => c.text)).toEqual(["Review 2", "Review 1", "Review 0"]);
    expect((await call("?page=abc")).page).toBe(1);
    expect((await call("?page=99")).page).toBe(2);

    const html = render(GameReviewsRoute, "all", "/game/:identifier/reviews", `/game/${g.slug}/reviews`, first);
    expect(html).toContain("Show spoilers");
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain("?sort=liked&amp;page=2");

    const missing = await allReviewsLoader({
      request: pageRequest("/game/nope-zz/reviews"),
      params: { identifier: "nope-zz" },
      context: ctx(),
    } as never).catch((e: unknown) => e);
    expect((missing as { init?: { status?: number } }).init?.status).toBe(404);
    const [row] = await db
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(rating)
      .where(eq(rating.gameId, g.id));
    expect(Number(row!.n)).toBe(24);
  });
});

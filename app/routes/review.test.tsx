import { eq } from "drizzle-orm";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createGame, createRating, createUser } from "../../tests/factories";
import { useTestDatabase } from "../../tests/setup/database";
import { APP_URL, pageRequest, useAuthConfig, verifiedAccount } from "../../tests/support/auth";
import { renderRoute } from "../../tests/support/render-route";
import type { Config } from "~/config.server";
import { game, rating, user } from "~/db/schema";
import GamePage, { loader as gameLoader } from "./game";
import ReviewPage, { action, clientAction, loader, meta, shouldRevalidate } from "./review";
import ReviewViewPage, { loader as viewLoader, meta as viewMeta } from "./review.view";
import { shouldRevalidate as rootRevalidates } from "../root";

const db = useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

const ctx = () => new RouterContextProvider() as never;

async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}

function post(path: string, form: Record<string, string>, cookie?: string) {
  return pageRequest(path, { form, cookie });
}

const validForm = { rating: "8.5", recommended: "yes", finished: "no", platform: "PC", text: "Solid.", playtime: "20" };

async function signedIn() {
  const account = await verifiedAccount(config, "Critic");
  const [row] = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
  return { ...account, id: row!.id };
}

describe("/review/:gameId? when the session ended while writing (with JavaScript)", () => {
  const submit = (serverAction: () => Promise<unknown>) =>
    clientAction({ request: post("/review/123", validForm), params: { gameId: "123" }, serverAction } as never);
  const revalidates = (next = "http://localhost/review/123") =>
    shouldRevalidate({
      currentUrl: new URL("http://localhost/review/123"),
      nextUrl: new URL(next),
      defaultShouldRevalidate: true,
    } as never);

  it("answers the 401 with signIn (the page stays, the sign-in dialog opens) and keeps this page's data until the next submission", async () => {
    const unauthenticated = { ok: false, error: "User not authenticated", message: "User not authenticated" };
    expect(await submit(() => Promise.reject(new UNSAFE_ErrorResponseImpl(401, "Unauthorized", unauthenticated)))).toEqual({
      error: "User not authenticated",
      signIn: true,
    });
    // Reloading this page's data now would send it to /login and lose the text; the root (who is signed
    // in: the header, the dialog) reloads after a 401.
    expect(revalidates()).toBe(false);
    expect(rootRevalidates({ actionStatus: 401, defaultShouldRevalidate: false } as never)).toBe(true);
    expect(rootRevalidates({ actionStatus: 422, defaultShouldRevalidate: false } as never)).toBe(false);
    expect(revalidates("http://localhost/review/456")).toBe(true);

    // The action now answers the 401 itself (a value, not a throw): the same.
    expect(await submit(() => Promise.resolve({ error: "User not authenticated", signIn: true, draft: {} }))).toMatchObject({
      signIn: true,
    });
    expect(revalidates()).toBe(false);

    // Signed in again: the next Publish goes through as usual.
    expect(await submit(() => Promise.resolve({ ok: true }))).toEqual({ ok: true });
    expect(revalidates()).toBe(true);

    // Other refusals are the server's, as before.
    const forbidden = new UNSAFE_ErrorResponseImpl(403, "Forbidden", { error: "Forbidden" });
    expect(await submit(() => Promise.reject(forbidden)).catch((e: unknown) => e)).toBe(forbidden);
    expect(revalidates()).toBe(true);
  });
});

describe("/review/:gameId? (write and edit)", () => {
  it("sends visitors to sign-in with the origin path kept; a visitor's POST is a 401", async () => {
    const res = (await thrown(() =>
      loader({ request: pageRequest("/review/123"), params: { gameId: "123" }, context: ctx() } as never),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Freview%2F123");

    const denied = (await action({ request: post("/review/123", validForm), params: { gameId: "123" }, context: ctx() } as never)) as {
      init: { status: number };
      data: unknown;
    };
    expect(denied.init.status).toBe(401);
    expect(denied.data).toMatchObject({ error: "User not authenticated", signIn: true, draft: { text: "Solid.", rating: "8.5" } });
  });

  it("a form posted after the session ended (no JavaScript) comes back with everything typed and a way to sign in", async () => {
    const g = await createGame({ name: "Draft Game", igdbId: 92_077, platformNames: ["PC", "Nintendo Switch"] });
    const path = "/review/92077";
    const params = { gameId: "92077" };
    const context = ctx();
    const typed = {
      rating: "8.5",
      recommended: "no",
      finished: "yes",
      platform: "Nintendo Switch",
      text: "Long thoughts <kept> & all.\nSecond line.",
      playtime: "42",
      spoilers: "on",
      reviewId: "77",
    };
    const answer = (await action({ request: post(path, typed), params, context } as never)) as { init: { status: number }; data: unknown };
    expect(answer.init.status).toBe(401);
    // The page's loader, in the same request, renders the page instead of sending the visitor to /login.
    const editor = await loader({ request: pageRequest(path), params, context } as never);
    expect(editor).toMatchObject({ game: { id: g.id }, review: null });
    const html = renderRoute(ReviewPage, "routes/review", "/review/:gameId?", path, editor, answer.data).replace(/<!-- -->/g, "");
    expect(html).toContain("User not authenticated");
    expect(html).toContain("Long thoughts &lt;kept&gt; &amp; all.\nSecond line.</textarea>");
    expect(html).toMatch(/name="rating"[^>]*value="8.5"|value="8.5"[^>]*name="rating"/);
    expect(html).toMatch(/<input[^>]*value="no"[^>]*checked|<input[^>]*checked[^>]*value="no"/);
    expect(html).toMatch(/name="playtime"[^>]*value="42"|value="42"[^>]*name="playtime"/);
    expect(html).toContain('<input type="hidden" name="reviewId" value="77"/>');
    expect(html).toMatch(/<a href="\/login" target="_blank"[^>]*>Sign In<\/a>/);
    // Another request without that action still goes to sign-in.
    const res = (await thrown(() => loader({ request: pageRequest(path), params, context: ctx() } as never))) as Response;
    expect(res.status).toBe(302);
  });

  it("publishes with a plain form POST, then edits, then deletes; counts stay exact; bad input is a 4xx", async () => {
    const me = await signedIn();
    const g = await createGame({ name: "Form Game", igdbId: 92001, platformNames: ["PC", "Nintendo Switch"] });
    const path = "/review/92001";
    const params = { gameId: "92001" };

    const empty = await loader({ request: pageRequest(path, { cookie: me.cookie }), params, context: ctx() } as never);
    expect(meta({ loaderData: empty } as never)[0]).toEqual({ title: expect.stringContaining("Review: Form Game") });
    const html = renderRoute(ReviewPage, "routes/review", "/review/:gameId?", path, empty);
    for (const text of [
      "Publish Review",
      "Did you finish the game?",
      "Would you recommend this game?",
      "Contains spoilers",
      "Cancel",
      "0 characters",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('name="rating"');
    expect(html).toContain('value="5"');
    expect(html).not.toContain("Delete Review");

    const bad = (await action({ request: post(path, { ...validForm, rating: "7.3" }, me.cookie), params, context: ctx() } as never)) as {
      init: { status: number };
      data: { error: string };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error).toBe("Rating must be a number from 1 to 10 in steps of 0.5");

    const published = (await action({ request: post(path, validForm, me.cookie), params, context: ctx() } as never)) as Response;
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toBe(`/game/${g.slug}`);

    const editing = await loader({ request: pageRequest(`${path}?delete=1`, { cookie: me.cookie }), params, context: ctx() } as never);
    expect(meta({ loaderData: editing } as never)[0]).toEqual({ title: expect.stringContaining("Edit Your Review: Form Game") });
    const editHtml = renderRoute(ReviewPage, "routes/review", "/review/:gameId?", `${path}?delete=1`, editing);
    expect(editHtml).toContain("Update Review");
    expect(editHtml).toContain("Delete Review");
    expect(editHtml).toContain("Are you sure you want to delete your review for Form Game? This action cannot be undone.");

    const reviewId = String(editing.review!.id);
    const updated = (await action({
      request: post(path, { ...validForm, reviewId, rating: "10" }, me.cookie),
      params,
      context: ctx(),
    } as never)) as Response;
    expect(updated.status).toBe(303);
    const [stats] = await db.handle().db.select({ count: game.ratingCount, sum: game.ratingSum }).from(game).where(eq(game.id, g.id));
    expect(stats).toEqual({ count: 1, sum: 10 });

    const other = await createUser();
    await createRating({ userId: other.id, gameId: g.id, rating: 3 });
    const [theirs] = await db.handle().db.select({ id: rating.id }).from(rating).where(eq(rating.userId, other.id));
    const notMine = (await action({
      request: post(path, { intent: "delete", reviewId: String(theirs!.id) }, me.cookie),
      params,
      context: ctx(),
    } as never)) as { init: { status: number }; data: { error: string } };
    expect(notMine.init.status).toBe(404);
    expect(notMine.data.error).toBe("Failed to delete review: Review not found or you do not have permission to delete it");

    const deleted = (await action({
      request: post(path, { intent: "delete", reviewId }, me.cookie),
      params,
      context: ctx(),
    } as never)) as Response;
    expect(deleted.status).toBe(303);
    const [after] = await db.handle().db.select({ count: game.ratingCount, sum: game.ratingSum }).from(game).where(eq(game.id, g.id));
    expect(after).toEqual({ count: 1, sum: 3 });
  });

  it("answers 404 with the spec's text for an unknown or non-numeric game", async () => {
    const me = await signedIn();
    for (const id of ["999999991", "abc"]) {
      const err = (await thrown(() =>
        loader({ request: pageRequest(`/review/${id}`, { cookie: me.cookie }), params: { gameId: id }, context: ctx() } as never),
      )) as {
        init: { status: number };
        data: { message: string };
      };
      expect(err.init.status).toBe(404);
      expect(err.data.message).toBe("Game not found. Please select a valid game from the search results.");
    }
  });
});

describe("/review/:userId/:gameId (view) and the game page", () => {
  it("renders the review server-side with JSON-LD, Open Graph, spoilers folded and kept out of metadata", async () => {
    const me = await signedIn();
    const g = await createGame({ name: "Viewed Game", igdbId: 92002, platformNames: ["PC"] });
    const longText = `The butler did it. ${"x".repeat(600)}`;
    const res = (await action({
      request: post("/review/92002", { ...validForm, text: longText, spoilers: "on" }, me.cookie),
      params: { gameId: "92002" },
      context: ctx(),
    } as never)) as Response;
    expect(res.status).toBe(303);

    const url = `/review/${me.id}/92002`;
    const visitorData = await viewLoader({
      request: new Request(`${APP_URL}${url}`),
      params: { userId: String(me.id), gameId: "92002" },
      context: ctx(),
    } as never);
    const tags = viewMeta({ loaderData: visitorData } as never) as unknown as Record<string, string>[];
    const description = tags.find((t) => t.name === "description")!.content!;
    expect(description).toContain("rated Viewed Game 8.5/10");
    expect(description).not.toContain("butler");
    expect(tags).toContainEqual({ property: "og:url", content: `${APP_URL}${url}` });
    const html = renderRoute(ReviewViewPage, "routes/review.view", "/review/:userId/:gameId", url, visitorData);
    expect(html).toContain("Review by");
    expect(html).toContain("out of 10");
    expect(html).toContain("Show spoilers");
    expect(html).toContain('"@type":"Review"');
    expect(html).toContain('"reviewRating":{"@type":"Rating","ratingValue":8.5');
    expect(html).not.toMatch(/"reviewBody"/);
    expect(html).toContain(">more<");
    expect(html).not.toContain("Edit Review");

    const ownData = await viewLoader({
      request: pageRequest(url, { cookie: me.cookie }),
      params: { userId: String(me.id), gameId: "92002" },
      context: ctx(),
    } as never);
    expect(renderRoute(ReviewViewPage, "routes/review.view", "/review/:userId/:gameId", url, ownData)).toContain('href="/review/92002"');

    const invalid = (await thrown(() =>
      viewLoader({ request: new Request(`${APP_URL}/review/a/1`), params: { userId: "a", gameId: "1" }, context: ctx() } as never),
    )) as {
      init: { status: number };
      data: { message: string };
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.message).toBe("Invalid review URL parameters. User ID and Game ID must be numbers.");
    const missing = (await thrown(() =>
      viewLoader({
        request: new Request(`${APP_URL}/review/1/92002`),
        params: { userId: "999999", gameId: "92002" },
        context: ctx(),
      } as never),
    )) as {
      init: { status: number };
      data: { message: string };
    };
    expect(missing.init.status).toBe(404);
    expect(missing.data.message).toBe("Review not found");

    const gamePath = `/game/${g.slug}`;
    const own = await gameLoader({
      request: pageRequest(gamePath, { cookie: me.cookie }),
      params: { identifier: g.slug },
      context: new RouterContextProvider(),
    } as never);
    expect(own.reviewBlock).toMatchObject({ signedIn: true, hasOwnReview: true });
    const gameHtml = renderRoute(GamePage, "routes/game", "/game/:identifier", gamePath, own);
    expect(gameHtml).toContain("Edit Review");
    expect(gameHtml).toContain(`href="/review/${me.id}/92002"`);
    expect(gameHtml).toContain("Show spoilers");
    const visitor = await gameLoader({
      request: pageRequest(gamePath),
      params: { identifier: g.slug },
      context: new RouterContextProvider(),
    } as never);
    expect(visitor.reviewBlock).toMatchObject({ signedIn: false, hasOwnReview: false });
    expect(renderRoute(GamePage, "routes/game", "/game/:identifier", gamePath, visitor)).toContain("Write Review");
  });
});

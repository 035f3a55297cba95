import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { optionalUser } from "../../app/auth/session.server";
import { comment, contentLike, rating, user, userTopGames, userWishlist } from "../../app/db/schema";
import { createGame, createRating } from "../factories";
import { useTestDatabase } from "../setup/database";
import { APP_URL, contextFor, nextIp, pageRequest, useAuthConfig, verifiedAccount } from "../support/auth";
import { flattenRoutes, loadRouteModule, mutatingRoutes, routeConfig, type RouteEntry } from "../support/route-table";

/**
 * Who may call each route that can write, as one table: a row is (route, actor) → expected status and
 * message. Every route of app/routes.ts whose module exports an `action` needs at least one row, or
 * the last test fails.
 *
 * To add a route (a review, a list, a follow…): append rows to ROWS with
 *   route:   the path exactly as written in app/routes.ts ("reviews/:id/like");
 *   as:      "visitor" | "another user" | "owner" | "admin" — who sends it. The owner owns the resource
 *            the request targets (create it in `request`); "another user" is a signed-in member who
 *            does not; "admin" only where operators get more;
 *   request: builds the request from the accounts in `w` (w.owner, w.other, w.admin: signed-in, with
 *            `cookie` and `id`; `w.fresh()` makes a new one for rows that delete or sign out);
 *   expect:  { status, message? (the body's error / message / first field error), location? };
 *   after:   optional check that nothing was written for someone who may not (the owner's row is intact).
 * Denied writes answer like the spec says: a visitor 401 (APIs) or a redirect to /login (pages), a
 * member touching someone else's resource 404 with the message (as a missing one: ids cannot be probed), an operator-only read 403.
 */

const db = useTestDatabase();
const config = useAuthConfig();

type Account = Awaited<ReturnType<typeof verifiedAccount>> & { id: number };
interface World {
  owner: Account;
  other: Account;
  admin: Account;
  /** A new signed-in account, for rows that delete it or end its session. */
  fresh(): Promise<Account>;
}
type As = "visitor" | "another user" | "owner" | "admin";
interface Row {
  route: string;
  as: As;
  /** What the row shows, when one route has several rows for one actor. */
  note?: string;
  request: (w: World) => Request | Promise<Request>;
  expect: { status: number; message?: string; location?: RegExp };
  after?: (w: World, request: Request) => Promise<void>;
}

const post = (pathname: string, form: Record<string, string>, cookie?: string) => pageRequest(pathname, { method: "POST", form, cookie });
const json = (pathname: string, body: unknown, cookie?: string) => {
  const headers = new Headers({ origin: APP_URL, "content-type": "application/json", accept: "application/json" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${APP_URL}${pathname}`, { method: "POST", headers, body: JSON.stringify(body) });
};
const upload = (pathname: string, cookie?: string, content = "not an image") => {
  const body = new FormData();
  body.append("avatar", new File([content], "a.svg", { type: "image/svg+xml" }));
  const headers = new Headers({ origin: APP_URL });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${APP_URL}${pathname}`, { method: "POST", headers, body });
};
const exists = async (id: number) => (await db.handle().db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;
const CONFIRM_ERROR = "Type DELETE to confirm.";
/** The owner's avatar, as an upload would name it (the rows that need one set it, and take it away after). */
const ownersAvatar = (w: World) => `/uploads/${w.owner.id}-${"a".repeat(64)}.webp`;
const setAvatar = (id: number, avatarUrl: string | null) => db.handle().db.update(user).set({ avatarUrl }).where(eq(user.id, id));
const avatarOf = async (id: number) =>
  (await db.handle().db.select({ avatarUrl: user.avatarUrl }).from(user).where(eq(user.id, id)))[0]?.avatarUrl ?? null;
const followerCount = async (id: number) =>
  (await db.handle().db.select({ n: user.followerCount }).from(user).where(eq(user.id, id)))[0]?.n ?? -1;

/** A game and the owner's review of it (a fresh pair per row, so rows never depend on each other). */
async function ownersReview(w: World) {
  const g = await createGame({ igdbId: 700_000 + Math.floor(Math.random() * 1_000_000) });
  const r = await createRating({ userId: w.owner.id, gameId: g.id, rating: 8, review: "Mine." });
  return { game: g, review: r };
}
const reviewExists = async (id: number) =>
  (await db.handle().db.select({ id: rating.id }).from(rating).where(eq(rating.id, id))).length === 1;
const wishlisted = async (userId: number, gameId: number) =>
  (
    await db
      .handle()
      .db.select({ id: userWishlist.id })
      .from(userWishlist)
      .where(and(eq(userWishlist.userId, userId), eq(userWishlist.gameId, gameId)))
  ).length === 1;
const topGames = async (userId: number) =>
  db.handle().db.select({ gameId: userTopGames.gameId }).from(userTopGames).where(eq(userTopGames.userId, userId));
const lastGame = { igdbId: 0, gameId: 0, reviewId: 0 };

const ROWS: Row[] = [
  // Reviews: any member writes their own; only the author edits or deletes (the author comes from the session).
  {
    route: "review/:gameId?",
    as: "visitor",
    request: async (w) => {
      const { game } = await ownersReview(w);
      return post(`/review/${game.igdbId}`, { rating: "7", finished: "yes", platform: "PC" });
    },
    expect: { status: 401, message: "User not authenticated" },
  },
  {
    route: "review/:gameId?",
    as: "another user",
    note: "deleting the owner's review",
    request: async (w) => {
      const { game, review } = await ownersReview(w);
      Object.assign(lastGame, { igdbId: game.igdbId, gameId: game.id, reviewId: review.id });
      return post(`/review/${game.igdbId}`, { intent: "delete", reviewId: String(review.id) }, w.other.cookie);
    },
    expect: { status: 404, message: "Failed to delete review: Review not found or you do not have permission to delete it" },
    after: async () => expect(await reviewExists(lastGame.reviewId)).toBe(true),
  },
  {
    route: "review/:gameId?",
    as: "owner",
    note: "deleting their own review",
    request: async (w) => {
      const { game, review } = await ownersReview(w);
      Object.assign(lastGame, { igdbId: game.igdbId, gameId: game.id, reviewId: review.id });
      return post(`/review/${game.igdbId}`, { intent: "delete", reviewId: String(review.id) }, w.owner.cookie);
    },
    expect: { status: 303 },
    after: async () => expect(await reviewExists(lastGame.reviewId)).toBe(false),
  },
  // Lists and progress: every call acts on the session's own lists; there is no way to name another user's.
  {
    route: "api/lists",
    as: "visitor",
    request: async (w) => {
      const { game } = await ownersReview(w);
      return post("/api/lists", { intent: "toggle_wishlist", igdbId: String(game.igdbId), format: "json" });
    },
    expect: { status: 401, message: "User not authenticated" },
  },
  {
    route: "api/lists",
    as: "another user",
    note: "changes their own wishlist, never the owner's",
    request: async (w) => {
      const { game } = await ownersReview(w);
      lastGame.gameId = game.id;
      return post(
        "/api/lists",
        { intent: "toggle_wishlist", igdbId: String(game.igdbId), format: "json", userId: String(w.owner.id) },
        w.other.cookie,
      );
    },
    expect: { status: 200 },
    after: async (w) => {
      expect(await wishlisted(w.other.id, lastGame.gameId)).toBe(true);
      expect(await wishlisted(w.owner.id, lastGame.gameId)).toBe(false);
    },
  },
  {
    route: "api/lists",
    as: "owner",
    note: "a game without an IGDB id, named by its internal id",
    request: async (w) => {
      const g = await createGame({ igdbId: null });
      lastGame.gameId = g.id;
      return post("/api/lists", { intent: "toggle_wishlist", gameId: String(g.id), format: "json" }, w.owner.cookie);
    },
    expect: { status: 200 },
    after: async (w) => expect(await wishlisted(w.owner.id, lastGame.gameId)).toBe(true),
  },
  // Top 5: saved for the session's user only, from games they rated.
  {
    route: "api/top-games",
    as: "visitor",
    request: () => post("/api/top-games", { entries: "[]" }),
    expect: { status: 401, message: "User not authenticated" },
  },
  {
    route: "api/top-games",
    as: "another user",
    note: "a game only the owner rated: refused, nothing saved",
    request: async (w) => {
      const { game } = await ownersReview(w);
      lastGame.gameId = game.id;
      return post("/api/top-games", { entries: JSON.stringify([{ gameId: game.id, position: 1 }]) }, w.other.cookie);
    },
    expect: { status: 422 },
    after: async (w) => expect(await topGames(w.other.id)).toEqual([]),
  },
  {
    route: "api/top-games",
    as: "owner",
    request: async (w) => {
      const { game } = await ownersReview(w);
      lastGame.gameId = game.id;
      return post("/api/top-games", { entries: JSON.stringify([{ gameId: game.id, position: 1 }]) }, w.owner.cookie);
    },
    expect: { status: 200 },
    after: async (w) => expect(await topGames(w.owner.id)).toEqual([{ gameId: lastGame.gameId }]),
  },
  // Change password: the session says whose password; the current one is always required.
  {
    route: "account/password",
    as: "visitor",
    request: () => post("/account/password", { currentPassword: "x", newPassword: "N3w!passw0rd", confirmPassword: "N3w!passw0rd" }),
    expect: { status: 302, location: /^\/login\?redirectTo=%2Faccount%2Fpassword$/ },
  },
  {
    route: "account/password",
    as: "owner",
    note: "with a wrong current password",
    request: (w) =>
      post(
        "/account/password",
        { currentPassword: "Wr0ng!pass", newPassword: "N3w!passw0rd", confirmPassword: "N3w!passw0rd" },
        w.owner.cookie,
      ),
    expect: { status: 400, message: "Current password is incorrect" },
  },
  // Account deletion: only ever the signed-in user's own account (the id comes from the session).
  {
    route: "account/delete",
    as: "visitor",
    request: () => post("/account/delete", { confirmation: "DELETE" }),
    expect: { status: 302, location: /^\/login\?redirectTo=%2Faccount%2Fdelete$/ },
  },
  {
    route: "account/delete",
    as: "another user",
    note: "deletes their own account, never the owner's",
    request: async (w) => post("/account/delete", { confirmation: "DELETE" }, (await w.fresh()).cookie),
    expect: { status: 302, location: /^\/$/ },
    after: async (w) => expect(await exists(w.owner.id)).toBe(true),
  },
  {
    route: "account/delete",
    as: "owner",
    note: "without the typed confirmation",
    request: (w) => post("/account/delete", { confirmation: "delete" }, w.owner.cookie),
    expect: { status: 400, message: CONFIRM_ERROR },
    after: async (w) => expect(await exists(w.owner.id)).toBe(true),
  },
  {
    route: "account/delete",
    as: "owner",
    note: "from a foreign origin",
    request: (w) => {
      const r = post("/account/delete", { confirmation: "DELETE" }, w.owner.cookie);
      r.headers.set("origin", "https://evil.example");
      return r;
    },
    expect: { status: 403, message: "Forbidden" },
    after: async (w) => expect(await exists(w.owner.id)).toBe(true),
  },
  {
    route: "account/delete",
    as: "owner",
    note: "from a browser that sends no Origin, only another site's Referer",
    request: (w) => {
      const r = post("/account/delete", { confirmation: "DELETE" }, w.owner.cookie);
      r.headers.delete("origin");
      r.headers.set("referer", "https://evil.example/win-a-prize.html");
      return r;
    },
    expect: { status: 403, message: "Forbidden" },
    after: async (w) => expect(await exists(w.owner.id)).toBe(true),
  },
  {
    route: "account/delete",
    as: "owner",
    note: "confirmed: the account and its session go",
    request: async (w) => {
      const me = await w.fresh();
      return post("/account/delete", { confirmation: "DELETE", id: String(w.owner.id) }, me.cookie);
    },
    expect: { status: 302, location: /^\/$/ },
    after: async (w, request) => {
      expect(await optionalUser(request)).toBeNull();
      // An id in the form is ignored: the owner of the world is still there.
      expect(await exists(w.owner.id)).toBe(true);
    },
  },

  // Follow: any signed-in member, for themselves only (the follower is the session's user); never oneself.
  {
    route: "api/users/:id/follow",
    as: "visitor",
    request: (w) => post(`/api/users/${w.owner.id}/follow`, { intent: "follow", format: "json" }),
    expect: { status: 401, message: "You must be logged in to follow users" },
    after: async (w) => expect(await followerCount(w.owner.id)).toBe(0),
  },
  {
    route: "api/users/:id/follow",
    as: "visitor",
    note: "a plain form goes to sign-in",
    request: (w) => post(`/api/users/${w.owner.id}/follow`, { intent: "unfollow", redirectTo: "/users" }),
    expect: { status: 303, location: /^\/login\?redirectTo=%2Fusers$/ },
  },
  {
    route: "api/users/:id/follow",
    as: "another user",
    note: "follows the owner, then unfollows",
    request: (w) => post(`/api/users/${w.owner.id}/follow`, { intent: "follow", format: "json" }, w.other.cookie),
    expect: { status: 200 },
    after: async (w) => {
      expect(await followerCount(w.owner.id)).toBe(1);
      const mod = await loadRouteModule(entryOf("api/users/:id/follow"));
      const undo = post(`/api/users/${w.owner.id}/follow`, { intent: "unfollow", redirectTo: "/users" }, w.other.cookie);
      const r = await (mod.action as (a: unknown) => Promise<Response>)({
        request: undo,
        params: { id: String(w.owner.id) },
        context: contextFor(nextIp()),
      });
      expect(r.status).toBe(303);
      expect(await followerCount(w.owner.id)).toBe(0);
    },
  },
  {
    route: "api/users/:id/follow",
    as: "owner",
    note: "cannot follow themselves",
    request: (w) => post(`/api/users/${w.owner.id}/follow`, { intent: "follow", format: "json" }, w.owner.cookie),
    expect: { status: 400, message: "You cannot follow yourself" },
    after: async (w) => expect(await followerCount(w.owner.id)).toBe(0),
  },

  // Sign-out: ends only the sender's session.
  { route: "logout", as: "visitor", request: () => post("/logout", {}), expect: { status: 302, location: /^\/$/ } },
  {
    route: "logout",
    as: "owner",
    request: async (w) => post("/logout", {}, (await w.fresh()).cookie),
    expect: { status: 302, location: /^\/$/ },
    after: async (w, request) => {
      expect(await optionalUser(request)).toBeNull();
      expect(await optionalUser(pageRequest("/", { cookie: w.owner.cookie }))).not.toBeNull();
    },
  },

  // Public forms: the same for everyone; bad input is a 400 with the field's message.
  {
    route: "login",
    as: "visitor",
    request: (w) => post("/login", { email: w.owner.email, password: "Wr0ng!pass" }),
    expect: { status: 401, message: "Invalid email or password" },
  },
  {
    route: "login",
    as: "owner",
    request: (w) => post("/login", { email: w.owner.email, password: w.owner.password, redirectTo: "//evil.example" }, w.owner.cookie),
    expect: { status: 302, location: /^\/$/ },
  },
  {
    route: "signup",
    as: "visitor",
    note: "an empty form",
    request: () => post("/signup", { username: "", email: "", password: "", confirmPassword: "" }),
    expect: { status: 400 },
  },
  {
    route: "signup",
    as: "owner",
    note: "a taken username",
    request: (w) =>
      post(
        "/signup",
        {
          username: w.owner.username,
          email: `taken_${process.pid}@example.test`,
          password: w.owner.password,
          confirmPassword: w.owner.password,
          agreeToTerms: "on",
        },
        w.owner.cookie,
      ),
    expect: { status: 400 },
  },
  {
    route: "forgot-password",
    as: "visitor",
    request: () => post("/forgot-password", { email: "nobody@example.test" }),
    expect: { status: 200 },
  },
  {
    route: "forgot-password",
    as: "another user",
    request: (w) => post("/forgot-password", { email: w.owner.email }, w.other.cookie),
    expect: { status: 200 },
    after: async (w) => expect(await optionalUser(pageRequest("/", { cookie: w.owner.cookie }))).not.toBeNull(),
  },
  {
    route: "reset-password",
    as: "visitor",
    note: "a made-up token changes nothing",
    request: () => post("/reset-password", { token: "not-a-token", newPassword: "N3w!passw0rd", confirmPassword: "N3w!passw0rd" }),
    expect: { status: 400 },
  },
  {
    route: "auth/callback",
    as: "visitor",
    note: "a made-up verification token",
    request: () => post("/auth/callback", { token: "not-a-token" }),
    expect: { status: 400 },
  },

  // Privacy: a choice is stored for the sender only (the cookie for a visitor, their row when signed in).
  {
    route: "api/consent",
    as: "visitor",
    request: () => {
      const r = post("/api/consent", { intent: "accept_all" });
      r.headers.set("accept", "application/json");
      return r;
    },
    expect: { status: 200 },
  },
  {
    route: "api/consent",
    as: "owner",
    note: "bad input",
    request: (w) => post("/api/consent", { intent: "everything" }, w.owner.cookie),
    expect: { status: 400, message: "Choose one of the privacy options." },
  },
  {
    route: "api/events",
    as: "visitor",
    note: "without consent nothing is recorded",
    request: () => json("/api/events", { type: "game_view", gameId: 1, source: "direct", sessionId: "1700000000000-abcdefgh" }),
    expect: { status: 204 },
  },
  {
    route: "api/events",
    as: "owner",
    note: "not JSON",
    request: (w) => post("/api/events", { type: "page_view" }, w.owner.cookie),
    expect: { status: 415, message: "Send JSON (Content-Type: application/json)" },
  },

  // IGDB search proxy: anyone (rate-limited per client); a GET is refused.
  {
    route: "api/igdb-search",
    as: "visitor",
    note: "not a POST",
    request: () => new Request(`${APP_URL}/api/igdb-search`, { method: "PUT", headers: { origin: APP_URL } }),
    expect: { status: 405, message: "Use POST" },
  },

  // Profile edit and avatar: only the signed-in user's own profile (the id comes from the session).
  {
    route: "settings/profile",
    as: "visitor",
    request: () => post("/settings/profile", { username: "intruder", name: "Intruder" }),
    expect: { status: 302, location: /^\/login\?redirectTo=%2Fsettings%2Fprofile$/ },
  },
  {
    route: "settings/profile",
    as: "another user",
    note: "an id in the form changes only their own profile",
    request: (w) =>
      post("/settings/profile", { id: String(w.owner.id), username: w.other.username, name: "Other Renamed" }, w.other.cookie),
    expect: { status: 200 },
    after: async (w) => {
      const [row] = await db.handle().db.select({ name: user.name }).from(user).where(eq(user.id, w.owner.id));
      expect(row?.name).not.toBe("Other Renamed");
    },
  },
  {
    route: "settings/profile",
    as: "owner",
    note: "a javascript: website",
    request: (w) =>
      post("/settings/profile", { username: w.owner.username, name: "Owner", website: "javascript:alert(1)" }, w.owner.cookie),
    expect: { status: 400, message: "Website must be a web address starting with http:// or https://" },
  },
  {
    route: "settings/avatar",
    as: "visitor",
    request: () => upload("/settings/avatar"),
    expect: { status: 302, location: /^\/login\?redirectTo=%2Fsettings%2Favatar$/ },
  },
  {
    route: "settings/avatar",
    as: "another user",
    note: "not an image",
    request: (w) => upload("/settings/avatar", w.other.cookie),
    expect: { status: 415, message: "Only JPEG, PNG, WebP or GIF images can be uploaded" },
    after: async (w) => {
      const [row] = await db.handle().db.select({ avatarUrl: user.avatarUrl }).from(user).where(eq(user.id, w.owner.id));
      expect(row?.avatarUrl).toBeNull();
    },
  },
  {
    route: "settings/avatar",
    as: "owner",
    note: "an SVG with a script",
    request: (w) => upload("/settings/avatar", w.owner.cookie, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    expect: { status: 415, message: "Only JPEG, PNG, WebP or GIF images can be uploaded" },
  },

  {
    route: "settings/avatar",
    as: "visitor",
    note: "remove",
    request: () => post("/settings/avatar", { intent: "remove" }),
    expect: { status: 302, location: /^\/login\?redirectTo=%2Fsettings%2Favatar$/ },
  },
  {
    route: "settings/avatar",
    as: "another user",
    note: "remove takes away their own avatar only",
    request: async (w) => {
      await setAvatar(w.owner.id, ownersAvatar(w));
      return post("/settings/avatar", { intent: "remove", id: String(w.owner.id) }, w.other.cookie);
    },
    expect: { status: 200 },
    after: async (w) => {
      expect(await avatarOf(w.owner.id)).toBe(ownersAvatar(w));
      await setAvatar(w.owner.id, null);
    },
  },

  // Better Auth's endpoints the app relies on: changing a profile needs its session; the operator flag is never settable.
  {
    route: "api/auth/*",
    as: "another user",
    note: "update-user cannot show the owner's avatar as theirs",
    request: async (w) => {
      await setAvatar(w.owner.id, ownersAvatar(w));
      return json("/api/auth/update-user", { image: ownersAvatar(w) }, w.other.cookie);
    },
    expect: { status: 400, message: "Avatar must be an image you uploaded" },
    after: async (w) => {
      expect(await avatarOf(w.other.id)).toBeNull();
      expect(await avatarOf(w.owner.id)).toBe(ownersAvatar(w));
      await setAvatar(w.owner.id, null);
    },
  },
  {
    route: "api/auth/*",
    as: "visitor",
    note: "update-user",
    request: () => json("/api/auth/update-user", { name: "Intruder" }),
    expect: { status: 401 },
  },
  {
    route: "api/auth/*",
    as: "owner",
    note: "update-user cannot make an operator",
    request: (w) => json("/api/auth/update-user", { isAdmin: true }, w.owner.cookie),
    expect: { status: 400 },
    after: async (w) => {
      const [row] = await db.handle().db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.id, w.owner.id));
      expect(row).toEqual({ isAdmin: false });
    },
  },
  {
    route: "api/auth/*",
    as: "another user",
    note: "sign-out ends their own session only",
    request: async (w) => json("/api/auth/sign-out", {}, (await w.fresh()).cookie),
    expect: { status: 200 },
    after: async (w) => expect(await optionalUser(pageRequest("/", { cookie: w.owner.cookie }))).not.toBeNull(),
  },
];

/** Review likes and comments: any member likes and comments; only the author edits or deletes a comment. */
const ownersRating = async (w: World) => (await ownersReview(w)).review;
/** The comment the last row made (its request body is read by the action, so it is kept here). */
let lastComment = 0;
const ownersComment = async (w: World) => {
  const r = await ownersRating(w);
  const [c] = await db.handle().db.insert(comment).values({ userId: w.owner.id, ratingId: r.id, content: "Owner's comment" }).returning();
  lastComment = c!.id;
  return c!;
};
const commentText = async (id: number) =>
  (await db.handle().db.select({ content: comment.content }).from(comment).where(eq(comment.id, id)))[0]?.content;
const likeRows = async (ratingId: number) => {
  const [r] = await db.handle().db.select({ n: rating.likeCount }).from(rating).where(eq(rating.id, ratingId));
  const rows = await db.handle().db.select({ id: contentLike.id }).from(contentLike).where(eq(contentLike.ratingId, ratingId));
  return { count: r?.n, rows: rows.length };
};
const idFrom = (request: Request) => Number(new URL(request.url).pathname.split("/")[3]);
const commentIdOf = () => Promise.resolve(lastComment);

const SOCIAL_ROWS: Row[] = [
  {
    route: "api/reviews/:id/like",
    as: "visitor",
    request: async (w) => post(`/api/reviews/${(await ownersRating(w)).id}/like`, { format: "json" }),
    expect: { status: 401, message: "You must be logged in to like reviews" },
    after: async (_w, request) => expect(await likeRows(idFrom(request))).toEqual({ count: 0, rows: 0 }),
  },
  {
    route: "api/reviews/:id/like",
    as: "visitor",
    note: "a plain form post goes to sign-in and back",
    request: async (w) => post(`/api/reviews/${(await ownersRating(w)).id}/like`, { redirectTo: "/review/1/2" }),
    expect: { status: 303, location: /^\/login\?redirectTo=%2Freview%2F1%2F2$/ },
  },
  {
    route: "api/reviews/:id/like",
    as: "another user",
    request: async (w) => post(`/api/reviews/${(await ownersRating(w)).id}/like`, { format: "json" }, w.other.cookie),
    expect: { status: 200 },
    after: async (_w, request) => expect(await likeRows(idFrom(request))).toEqual({ count: 1, rows: 1 }),
  },
  {
    route: "api/reviews/:id/like",
    as: "owner",
    note: "may like their own review; a plain form post comes back with 303",
    request: async (w) => post(`/api/reviews/${(await ownersRating(w)).id}/like`, { redirectTo: "/game/x" }, w.owner.cookie),
    expect: { status: 303, location: /^\/game\/x$/ },
    after: async (_w, request) => expect(await likeRows(idFrom(request))).toEqual({ count: 1, rows: 1 }),
  },
  {
    route: "api/reviews/:id/like",
    as: "another user",
    note: "a non-numeric id",
    request: (w) => post("/api/reviews/abc/like", { format: "json" }, w.other.cookie),
    expect: { status: 400, message: "Invalid review ID" },
  },
  {
    route: "api/reviews/:id/like",
    as: "another user",
    note: "an unknown id",
    request: (w) => post("/api/reviews/2147483000/like", { format: "json" }, w.other.cookie),
    expect: { status: 404, message: "Review not found" },
  },
  {
    route: "api/comments",
    as: "visitor",
    request: async (w) =>
      post("/api/comments", { intent: "create", reviewId: String((await ownersRating(w)).id), content: "hi", format: "json" }),
    expect: { status: 401, message: "You must be logged in to comment" },
  },
  {
    route: "api/comments",
    as: "visitor",
    note: "liking a comment",
    request: async (w) => post("/api/comments", { intent: "like", commentId: String((await ownersComment(w)).id), format: "json" }),
    expect: { status: 401, message: "You must be logged in to like comments" },
  },
  {
    route: "api/comments",
    as: "another user",
    note: "comments on the owner's review",
    request: async (w) =>
      post(
        "/api/comments",
        { intent: "create", reviewId: String((await ownersRating(w)).id), content: "Nice", format: "json" },
        w.other.cookie,
      ),
    expect: { status: 200 },
  },
  {
    route: "api/comments",
    as: "another user",
    note: "edits the owner's comment",
    request: async (w) =>
      post(
        "/api/comments",
        { intent: "edit", commentId: String((await ownersComment(w)).id), content: "hijacked", format: "json" },
        w.other.cookie,
      ),
    expect: { status: 404, message: "Comment not found or you do not have permission to edit it" },
    after: async () => expect(await commentText(await commentIdOf())).toBe("Owner's comment"),
  },
  {
    route: "api/comments",
    as: "another user",
    note: "deletes the owner's comment",
    request: async (w) =>
      post("/api/comments", { intent: "delete", commentId: String((await ownersComment(w)).id), format: "json" }, w.other.cookie),
    expect: { status: 404, message: "Comment not found or you do not have permission to delete it" },
    after: async () => expect(await commentText(await commentIdOf())).toBe("Owner's comment"),
  },
  {
    route: "api/comments",
    as: "another user",
    note: "likes the owner's comment",
    request: async (w) =>
      post("/api/comments", { intent: "like", commentId: String((await ownersComment(w)).id), format: "json" }, w.other.cookie),
    expect: { status: 200 },
  },
  {
    route: "api/comments",
    as: "owner",
    note: "edits their comment",
    request: async (w) =>
      post(
        "/api/comments",
        { intent: "edit", commentId: String((await ownersComment(w)).id), content: "Edited", format: "json" },
        w.owner.cookie,
      ),
    expect: { status: 200 },
    after: async () => expect(await commentText(await commentIdOf())).toBe("Edited"),
  },
  {
    route: "api/comments",
    as: "owner",
    note: "deletes their comment without JavaScript",
    request: async (w) =>
      post(
        "/api/comments",
        { intent: "delete", commentId: String((await ownersComment(w)).id), redirectTo: "/review/1/2" },
        w.owner.cookie,
      ),
    expect: { status: 303, location: /^\/review\/1\/2$/ },
    after: async () => expect(await commentText(await commentIdOf())).toBeUndefined(),
  },
  {
    route: "api/comments",
    as: "owner",
    note: "a 501-character comment without JavaScript",
    request: async (w) =>
      post(
        "/api/comments",
        { intent: "create", reviewId: String((await ownersRating(w)).id), content: "a".repeat(501), redirectTo: "/review/1/2" },
        w.owner.cookie,
      ),
    expect: { status: 303, location: /^\/review\/1\/2\?socialError=Comment\+content\+exceeds/ },
  },
];

/** Operator-only reads: the same rule (is_admin) for the page and the API. */
const ADMIN_READS: Row[] = (["admin/privacy", "api/privacy/stats"] as const).flatMap((route) =>
  (["visitor", "another user", "admin"] as const).map((as) => ({
    route,
    as,
    request: (w: World) =>
      pageRequest(`/${route}`, { cookie: as === "admin" ? w.admin.cookie : as === "another user" ? w.other.cookie : undefined }),
    expect: as === "admin" ? { status: 200 } : { status: 403, message: "You do not have access to this page." },
  })),
);

interface Outcome {
  status: number;
  message: string | undefined;
  location: string | null;
}

/** The answer of a loader or action, returned or thrown: a Response, data(), or a plain object (200). */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  let r: unknown;
  try {
    r = await run();
  } catch (thrown) {
    r = thrown;
  }
  if (r instanceof Response) {
    const text = r.status === 204 ? "" : await r.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: r.status, message: messageOf(body), location: r.headers.get("location") };
  }
  if (r && typeof r === "object" && (r as { type?: unknown }).type === "DataWithResponseInit") {
    const d = r as { data: unknown; init: { status?: number; headers?: HeadersInit } | null };
    return { status: d.init?.status ?? 200, message: messageOf(d.data), location: new Headers(d.init?.headers).get("location") };
  }
  if (r instanceof Error) throw r;
  return { status: 200, message: messageOf(r), location: null };
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === "string") return body || undefined;
  if (!body || typeof body !== "object") return undefined;
  const b = body as { error?: unknown; message?: unknown; errors?: Record<string, unknown> };
  if (typeof b.error === "string") return b.error;
  if (typeof b.message === "string") return b.message;
  const first = b.errors ? Object.values(b.errors)[0] : undefined;
  return typeof first === "string" ? first : undefined;
}

let entries: RouteEntry[] = [];
let world: World;

beforeAll(async () => {
  entries = flattenRoutes(await routeConfig());
  const account = async (prefix: string): Promise<Account> => {
    const a = await verifiedAccount(config, prefix);
    const me = await optionalUser(pageRequest("/", { cookie: a.cookie }));
    if (!me) throw new Error("the new account is not signed in");
    return { ...a, id: me.id };
  };
  const [owner, other, admin] = [await account("Owner"), await account("Other"), await account("Admin")];
  await db.handle().db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
  world = { owner, other, admin, fresh: () => account("Fresh") };
}, 120_000);

function entryOf(route: string): RouteEntry {
  const e = entries.find((x) => x.path === route);
  if (!e) throw new Error(`no route "${route}" in app/routes.ts`);
  return e;
}

function paramsOf(entry: RouteEntry, request: Request): Record<string, string> {
  const pattern = entry.path.split("/");
  const actual = new URL(request.url).pathname.slice(1).split("/");
  const params: Record<string, string> = {};
  pattern.forEach((seg, i) => {
    if (seg.startsWith(":")) params[seg.slice(1).replace(/\?$/, "")] = actual[i] ?? "";
    if (seg === "*") params["*"] = actual.slice(i).join("/");
  });
  return params;
}

async function check(row: Row, handler: "action" | "loader") {
  const entry = entryOf(row.route);
  const mod = await loadRouteModule(entry);
  const fn = mod[handler] as (args: unknown) => Promise<unknown>;
  const request = await row.request(world);
  const got = await outcomeOf(() => fn({ request, params: paramsOf(entry, request), context: contextFor(nextIp()) }));
  expect(got.status, `${row.route} as ${row.as}`).toBe(row.expect.status);
  if (row.expect.message !== undefined) expect(got.message).toBe(row.expect.message);
  if (row.expect.location) expect(got.location).toMatch(row.expect.location);
  await row.after?.(world, request);
}

const title = (r: Row) => `${r.route} as ${r.as}${r.note ? ` (${r.note})` : ""} → ${r.expect.status}`;

describe("access table: mutating routes", () => {
  for (const row of [...ROWS, ...SOCIAL_ROWS]) it(title(row), () => check(row, "action"));
});

describe("access table: operator-only reads", () => {
  for (const row of ADMIN_READS) it(title(row), () => check(row, "loader"));
});

describe("access table is complete", () => {
  it("has a row for every route of app/routes.ts that exports an action", async () => {
    const mutating = (await mutatingRoutes(entries)).map((e) => e.path);
    expect(mutating.length).toBeGreaterThan(5);
    const covered = new Set([...ROWS, ...SOCIAL_ROWS].map((r) => r.route));
    expect(
      mutating.filter((path) => !covered.has(path)),
      "routes without a row in tests/access/access.test.ts",
    ).toEqual([]);
    // And no row names a route that is gone or a typo.
    expect([...covered].filter((route) => !mutating.includes(route))).toEqual([]);
  });
});

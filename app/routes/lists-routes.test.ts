import { beforeAll, describe, expect, it } from "vitest";
import { createGame, createRating } from "../../tests/factories";
import { useTestDatabase } from "../../tests/setup/database";
import { APP_URL, contextFor, nextIp, useAuthConfig, verifiedAccount } from "../../tests/support/auth";
import type { Config } from "~/config.server";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema";
import { eq } from "drizzle-orm";
import { LISTS_MESSAGES as M, listErrorCode } from "~/modules/lists/lists.messages";
import { getGameListState, loadTopFiveTab } from "~/modules/lists/lists.service.server";
import type { SessionUser } from "~/auth/session.server";
import * as listsApi from "./api.lists";
import * as pickerApi from "./api.picker";
import * as topGamesApi from "./api.top-games";

/**
 * The list routes with real sessions: every mutating route × {visitor, another user, the owner}. Only the
 * owner's own lists, progress and Top 5 change; nobody can address another user's.
 */

useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

type Account = { cookie: string; actor: SessionUser };
async function account(prefix: string): Promise<Account> {
  const a = await verifiedAccount(config, prefix);
  const [row] = await getDb()
    .select({ id: user.id, name: user.name, username: user.username, email: user.email })
    .from(user)
    .where(eq(user.email, a.email));
  return { cookie: a.cookie, actor: { ...row!, avatarUrl: null, isAdmin: false } };
}

function post(path: string, form: Record<string, string>, cookie?: string, origin = APP_URL): Request {
  const headers = new Headers({ origin, "content-type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${APP_URL}${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

const args = (request: Request) => ({ request, context: contextFor(nextIp()), params: {} }) as never;
type DataResult = { data: Record<string, unknown>; init: { status?: number } | null };

async function callLists(form: Record<string, string>, cookie?: string) {
  const r = (await listsApi.action(args(post("/api/lists", { format: "json", ...form }, cookie)))) as unknown as DataResult;
  return { status: r.init?.status ?? 200, body: r.data };
}

let igdbSeq = 700_000;
const gameWithIgdb = () => createGame({ igdbId: ++igdbSeq });

let owner: Account;
let other: Account;
beforeAll(async () => {
  owner = await account("Owner");
  other = await account("Other");
});

/** Each mutating list intent: how to prepare the owner's state, and what the owner's call changes. */
const INTENTS: { intent: string; extra?: Record<string, string>; before?: string[]; expect: Partial<Record<string, unknown>> }[] = [
  { intent: "mark_started", expect: { started: true } },
  { intent: "mark_completed", expect: { completed: true } },
  { intent: "toggle_wishlist", expect: { inWishlist: true } },
  { intent: "toggle_collection", expect: { inCollection: true } },
  { intent: "add_to_wishlist", expect: { inWishlist: true } },
  { intent: "add_to_collection", expect: { inCollection: true } },
  { intent: "remove_from_wishlist", before: ["add_to_wishlist"], expect: { inWishlist: false } },
  { intent: "remove_from_collection", before: ["add_to_collection"], expect: { inCollection: false } },
  { intent: "move_to_collection", before: ["add_to_wishlist"], expect: { inCollection: true, inWishlist: false } },
  { intent: "move_to_wishlist", before: ["add_to_collection"], expect: { inWishlist: true, inCollection: false } },
  { intent: "set_priority", extra: { priority: "2" }, before: ["add_to_wishlist"], expect: { wishlistPriority: 2 } },
];

/** A game named by its IGDB id (the spec's field), and one without an IGDB id named by its internal id. */
const GAME_KINDS = [
  { label: "by igdbId", make: gameWithIgdb, key: (g: { id: number; igdbId: number | null }) => ({ igdbId: String(g.igdbId) }) },
  { label: "by gameId, no IGDB id", make: () => createGame({ igdbId: null }), key: (g: { id: number }) => ({ gameId: String(g.id) }) },
];

describe("POST /api/lists × {visitor, another user, owner}", () => {
  for (const kind of GAME_KINDS)
    for (const row of INTENTS) {
      it(`${row.intent} (${kind.label}): visitor 401, another user leaves the owner's lists alone, owner changes them`, async () => {
        const g = await kind.make();
        const fields = { intent: row.intent, ...kind.key(g), ...row.extra };
        for (const b of row.before ?? []) expect((await callLists({ intent: b, ...kind.key(g) }, owner.cookie)).status).toBe(200);
        const ownerBefore = await getGameListState(owner.actor, g);

        expect(await callLists(fields)).toEqual({ status: 401, body: { ok: false, error: M.unauthenticated } });
        await callLists(fields, other.cookie);
        expect(await getGameListState(owner.actor, g)).toEqual(ownerBefore);

        const mine = await callLists(fields, owner.cookie);
        expect(mine.status).toBe(200);
        expect(mine.body.state).toMatchObject(row.expect);
        expect(await getGameListState(owner.actor, g)).toMatchObject(row.expect);
      });
    }

  it("bad input: 400 with the IGDB id text; unknown intent; unknown game 404", async () => {
    for (const igdbId of ["", "abc", "-3", "0", "1e3"]) {
      expect(await callLists({ intent: "add_to_wishlist", igdbId }, owner.cookie)).toEqual({
        status: 400,
        body: { ok: false, error: M.missingIgdbId },
      });
    }
    expect(await callLists({ intent: "add_to_wishlist" }, owner.cookie)).toEqual({
      status: 400,
      body: { ok: false, error: M.missingIgdbId },
    });
    expect((await callLists({ intent: "explode", igdbId: "5" }, owner.cookie)).status).toBe(400);
    expect(await callLists({ intent: "set_priority", igdbId: "5", priority: "9" }, owner.cookie)).toEqual({
      status: 400,
      body: { ok: false, error: M.invalidPriority },
    });
    expect(await callLists({ intent: "mark_started", igdbId: "123456789" }, owner.cookie)).toEqual({
      status: 404,
      body: { ok: false, error: M.gameNotInDatabase },
    });
  });

  it("bad game ids: 400 with a clear text; both ids at once 400; an unknown game id 404 — never a 500", async () => {
    for (const gameId of ["abc", "-3", "0", "1e3", "local-5", "99999999999"]) {
      expect(await callLists({ intent: "add_to_collection", gameId }, owner.cookie)).toEqual({
        status: 400,
        body: { ok: false, error: M.invalidGameId },
      });
    }
    const g = await gameWithIgdb();
    expect(await callLists({ intent: "add_to_wishlist", gameId: String(g.id), igdbId: String(g.igdbId) }, owner.cookie)).toEqual({
      status: 400,
      body: { ok: false, error: M.twoGameKeys },
    });
    expect(await callLists({ intent: "mark_started", gameId: "2000000000" }, owner.cookie)).toEqual({
      status: 404,
      body: { ok: false, error: M.gameNotInDatabase },
    });
  });

  it("an internal id equal to another game's IGDB id names only its own game, both ways", async () => {
    const local = await createGame({ igdbId: null });
    const other = await createGame({ igdbId: local.id });
    expect((await callLists({ intent: "add_to_wishlist", gameId: String(local.id) }, owner.cookie)).status).toBe(200);
    expect(await getGameListState(owner.actor, local)).toMatchObject({ inWishlist: true });
    expect(await getGameListState(owner.actor, other)).toMatchObject({ inWishlist: false });
    expect((await callLists({ intent: "mark_started", igdbId: String(local.id) }, owner.cookie)).status).toBe(200);
    expect(await getGameListState(owner.actor, other)).toMatchObject({ started: true });
    expect(await getGameListState(owner.actor, local)).toMatchObject({ started: false, inWishlist: true });
  });

  it("refusals come back as 409 with the spec's text", async () => {
    const g = await gameWithIgdb();
    await callLists({ intent: "mark_started", igdbId: String(g.igdbId) }, owner.cookie);
    expect(await callLists({ intent: "add_to_wishlist", igdbId: String(g.igdbId) }, owner.cookie)).toEqual({
      status: 409,
      body: { ok: false, error: M.cannotAddWishlist },
    });
  });

  it("a cross-site post is refused (403)", async () => {
    const g = await gameWithIgdb();
    const r = (await listsApi.action(
      args(
        post("/api/lists", { intent: "add_to_wishlist", igdbId: String(g.igdbId), format: "json" }, owner.cookie, "https://evil.example"),
      ),
    )) as unknown as DataResult;
    expect(r.init?.status).toBe(403);
    expect((await getGameListState(owner.actor, g))!.inWishlist).toBe(false);
  });
});

describe("POST /api/lists without JavaScript (plain form post)", () => {
  it("redirects back on success, to /login for a visitor, and back with ?listError= on a refusal", async () => {
    const g = await gameWithIgdb();
    const back = `/game/${g.slug}`;
    const form = { intent: "add_to_wishlist", igdbId: String(g.igdbId), redirectTo: back };

    const visitor = (await listsApi.action(args(post("/api/lists", form)))) as Response;
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(back)}`);

    const ok = (await listsApi.action(args(post("/api/lists", form, owner.cookie)))) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(back);
    expect((await getGameListState(owner.actor, g))!.inWishlist).toBe(true);

    await listsApi.action(args(post("/api/lists", { ...form, intent: "mark_completed" }, owner.cookie)));
    const refused = (await listsApi.action(args(post("/api/lists", { ...form, intent: "add_to_collection" }, owner.cookie)))) as Response;
    expect(refused.headers.get("location")).toBe(`${back}?listError=cannotAddCollection`);

    const offsite = (await listsApi.action(
      args(post("/api/lists", { ...form, redirectTo: "//evil.example/x" }, owner.cookie)),
    )) as Response;
    expect(offsite.headers.get("location")).toMatch(/^\/\?listError=/);
  });

  it("a failed removal or priority change from the Want to Play tab comes back to the tab saying why", async () => {
    const g = await gameWithIgdb();
    const back = `/user/${owner.actor.id}?tab=playlist`;
    const priority = (await listsApi.action(
      args(post("/api/lists", { intent: "set_priority", igdbId: String(g.igdbId), priority: "2", redirectTo: back }, owner.cookie)),
    )) as Response;
    expect(priority.headers.get("location")).toBe(`${back}&listError=notInWishlist`);
    // A failure that is not a list refusal is named after what was tried, never 'Failed to add game'.
    expect(listErrorCode("Something else went wrong", "remove_from_wishlist")).toBe("failedRemove");
    expect(listErrorCode("Something else went wrong", "remove_from_collection")).toBe("failedRemove");
    expect(listErrorCode("Something else went wrong", "move_to_collection")).toBe("failedMove");
    expect(listErrorCode("Something else went wrong", "add_to_wishlist")).toBe("failedAdd");
    expect(listErrorCode(M.notInCollection, "remove_from_collection")).toBe("notInCollection");
  });
});

describe("POST /api/top-games × {visitor, another user, owner}", () => {
  async function save(entries: unknown, cookie?: string) {
    const r = (await topGamesApi.action(
      args(post("/api/top-games", { entries: JSON.stringify(entries) }, cookie)),
    )) as unknown as DataResult;
    return { status: r.init?.status ?? 200, body: r.data };
  }

  it("only the owner's Top 5 changes", async () => {
    const games = [await gameWithIgdb(), await gameWithIgdb()];
    for (const g of games) await createRating({ userId: owner.actor.id, gameId: g.id, rating: 8 });
    const entries = games.map((g, i) => ({ gameId: g.id, position: i + 1 }));

    expect(await save(entries)).toEqual({ status: 401, body: { ok: false, error: M.unauthenticated } });
    // Another user cannot put the owner's rated games into anything, nor touch the owner's list.
    expect(await save(entries, other.cookie)).toEqual({ status: 422, body: { ok: false, error: M.topFiveUnrated } });
    expect((await loadTopFiveTab(owner.actor.id)).slots.every((s) => s === null)).toBe(true);

    expect((await save(entries, owner.cookie)).status).toBe(200);
    expect((await loadTopFiveTab(owner.actor.id)).slots.map((s) => s?.gameId ?? null)).toEqual([
      games[0]!.id,
      games[1]!.id,
      null,
      null,
      null,
    ]);
  });

  it("bad payloads: 400 with a clear message, nothing written", async () => {
    const r = (await topGamesApi.action(args(post("/api/top-games", { entries: "{not json" }, owner.cookie)))) as unknown as DataResult;
    expect(r.init?.status).toBe(400);
    expect(r.data).toEqual({ ok: false, error: M.topFiveBadPayload });
    const six = Array.from({ length: 6 }, (_, i) => ({ gameId: i + 1, position: (i % 5) + 1 }));
    expect(await save(six, owner.cookie)).toEqual({ status: 400, body: { ok: false, error: M.topFiveTooMany } });
  });
});

describe("GET /api/picker", () => {
  it("offers a game without an IGDB id, and the id it gives adds that game (plain form post)", async () => {
    const g = await createGame({ igdbId: null, name: "Marrowmere Chronicle" });
    const req = new Request(`${APP_URL}/api/picker?mode=collection&q=marrowmere`, { headers: { cookie: owner.cookie } });
    const found = (await pickerApi.loader(args(req))) as unknown as DataResult;
    const games = found.data.games as { gameId: number; igdbId: number | null; name: string }[];
    expect(games).toEqual([expect.objectContaining({ gameId: g.id, igdbId: null, name: "Marrowmere Chronicle" })]);
    const back = `/user/${owner.actor.id}?tab=playlist`;
    const added = (await listsApi.action(
      args(post("/api/lists", { intent: "add_to_collection", gameId: String(games[0]!.gameId), redirectTo: back }, owner.cookie)),
    )) as Response;
    expect(added.headers.get("location")).toBe(back);
    expect(await getGameListState(owner.actor, g)).toMatchObject({ inCollection: true });
  });

  it("visitor 401; the owner sees their rated games", async () => {
    const visitor = (await pickerApi.loader(args(new Request(`${APP_URL}/api/picker?mode=top5`)))) as unknown as DataResult;
    expect(visitor.init?.status).toBe(401);
    const req = new Request(`${APP_URL}/api/picker?mode=top5`, { headers: { cookie: owner.cookie } });
    const mine = (await pickerApi.loader(args(req))) as unknown as DataResult;
    expect(mine.data.ok).toBe(true);
    expect((mine.data.games as unknown[]).length).toBeGreaterThan(0);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createGame, createRating, createUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { game } from "~/db/schema";
import { getGamePage, type GamePage, type GamePageResult } from "./game.service.server";
import { countGameView, flushGameViews, FLUSH_INTERVAL_MS, pendingGameViews } from "./view-counter.server";

const db = useTestDatabase();

function page(result: GamePageResult): GamePage {
  if (!result.ok || result.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(result)}`);
  return result.page;
}

async function viewCount(id: number): Promise<number> {
  const [row] = await db.handle().db.select({ n: game.viewCount }).from(game).where(eq(game.id, id));
  return row!.n;
}

describe("getGamePage identifiers", () => {
  it("loads a game by slug", async () => {
    const g = await createGame({ name: "Celeste", slug: "celeste", igdbId: 26226, releaseDate: "2018-01-25" });
    const p = page(await getGamePage("celeste"));
    expect(p.game.id).toBe(g.id);
    expect(p.game.name).toBe("Celeste");
    expect(p.game.href).toBe("/game/celeste");
    expect(p.game.releaseLabel).toBe("January 25, 2018");
    expect(p.game.releaseIso).toBe("2018-01-25");
  });

  it("redirects the digits-only IGDB id and the game-{id} form to the slug address", async () => {
    await createGame({ name: "Hades", slug: "hades", igdbId: 113112 });
    expect(await getGamePage("113112")).toEqual({ ok: true, kind: "redirect", location: "/game/hades" });
    expect(await getGamePage("game-113112")).toEqual({ ok: true, kind: "redirect", location: "/game/hades" });
  });

  it("redirects an upper-case slug to its lower-case address", async () => {
    await createGame({ name: "Inside", slug: "inside", igdbId: 11737 });
    expect(await getGamePage("Inside")).toEqual({ ok: true, kind: "redirect", location: "/game/inside" });
  });

  it("answers 404 'Game not found' for an unknown slug or id", async () => {
    expect(await getGamePage("no-such-game")).toEqual({ ok: false, status: 404, error: "Game not found" });
    expect(await getGamePage("999999")).toEqual({ ok: false, status: 404, error: "Game not found" });
    expect(await getGamePage("game-999999")).toEqual({ ok: false, status: 404, error: "Game not found" });
    // 'game-' followed by something other than digits is an ordinary slug.
    expect(await getGamePage("game-abc")).toEqual({ ok: false, status: 404, error: "Game not found" });
  });

  it.each(["", "   ", "bad_slug!", "-leading", "0", "game-0", "99999999999", "game-", "a".repeat(201), "../etc/passwd"])(
    "answers 400 'Invalid game identifier' for %j",
    async (identifier) => {
      expect(await getGamePage(identifier)).toEqual({ ok: false, status: 400, error: "Invalid game identifier" });
    },
  );
});

describe("getGamePage facts", () => {
  it("shows the year when only the year is known, 'Unknown' otherwise, and a category badge for non-main games", async () => {
    const parent = await createGame({ name: "The Witcher 3: Wild Hunt", slug: "the-witcher-3-wild-hunt", igdbId: 1942, releaseYear: 2015 });
    const dlc = await createGame({
      name: "Blood and Wine",
      slug: "blood-and-wine",
      releaseYear: 2016,
      category: 2,
      parentGameId: parent.id,
    });
    const bare = await createGame({ name: "Mystery Game", slug: "mystery-game" });

    const p = page(await getGamePage("blood-and-wine"));
    expect(p.game.releaseLabel).toBe("2016");
    expect(p.game.categoryLabel).toBe("Expansion");
    expect(p.game.parent).toMatchObject({ name: "The Witcher 3: Wild Hunt", href: "/game/the-witcher-3-wild-hunt" });
    expect(p.game.reviewGameId).toBe(`local-${dlc.id}`);

    const b = page(await getGamePage("mystery-game"));
    expect(b.game.releaseLabel).toBe("Unknown");
    expect(b.game.categoryLabel).toBeNull();
    expect(b.game.parent).toBeNull();
    expect(b.game.reviewGameId).toBe(`local-${bare.id}`);
    expect(page(await getGamePage("the-witcher-3-wild-hunt")).game.reviewGameId).toBe("1942");
  });

  it("sanitises the summary (basic configuration) and marks long ones for the toggle", async () => {
    const long = `<p>Intro <b>bold</b></p><script>alert(1)</script><iframe src="x"></iframe>${"<p>More words here.</p>".repeat(20)}`;
    await createGame({ name: "Rich Text", slug: "rich-text", summary: long });
    const p = page(await getGamePage("rich-text"));
    expect(p.game.summaryHtml.startsWith("<p>Intro <b>bold</b></p><p>More words here.</p>")).toBe(true);
    expect(p.game.summaryHtml).not.toMatch(/script|iframe|alert/);
    expect(p.game.summaryIsLong).toBe(true);
    expect(p.game.summaryExcerpt.length).toBeLessThanOrEqual(160);
    expect(p.game.summaryExcerpt.startsWith("Intro bold More words here.")).toBe(true);

    await createGame({ name: "Short Text", slug: "short-text", summary: "A short & sweet summary." });
    const s = page(await getGamePage("short-text"));
    expect(s.game.summaryIsLong).toBe(false);
    expect(s.game.summaryHtml).toBe("<p>A short &amp; sweet summary.</p>");
    expect(s.game.summaryExcerpt).toBe("A short & sweet summary.");
  });
});

describe("getGamePage ratings panel", () => {
  it("counts, averages and buckets ratings by their floor", async () => {
    const g = await createGame({ name: "Stats Game", slug: "stats-game" });
    const other = await createGame({ name: "Other Game", slug: "other-game" });
    for (const value of [1, 1.5, 7, 7.5, 10, 10, 4]) {
      const u = await createUser();
      await createRating({ userId: u.id, gameId: g.id, rating: value });
    }
    const u = await createUser();
    await createRating({ userId: u.id, gameId: other.id, rating: 3 });

    const p = page(await getGamePage("stats-game"));
    expect(p.stats.count).toBe(7);
    expect(p.stats.average).toBeCloseTo(41 / 7, 6);
    expect(p.stats.averageLabel).toBe("5.9");
    expect(p.stats.histogram).toEqual([2, 0, 0, 1, 0, 0, 2, 0, 0, 2]);
  });

  it("shows '-' and empty bars without ratings, and '10' for a perfect average", async () => {
    await createGame({ name: "Unrated", slug: "unrated" });
    const p = page(await getGamePage("unrated"));
    expect(p.stats).toEqual({ count: 0, average: null, averageLabel: "-", histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });

    const g = await createGame({ name: "Perfect", slug: "perfect" });
    await createRating({ userId: (await createUser()).id, gameId: g.id, rating: 10 });
    expect(page(await getGamePage("perfect")).stats.averageLabel).toBe("10");
  });
});

describe("view counting", () => {
  it("adds one view per counted page view and none otherwise, written in one batch", async () => {
    const g = await createGame({ name: "Viewed", slug: "viewed", igdbId: 424242 });
    const other = await createGame({ name: "Also Viewed", slug: "also-viewed" });
    await getGamePage("viewed", { countView: true });
    await getGamePage("viewed", { countView: true });
    await getGamePage("also-viewed", { countView: true });
    await getGamePage("viewed", { countView: false });
    await getGamePage("viewed");
    // A redirect is not a page view (its target is).
    await getGamePage("424242", { countView: true });
    // Nothing is written on the request path…
    expect(await viewCount(g.id)).toBe(0);
    expect(pendingGameViews()).toBe(3);
    // …until the flush, one statement for every game.
    await flushGameViews();
    expect(pendingGameViews()).toBe(0);
    expect(await viewCount(g.id)).toBe(2);
    expect(await viewCount(other.id)).toBe(1);
  });

  it("flushes on its own after the interval", async () => {
    const g = await createGame({ name: "Timed Views", slug: "timed-views" });
    countGameView(g.id);
    await vi.waitFor(async () => expect(await viewCount(g.id)).toBe(1), { timeout: FLUSH_INTERVAL_MS * 3, interval: 100 });
  });

  it("logs and drops a batch the database refuses; the page still renders", async () => {
    const g = await createGame({ name: "Locked Views", slug: "locked-views" });
    await db.handle().db.execute(sql`
      create function forbid_view_update() returns trigger language plpgsql as $$
      begin raise exception 'view counter unavailable'; end $$`);
    await db.handle().db.execute(sql`
      create trigger forbid_view_update before update of view_count on game
      for each row when (new.slug = 'locked-views') execute function forbid_view_update()`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const p = page(await getGamePage("locked-views", { countView: true }));
      expect(p.game.id).toBe(g.id);
      await expect(flushGameViews()).resolves.toBeUndefined();
      expect(await viewCount(g.id)).toBe(0);
      expect(pendingGameViews()).toBe(0);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("1 view count(s) not recorded");
    } finally {
      warn.mockRestore();
      await db.handle().db.execute(sql`drop trigger forbid_view_update on game`);
      await db.handle().db.execute(sql`drop function forbid_view_update()`);
    }
  });
});

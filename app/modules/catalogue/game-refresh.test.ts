import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { game } from "~/db/schema";
import { setConfig } from "~/config.server";
import { createGame } from "../../../tests/factories";
import { testConfig, useIgdbStandIn } from "../../../tests/igdb/setup";
import { igdbGame } from "../../../tests/igdb/stand-in";
import { useTestDatabase } from "../../../tests/setup/database";
import { queueGameRefresh, resetGameRefreshState, settleGameRefreshes } from "./game-refresh.server";
import { readCompleteness } from "./game.queries.server";
import { getGamePage } from "./game.service.server";

const db = useTestDatabase();
const s = useIgdbStandIn();

const screenshot = (n: number) => ({ id: n, url: `//images.igdb.com/igdb/image/upload/t_thumb/sc${n}.jpg` });

async function stored(id: number) {
  const [row] = await db
    .handle()
    .db.select({
      summary: game.summary,
      description: game.description,
      developer: game.developer,
      publisher: game.publisher,
      screenshots: game.screenshots,
      name: game.name,
    })
    .from(game)
    .where(eq(game.id, id));
  return row!;
}

async function page(slug: string) {
  const r = await getGamePage(slug);
  if (!r.ok || r.kind !== "page") throw new Error(`no page for ${slug}`);
  return r.page;
}

const refreshCalls = (igdbId: number) => s.igdb.apiCalls().filter((c) => c.body.includes(`where id = (${igdbId})`));

beforeEach(() => {
  s.igdb.resetLog();
  s.igdb.clearGames();
  s.igdb.delayMs = 0;
  s.resetClient();
  resetGameRefreshState({ delayMs: 0 });
});

describe("refreshing stored games from IGDB after the page is served", () => {
  it("an incomplete game is refreshed in the background and saved; the next view shows it", async () => {
    const g = await createGame({ name: "Half Known Game", igdbId: 8001, summary: null, developer: null, publisher: null });
    s.igdb.addGames(igdbGame(8001, "Half Known Game", { summary: "Now with a summary.", screenshots: [screenshot(1), screenshot(2)] }));
    // IGDB answers slowly: the page must not wait for it.
    s.igdb.delayMs = 1500;

    // Had the page waited for the refresh, the stored row would already have the developer.
    const first = await page(g.slug);
    expect(first.game.developer).toBeNull();
    expect((await stored(g.id)).developer).toBeNull(); // not yet

    expect(await settleGameRefreshes()).toEqual(["refreshed"]);
    expect(refreshCalls(8001)).toHaveLength(1);
    expect(await stored(g.id)).toMatchObject({
      summary: "Now with a summary.",
      developer: "CD Projekt RED",
      publisher: "CD Projekt",
      screenshots: [
        "https://images.igdb.com/igdb/image/upload/t_screenshot_big/sc1.jpg",
        "https://images.igdb.com/igdb/image/upload/t_screenshot_big/sc2.jpg",
      ],
    });
    const second = await page(g.slug);
    expect(second.game.developer).toBe("CD Projekt RED");
    expect(second.game.summaryHtml).toContain("Now with a summary.");
  });

  it("a game missing only its screenshots counts as incomplete", async () => {
    const g = await createGame({
      name: "No Pictures",
      igdbId: 8002,
      summary: "Known.",
      description: "Known.",
      developer: "Dev",
      publisher: "Pub",
    });
    expect(await readCompleteness(g.id)).toMatchObject({
      hasDescription: true,
      hasDeveloper: true,
      hasPublisher: true,
      hasScreenshots: false,
    });
    s.igdb.addGames(igdbGame(8002, "No Pictures", { screenshots: [screenshot(3)] }));
    await page(g.slug);
    expect(await settleGameRefreshes()).toEqual(["refreshed"]);
    expect((await stored(g.id)).screenshots).toHaveLength(1);
  });

  it("a game with a summary but no description counts as incomplete", async () => {
    const g = await createGame({
      name: "Summary Only",
      igdbId: 8071,
      summary: "Short blurb.",
      description: null,
      developer: "Dev",
      publisher: "Pub",
      screenshots: ["https://images.igdb.com/igdb/image/upload/t_screenshot_big/y.jpg"],
    });
    expect(await readCompleteness(g.id)).toMatchObject({
      hasDescription: false,
      hasDeveloper: true,
      hasPublisher: true,
      hasScreenshots: true,
    });
    s.igdb.addGames(igdbGame(8071, "Summary Only", { storyline: "The long story." }));
    await page(g.slug);
    expect(await settleGameRefreshes()).toEqual(["refreshed"]);
    expect(await stored(g.id)).toMatchObject({ description: "The long story." });
  });

  it("a complete game is not fetched", async () => {
    const g = await createGame({
      name: "Fully Known",
      igdbId: 8003,
      summary: "All there.",
      description: "All there.",
      developer: "Dev",
      publisher: "Pub",
      screenshots: ["https://images.igdb.com/igdb/image/upload/t_screenshot_big/x.jpg"],
    });
    s.igdb.addGames(igdbGame(8003, "Fully Known"));
    await page(g.slug);
    expect(await settleGameRefreshes()).toEqual(["complete"]);
    expect(s.igdb.apiCalls()).toHaveLength(0);
  });

  it("tries a game at most once per interval and once at a time", async () => {
    const g = await createGame({ name: "Asked Once", igdbId: 8004 });
    s.igdb.addGames(igdbGame(8004, "Asked Once"));
    s.igdb.delayMs = 100;
    await Promise.all([page(g.slug), page(g.slug), page(g.slug)]);
    queueGameRefresh({ id: g.id, igdbId: 8004 });
    await settleGameRefreshes();
    await page(g.slug);
    await settleGameRefreshes();
    expect(refreshCalls(8004)).toHaveLength(1);
  });

  it("keeps stored values IGDB leaves empty, and survives IGDB errors", async () => {
    const g = await createGame({ name: "Keep Mine", igdbId: 8005, summary: "Our own words.", developer: null });
    s.igdb.addGames(igdbGame(8005, "Keep Mine", { summary: undefined }));
    await page(g.slug);
    await settleGameRefreshes();
    expect(await stored(g.id)).toMatchObject({ summary: "Our own words.", developer: "CD Projekt RED" });

    const broken = await createGame({ name: "IGDB Down", igdbId: 8006 });
    s.igdb.failNext(503, 5, "/v4/games");
    await page(broken.slug);
    expect(await settleGameRefreshes()).toEqual(["failed"]);
    expect((await stored(broken.id)).developer).toBeNull();
  });

  it("does nothing without IGDB credentials or without an IGDB id", async () => {
    const noId = await createGame({ name: "Local Only" });
    await page(noId.slug);
    expect(await settleGameRefreshes()).toEqual([]);

    const configured = testConfig(s.igdb.env());
    setConfig(testConfig());
    try {
      const g = await createGame({ name: "Unconfigured", igdbId: 8007 });
      await page(g.slug);
      expect(await settleGameRefreshes()).toEqual([]);
    } finally {
      setConfig(configured);
    }
    expect(s.igdb.calls).toHaveLength(0);
  });
});

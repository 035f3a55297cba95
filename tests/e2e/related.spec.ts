import { demoGames } from "./demo-catalogue";
import { expect, test, viewports, waitForHydration, horizontalOverflow, screenshot } from "./fixtures";

/**
 * Related content on the game page, against the production build seeded with the demo
 * catalogue (no IGDB): a DLC's page shows its Main Game card, a main game's page its Additional Content
 * carousel, loaded after the page is shown. Screenshots at 390 / 768 / 1280 px go to
 * test-results/screenshots.
 */

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")
    .replace(/-+/g, "-");

/** The demo catalogue's main game with this IGDB id and its DLC-type content (oldest first). */
function withContent(igdbId: number) {
  const main = demoGames.find((g) => g.igdb_id === igdbId);
  const content = demoGames
    .filter((g) => g.parent_igdb_id === igdbId && [1, 2, 3, 4].includes(g.category ?? 0))
    .sort((a, b) => (a.year ?? 0) - (b.year ?? 0));
  if (!main || content.length < 2) throw new Error(`demo catalogue: game ${igdbId} with two DLCs expected`);
  return { main, content };
}

const WITCHER = withContent(1942); // The Witcher 3: Wild Hunt → Hearts of Stone (2015), Blood and Wine (2016)

test.describe("related content on the game page", () => {
  test("a DLC's page shows the Main Game card, which leads to the main game", async ({ page, consoleErrors }) => {
    const dlc = WITCHER.content[0]!;
    await page.goto(`/game/${slug(dlc.name)}`);
    await expect(page.getByRole("heading", { level: 1, name: dlc.name })).toBeVisible();
    const card = page.getByTestId("main-game-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(WITCHER.main.name);
    // A DLC gets no carousels.
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "Additional Content" })).toHaveCount(0);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/game/${slug(WITCHER.main.name)}$`));
    await expect(page.getByRole("heading", { level: 1, name: WITCHER.main.name })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("a main game's page shows its Additional Content carousel, oldest first, cards leading to each game", async ({
    page,
    consoleErrors,
  }) => {
    const related = page.waitForResponse((r) => r.url().endsWith(`/api/games/${slug(WITCHER.main.name)}/related`));
    await page.goto(`/game/${slug(WITCHER.main.name)}`);
    expect((await related).status()).toBe(200);

    const region = page.getByRole("region", { name: "Additional Content" });
    await expect(region).toBeVisible();
    const list = region.getByRole("list", { name: "Additional Content" });
    const links = list.getByRole("link");
    await expect(links).toHaveCount(WITCHER.content.length);
    for (const [i, dlc] of WITCHER.content.entries()) {
      await expect(links.nth(i)).toContainText(dlc.name);
    }
    // Two items: no arrows (they appear above 6). No mods in the demo catalogue: that block is hidden.
    await expect(region.getByRole("button", { name: /Scroll Additional Content/ })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Mods & Fan Content" })).toHaveCount(0);

    // The list is reachable by keyboard, and a card opens its game.
    await list.focus();
    await expect(list).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(links.first()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: WITCHER.content[0]!.name })).toBeVisible();
    await expect(page.getByTestId("main-game-card")).toContainText(WITCHER.main.name);
    expect(consoleErrors).toEqual([]);
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the carousel fits the ${name} layout`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto(`/game/${slug(WITCHER.main.name)}`);
      const region = page.getByRole("region", { name: "Additional Content" });
      // Loaded, not the placeholder of the same name shown while the request runs.
      await expect(region.getByRole("link").first()).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await region.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, `related-${name}`);
    });
  }
});

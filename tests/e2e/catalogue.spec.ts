import type { Locator, Page } from "@playwright/test";
import { createAccountsThroughApi, uniqueAccount } from "./accounts";
import { demoGames, type DemoGame } from "./demo-catalogue";
import { expect, test, viewports, waitForHydration, horizontalOverflow, screenshot } from "./fixtures";

/**
 * Catalogue journeys: header search dropdown → game page, the search page's
 * filters and pager, the no-JavaScript forms, the game page's identifier forms and error pages,
 * and the phone layout (with screenshots at 390 / 768 / 1280 px into test-results/screenshots).
 *
 * Runs against the production build seeded with scripts/data/demo-games.jsonl.
 */

/** A demo game by exact name; fails loudly if the demo catalogue changed under the tests. */
function demoGame(name: string): DemoGame & { igdb_id: number; year: number } {
  const game = demoGames.find((g) => g.name === name && g.category === undefined);
  if (!game || typeof game.igdb_id !== "number" || typeof game.year !== "number") {
    throw new Error(`demo catalogue has no main game "${name}" with igdb_id and year`);
  }
  return { ...game, igdb_id: game.igdb_id, year: game.year };
}

const OCARINA = demoGame("The Legend of Zelda: Ocarina of Time");
const OCARINA_SLUG = "the-legend-of-zelda-ocarina-of-time";
const WITCHER = demoGame("The Witcher 3: Wild Hunt");
const WITCHER_SLUG = "the-witcher-3-wild-hunt";
const HALF_LIFE = demoGame("Half-Life 2");
const NO_REVIEWS = "No written reviews yet. Be the first to write a review for this game!";

/** The desktop header's search box (a combobox once hydrated). */
function headerSearchBox(page: Page): Locator {
  return page.getByRole("banner").getByRole("combobox", { name: "Search games" });
}

/** The search page's own form (the header's search form has no accessible name). */
function searchPageForm(page: Page): Locator {
  return page.getByRole("search", { name: "Search games" });
}

function resultCards(page: Page): Locator {
  return page.getByTestId("search-results").getByRole("listitem");
}

/** Waits until the search page is not loading (skeletons gone, counts settled). */
async function resultsSettled(page: Page): Promise<void> {
  await expect(page.getByRole("region", { name: "Search results" })).toHaveAttribute("aria-busy", "false");
}

test.describe("header search", () => {
  test("type a title, pick it with the keyboard, land on the game page; recent searches; Escape closes", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    await waitForHydration(page);

    const box = headerSearchBox(page);
    await box.fill("zelda ocarina");
    await expect(box).toHaveAttribute("aria-expanded", "true");

    // Suggestions arrive after the 800 ms debounce; the best match comes first, with its year.
    const listbox = page.getByRole("listbox", { name: "Game suggestions" });
    const first = listbox.getByRole("option").first();
    await expect(first.getByText(OCARINA.name, { exact: true })).toBeVisible();
    await expect(first).toContainText(String(OCARINA.year));
    await expect(first).toContainText("N64");
    await expect(listbox.getByRole("option", { name: 'Search all games for "zelda ocarina"' })).toBeVisible();
    await expect(page.getByText("Search failed. Please try again.")).toHaveCount(0);

    await box.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "missing id");
    await box.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/game/${OCARINA_SLUG}$`));
    await expect(page.getByRole("heading", { level: 1, name: OCARINA.name })).toBeVisible();
    await expect(page).toHaveTitle(`${OCARINA.name} | Savepoint`);
    const hero = page.getByRole("region", { name: OCARINA.name });
    await expect(hero).toContainText(`Release date: ${OCARINA.year}`);
    await expect(hero.getByRole("list", { name: "Platforms" }).getByRole("listitem")).toHaveText(["Nintendo 64"]);

    const ratings = page.getByRole("region", { name: "Ratings" });
    await expect(ratings.getByTestId("rating-average")).toHaveText("-");
    await expect(ratings.getByLabel("No average rating yet")).toBeVisible();
    await expect(ratings.getByTestId("rating-count")).toHaveText("0 ratings");
    await expect(ratings.getByTestId("rating-histogram").getByRole("listitem")).toHaveCount(10);
    await expect(page.getByText(NO_REVIEWS, { exact: true })).toBeVisible();

    // The box emptied itself; focusing it again offers the search just made.
    await expect(box).toHaveValue("");
    await box.click();
    await expect(page.getByText("Recent Game Searches", { exact: true })).toBeVisible();
    await expect(listbox.getByRole("option", { name: "zelda ocarina" })).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");

    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toBeFocused();

    expect(consoleErrors).toEqual([]);
  });

  test.describe("while the combobox's code is still on its way", () => {
    // The service worker would answer the chunk itself, out of page.route()'s sight.
    test.use({ serviceWorkers: "block" });

    test("what was typed into the plain box, and its focus, carry over to the combobox that replaces it", async ({
      page,
      consoleErrors,
    }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/header-search-combobox-*.js", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/");
      await waitForHydration(page);

      const box = headerSearchBox(page);
      await box.click();
      await page.keyboard.type("zelda oc");
      // Still the plain first-load box: its code is held.
      await expect(box).toHaveAttribute("placeholder", "Search games or users...");
      // Keys keep coming while the code arrives and the combobox takes the box over: none is lost.
      release();
      await page.keyboard.type("arina", { delay: 15 });

      await expect(box).toHaveAttribute("placeholder", "Search games...");
      await expect(box).toHaveValue("zelda ocarina");
      await expect(box).toBeFocused();
      await expect(box).toHaveAttribute("aria-expanded", "true");
      const listbox = page.getByRole("listbox", { name: "Game suggestions" });
      await expect(listbox.getByRole("option").first().getByText(OCARINA.name, { exact: true })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  });

  test("at tablet width the Games / Users switch waits for the box's focus; Users finds a member and opens their profile", async ({
    page,
    request,
    baseURL,
    consoleErrors,
  }) => {
    const member = uniqueAccount("switch");
    await createAccountsThroughApi(request, baseURL!, [member]);
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/");
    await waitForHydration(page);

    const box = headerSearchBox(page);
    const toggle = page.getByRole("banner").getByRole("group", { name: "Search for" });
    // Not focused: the narrow box shows its whole placeholder, without the switch over it.
    await expect(toggle).toBeHidden();
    await box.click();
    await expect(toggle).toBeVisible();
    await toggle.getByRole("button", { name: "Users" }).click();
    await expect(toggle.getByRole("button", { name: "Users" })).toHaveAttribute("aria-pressed", "true");
    // The same box, now named for users.
    const userBox = page.getByRole("banner").getByRole("combobox", { name: "Search users" });
    await expect(userBox).toBeFocused();
    await page.keyboard.type(member.username);
    const listbox = page.getByRole("listbox", { name: "User suggestions" });
    // (The 'Search all users for …' option names the text too: wait for the member's own option, first.)
    const first = listbox.getByRole("option").first();
    await expect(first.getByText(member.username, { exact: true })).toBeVisible();
    await userBox.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await userBox.press("Enter");
    await expect(page).toHaveURL(/\/user\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(member.username);

    // Wide enough (1024 px and up): the switch is always there.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("heading", { level: 1 }).click();
    await expect(toggle).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('"Search all games for …" opens /search-results with the term', async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);

    const box = headerSearchBox(page);
    await box.fill("half life");
    const listbox = page.getByRole("listbox", { name: "Game suggestions" });
    await expect(listbox.getByRole("option").filter({ has: page.getByText(HALF_LIFE.name, { exact: true }) })).toBeVisible();
    await listbox.getByRole("option", { name: 'Search all games for "half life"' }).click();

    await expect(page).toHaveURL(/\/search-results\?q=half(%20|\+)life$/);
    await expect(page.getByRole("heading", { level: 1, name: "Browse Games" })).toBeVisible();
    await expect(page.getByText("Results for “half life”")).toBeVisible();
    await expect(searchPageForm(page).getByRole("searchbox", { name: "Search games" })).toHaveValue("half life");
    await expect(page.getByTestId("search-results").getByRole("heading", { name: HALF_LIFE.name, exact: true })).toBeVisible();
    await expect(listbox).toBeHidden();
  });

  test("Enter without choosing a suggestion searches for the typed text", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const box = headerSearchBox(page);
    await box.fill("witcher");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search-results\?q=witcher$/);
    await expect(page.getByTestId("search-results").getByRole("heading", { name: WITCHER.name, exact: true })).toBeVisible();
  });
});

test.describe("search page", () => {
  test("platform and year filters narrow the results, land in the URL, and Clear Filters resets them", async ({ page, consoleErrors }) => {
    // Demo data: Final Fantasy VII and Final Fantasy Tactics are the 1997 PlayStation games.
    const expected = demoGames.filter(
      (g) => g.name.toLowerCase().includes("final fantasy") && g.year === 1997 && g.platforms?.includes("PlayStation"),
    );
    expect(expected.map((g) => g.name).sort()).toEqual(["Final Fantasy Tactics", "Final Fantasy VII"]);

    const response = await page.goto("/search?q=final%20fantasy");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveTitle("Search: final fantasy | Savepoint");
    const cards = resultCards(page);
    await expect(cards.first()).toBeVisible();
    const unfiltered = await cards.count();
    expect(unfiltered).toBeGreaterThan(expected.length);

    const form = searchPageForm(page);
    const platformSelect = form.getByLabel("Platform", { exact: true });
    const yearSelect = form.getByLabel("Release Year", { exact: true });
    await platformSelect.selectOption({ label: "PlayStation" });
    await expect(page).toHaveURL(/[?&]platform=\d+/);
    await resultsSettled(page);
    await yearSelect.selectOption("1997");
    await expect(page).toHaveURL(/[?&]year=1997(&|$)/);
    await expect(page).toHaveURL(/[?&]platform=\d+/);
    await expect(page).toHaveURL(/[?&]q=final(\+|%20)fantasy/);
    await resultsSettled(page);

    await expect(platformSelect.locator("option:checked")).toHaveText("PlayStation");
    await expect(yearSelect).toHaveValue("1997");
    const results = page.getByTestId("search-results");
    for (const game of expected) {
      await expect(results.getByRole("heading", { name: game.name, exact: true })).toBeVisible();
    }
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(expected.length);
    expect(count).toBeLessThan(unfiltered);
    for (const card of await cards.all()) {
      await expect(card).toContainText("1997");
      await expect(card).toContainText("PS1");
    }
    await expect(page.getByRole("region", { name: "Search results" })).toContainText(`of ${count} game`);

    const clear = form.getByRole("link", { name: "Clear Filters" });
    await expect(clear).not.toHaveAttribute("aria-disabled", "true");
    await clear.click();
    await expect(page).toHaveURL(/\/search\?q=final(\+|%20)fantasy$/);
    await resultsSettled(page);
    await expect(platformSelect).toHaveValue("");
    await expect(yearSelect).toHaveValue("");
    await expect(cards).toHaveCount(unfiltered);
    await expect(clear).toHaveAttribute("aria-disabled", "true");

    expect(consoleErrors).toEqual([]);
  });

  test("once the search box is emptied, a filter change and Clear Filters leave the old term behind", async ({ page, consoleErrors }) => {
    await page.goto("/search?q=final%20fantasy");
    await waitForHydration(page);
    await expect(page.getByText("Results for “final fantasy”")).toBeVisible();
    const form = searchPageForm(page);
    const box = form.getByRole("searchbox", { name: "Search games" });
    await expect(box).toHaveValue("final fantasy");

    // Clear the box with its X button, then change a filter: the catalogue on that platform, no term.
    await form.getByRole("button", { name: "Clear search text" }).click();
    await expect(box).toHaveValue("");
    await form.getByLabel("Platform", { exact: true }).selectOption({ label: "PlayStation" });
    await expect(page).toHaveURL(/\/search\?platform=\d+$/);
    await resultsSettled(page);
    await expect(page.getByText(/Results for/)).toHaveCount(0);
    const results = page.getByTestId("search-results");
    const playstation = demoGames.filter((g) => g.platforms?.includes("PlayStation") && !g.name.toLowerCase().includes("final fantasy"));
    expect(playstation.length).toBeGreaterThan(0);
    await expect(
      results
        .getByRole("listitem")
        .filter({ hasNotText: /final fantasy/i })
        .first(),
    ).toBeVisible();

    // A new term, then the box emptied by hand: Clear Filters browses the whole catalogue.
    await box.fill("zelda");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]q=zelda(&|$)/);
    await resultsSettled(page);
    await box.fill("");
    await form.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await resultsSettled(page);
    await expect(page.getByText(/Results for/)).toHaveCount(0);
    await expect(box).toHaveValue("");
    await expect(resultCards(page)).toHaveCount(20);
    expect(consoleErrors).toEqual([]);
  });

  test("a game page's genre chip opens the catalogue of that genre; the Genre filter narrows a search", async ({ page, consoleErrors }) => {
    await page.goto(`/game/${WITCHER_SLUG}`);
    await waitForHydration(page);
    await page.getByRole("list", { name: "Genres" }).getByRole("link", { name: "Role-playing (RPG)" }).click();
    await expect(page).toHaveURL(/\/search\?genre=Role-playing\+%28RPG%29$/);
    await resultsSettled(page);
    const form = searchPageForm(page);
    const genre = form.getByLabel("Genre", { exact: true });
    await expect(genre).toHaveValue("Role-playing (RPG)");
    // The demo catalogue's role-playing games, A–Z (The Witcher 3 is further down the list).
    await expect(resultCards(page)).toHaveCount(20);
    await expect(page.getByRole("region", { name: "Search results" })).toContainText(/Showing 1–20 of \d+ games/);

    // With a term: the genre narrows it, and choosing All Genres widens it again.
    const box = form.getByRole("searchbox", { name: "Search games" });
    await box.fill("witcher");
    await box.press("Enter");
    await expect(page).toHaveURL(/[?&]q=witcher&genre=Role-playing\+%28RPG%29/);
    await resultsSettled(page);
    await expect(page.getByTestId("search-results").getByRole("heading", { name: WITCHER.name, exact: true })).toBeVisible();
    await genre.selectOption({ label: "Puzzle" });
    await expect(page).toHaveURL(/[?&]genre=Puzzle/);
    await resultsSettled(page);
    await expect(page.getByText("No games found matching your criteria")).toBeVisible();
    await genre.selectOption({ label: "All Genres" });
    await expect(page).toHaveURL(/\/search\?q=witcher$/);
    expect(consoleErrors).toEqual([]);
  });

  test("browsing without a term shows 20 games per page and a pager with at most 5 numbers", async ({ page }) => {
    await page.goto("/search");
    await waitForHydration(page);
    await expect(page).toHaveTitle("Browse Games | Savepoint");
    const cards = resultCards(page);
    await expect(cards).toHaveCount(20);
    const firstOnPage1 = await cards.first().getByRole("heading").textContent();

    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager).toBeVisible();
    await expect(pager.locator('[aria-current="page"]')).toHaveText("1");
    const numbered = pager.getByRole("link", { name: /^Page \d+$/ });
    const numbers = (await numbered.count()) + 1; // + the current page
    expect(numbers).toBeGreaterThan(1);
    expect(numbers).toBeLessThanOrEqual(5);
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(pager.getByRole("link", { name: "Next page" })).toBeVisible();
    const total = demoGames.length;
    await expect(page.getByRole("region", { name: "Search results" })).toContainText(/Showing 1–20 of [\d,]+ games/);

    await pager.getByRole("link", { name: "Page 2", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?page=2$/);
    await resultsSettled(page);
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2");
    await expect(cards).toHaveCount(20);
    await expect(cards.first().getByRole("heading")).not.toHaveText(firstOnPage1 ?? "");
    await expect(page.getByRole("region", { name: "Search results" })).toContainText("Showing 21–40 of");
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveAttribute("href", "/search");
    expect(total).toBeGreaterThan(40);
  });

  test("the grid/list toggle switches the layout and is remembered", async ({ page }) => {
    await page.goto("/search?q=mario");
    await waitForHydration(page);
    const list = page.getByTestId("search-results");
    await expect(list).toHaveAttribute("data-view", "grid");
    const layout = page.getByRole("group", { name: "Result layout" });
    await layout.getByRole("button", { name: "List view" }).click();
    await expect(list).toHaveAttribute("data-view", "list");
    await expect(layout.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await waitForHydration(page);
    await expect(list).toHaveAttribute("data-view", "list");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search page form is a GET form that returns results", async ({ page }) => {
    await page.goto("/search");
    const input = searchPageForm(page).getByRole("searchbox", { name: "Search games" });
    await input.fill("witcher");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=witcher(&|$)/);
    await expect(page.getByText("Results for “witcher”")).toBeVisible();
    await expect(page.getByTestId("search-results").getByRole("heading", { name: WITCHER.name, exact: true })).toBeVisible();
  });

  test("an emptied search box submits no term: the filters over the whole catalogue", async ({ page }) => {
    await page.goto("/search?q=final%20fantasy");
    const form = searchPageForm(page);
    await form.getByRole("searchbox", { name: "Search games" }).fill("");
    await form.getByLabel("Platform", { exact: true }).selectOption({ label: "PlayStation" });
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?platform=\d+$/);
    await expect(page.getByText(/Results for/)).toHaveCount(0);
    await expect(
      page
        .getByTestId("search-results")
        .getByRole("listitem")
        .filter({ hasNotText: /final fantasy/i })
        .first(),
    ).toBeVisible();
  });

  test("the header search form submits to /search-results", async ({ page }) => {
    await page.goto("/");
    const input = page.getByRole("banner").getByRole("searchbox", { name: "Search games" });
    await input.fill("half life");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/search-results\?q=half\+life$/);
    await expect(page.getByTestId("search-results").getByRole("heading", { name: HALF_LIFE.name, exact: true })).toBeVisible();
  });

  test("a game page renders on the server", async ({ page }) => {
    const response = await page.goto("/game/half-life-2");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${HALF_LIFE.name} | Savepoint`);
    await expect(page.getByRole("heading", { level: 1, name: HALF_LIFE.name })).toBeVisible();
    const platforms = page.getByRole("list", { name: "Platforms" }).getByRole("listitem");
    await expect(platforms).toHaveText(HALF_LIFE.platforms ?? []);
    await expect(page.getByTestId("rating-average")).toHaveText("-");
    await expect(page.getByText(NO_REVIEWS, { exact: true })).toBeVisible();
  });

  test("a long developer name shows whole, with no toggle that needs a script", async ({ page }) => {
    await page.goto("/game/metroid");
    await expect(page.getByText("Nintendo R&D1, Intelligent Systems", { exact: true })).toBeVisible();
    await expect(page.getByText("Nintendo R&D1, Intelligent Sys...", { exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: "See more" })).toBeHidden();
  });
});

test.describe("page cache", () => {
  test("a game page served again from the page cache runs its scripts under the new nonce", async ({ page, consoleErrors }) => {
    // Two anonymous visits within the cache's lifetime: the second is the stored copy.
    const first = await page.request.get("/game/super-mario-64");
    expect(first.status()).toBe(200);
    const response = await page.goto("/game/super-mario-64");
    expect(response?.headers()["x-savepoint-cache"]).toBe("HIT");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // Every inline script carries this response's nonce, so React hydrates and the page works.
    const scriptNonces = await page.locator("script").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    for (const n of scriptNonces) expect(n).toBe(nonce);
    await waitForHydration(page);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("game page identifiers", () => {
  for (const [label, identifier, slug, game] of [
    ["an IGDB id", String(OCARINA.igdb_id), OCARINA_SLUG, OCARINA],
    ["game-<IGDB id>", `game-${WITCHER.igdb_id}`, WITCHER_SLUG, WITCHER],
  ] as const) {
    test(`${label} (/game/${identifier}) redirects permanently to the slug`, async ({ page }) => {
      const response = await page.goto(`/game/${identifier}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/game/${slug}$`));
      const hop = response?.request().redirectedFrom();
      expect(hop?.url()).toMatch(new RegExp(`/game/${identifier}$`));
      const hopResponse = await hop?.response();
      expect(hopResponse?.status()).toBe(301);
      expect(hopResponse?.headers()["location"]).toMatch(new RegExp(`/game/${slug}$`));
      await expect(page.getByRole("heading", { level: 1, name: game.name })).toBeVisible();
    });
  }

  test("an expansion page links to its main game", async ({ page }) => {
    const response = await page.goto("/game/the-witcher-3-wild-hunt-hearts-of-stone");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "The Witcher 3: Wild Hunt - Hearts of Stone" })).toBeVisible();
    await expect(page.getByText("Expansion", { exact: true })).toBeVisible();
    const main = page.getByTestId("main-game-card");
    await expect(main).toContainText(WITCHER.name);
    await expect(main).toHaveAttribute("href", `/game/${WITCHER_SLUG}`);
  });

  test("an unknown slug shows 'Game not found' with a 404", async ({ page }) => {
    const response = await page.goto("/game/does-not-exist-xyz");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Game not found" })).toBeVisible();
    await expect(page.getByTestId("game-error-debug")).toHaveText("Identifier: does-not-exist-xyz");
    await expect(page.getByRole("link", { name: "Browse Other Games" })).toHaveAttribute("href", "/search");
    await expect(page).toHaveTitle("Game not found | Savepoint");
  });

  test("a malformed identifier shows 'Invalid game identifier' with a 400", async ({ page }) => {
    const response = await page.goto("/game/BAD!!");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Invalid game identifier" })).toBeVisible();
    await expect(page).toHaveTitle("Invalid game identifier | Savepoint");
  });

  test("an unknown IGDB id shows 'Game not found' with a 404", async ({ page }) => {
    const response = await page.goto("/game/2147483000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Game not found" })).toBeVisible();
  });
});

test.describe("phone layout", () => {
  test.use({ viewport: viewports.phone });

  test("the menu panel's search box suggests games and submits to the results page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog");
    await expect(panel).toBeVisible();

    const box = panel.getByRole("combobox", { name: "Search games" });
    await box.fill("mario kart");
    const listbox = panel.getByRole("listbox", { name: "Game suggestions" });
    // A real suggestion (not just the 'Search all games for …' option, which repeats the term).
    await expect(listbox.getByRole("option").filter({ has: page.getByText("Mario Kart 8", { exact: true }) })).toBeVisible();
    // The dropdown fits on the phone screen.
    const box1 = await listbox.boundingBox();
    expect(box1).not.toBeNull();
    expect(box1!.x).toBeGreaterThanOrEqual(0);
    expect(box1!.x + box1!.width).toBeLessThanOrEqual(viewports.phone.width);

    // Escape closes the dropdown but not the panel.
    await box.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(panel).toBeVisible();

    await box.press("Enter");
    await expect(page).toHaveURL(/\/search-results\?q=mario(%20|\+)kart$/);
    await expect(panel).toBeHidden();
    await expect(
      page
        .getByTestId("search-results")
        .getByRole("heading", { name: /Mario Kart/ })
        .first(),
    ).toBeVisible();
  });

  test("search results are a one-column list and the layout toggle is hidden", async ({ page }) => {
    await page.goto("/search?q=mario");
    await waitForHydration(page);
    await expect(page.getByRole("group", { name: "Result layout" })).toBeHidden();
    const cards = resultCards(page);
    await expect(cards.nth(1)).toBeVisible();
    const a = await cards.nth(0).boundingBox();
    const b = await cards.nth(1).boundingBox();
    expect(a && b).toBeTruthy();
    // Rows: same left edge, stacked, (nearly) full width; the cover is a thumbnail, not a full-width card image.
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(1);
    expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
    expect(a!.width).toBeGreaterThan(viewports.phone.width * 0.8);
    const cover = await cards.nth(0).getByRole("img").first().boundingBox();
    expect(cover!.width).toBeLessThan(100);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe("screenshots", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    test(`search results for "mario" at ${name} width (${viewport.width}px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto("/search?q=mario", { waitUntil: "networkidle" });
      await waitForHydration(page);
      await expect(resultCards(page).first()).toBeVisible();
      await screenshot(page, testInfo, `catalogue-search-mario-${name}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });

    test(`game page at ${name} width (${viewport.width}px)`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto(`/game/${WITCHER_SLUG}`, { waitUntil: "networkidle" });
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: WITCHER.name })).toBeVisible();
      await screenshot(page, testInfo, `catalogue-game-${name}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});

import type { Locator, Page } from "@playwright/test";
import { newMember, PASSWORD, postFromPage, signOut, signUpAndVerify, uniqueAccount, userId } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { expect, test, viewports, waitForHydration } from "./fixtures";

/**
 * Lists and progress from the game page (with and without JavaScript) and the Want to Play tab's
 * game picker as a bottom sheet on a phone.
 */

test.describe.configure({ timeout: 240_000 });

const gamesWithIgdb = demoGames.filter((g) => g.igdb_id && (g.category ?? 0) === 0);

const control = (page: Page, testId: string) => page.getByTestId(testId);

test("mark started then finished, wishlist → collection, and the no-JS controls", async ({ page, browser, consoleErrors }) => {
  const account = uniqueAccount("lists");
  await signUpAndVerify(page, account);

  await page.goto(`/game/${gamesWithIgdb[0]!.igdb_id}`);
  await waitForHydration(page);
  await expect(control(page, "wishlist-button")).toHaveText("Add to Wishlist");
  await control(page, "wishlist-button").click();
  await expect(control(page, "wishlist-button")).toHaveText("In Wishlist");
  await expect(control(page, "collection-button")).toHaveText("Move to Collection");
  await control(page, "collection-button").click();
  await expect(control(page, "collection-button")).toHaveText("In Collection");
  await expect(control(page, "wishlist-button")).toBeDisabled();
  await page.reload();
  await expect(control(page, "collection-button")).toHaveText("In Collection");

  await waitForHydration(page);
  await control(page, "started-button").click();
  await expect(control(page, "started-button")).toHaveText("Started");
  await expect(control(page, "collection-button")).toHaveText("Add to Collection");
  await expect(control(page, "collection-button")).toBeDisabled();
  await expect(control(page, "wishlist-button")).toBeDisabled();
  await control(page, "finished-button").click();
  await expect(control(page, "finished-button")).toHaveText("Finished");
  await page.reload();
  await expect(control(page, "finished-button")).toHaveText("Finished");
  await expect(control(page, "finished-button")).toBeDisabled();

  // The same controls without JavaScript: a form post that comes back to the page.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto(`/game/${gamesWithIgdb[1]!.igdb_id}`);
  await plain.getByTestId("wishlist-button").click();
  await expect(plain.getByTestId("wishlist-button")).toHaveText("In Wishlist");
  await plain.getByTestId("started-button").click();
  await expect(plain.getByTestId("started-button")).toHaveText("Started");
  await expect(plain.getByTestId("wishlist-button")).toHaveText("Add to Wishlist");
  await noJs.close();
  expect(consoleErrors).toEqual([]);
});

test("a refusal: a stale page cannot put a started game in the wishlist", async ({ page }) => {
  await newMember(page, "refuse");
  const portal = demoGames.find((g) => g.name === "Portal" && g.igdb_id)!;
  await page.goto(`/game/${portal.igdb_id}`);
  await waitForHydration(page);
  const stale = await page.context().newPage();
  await stale.goto(`/game/${portal.igdb_id}`);
  await waitForHydration(stale);

  await control(page, "started-button").click();
  await expect(control(page, "started-button")).toHaveText("Started");
  await expect(control(page, "wishlist-button")).toBeDisabled();

  // The other tab still offers the wishlist: the server refuses, the button falls back, the toast says why.
  await expect(control(stale, "wishlist-button")).toHaveText("Add to Wishlist");
  await control(stale, "wishlist-button").click();
  await expect(stale.getByText("Cannot add to wishlist: game already started or completed")).toBeVisible();
  await expect(control(stale, "wishlist-button")).toHaveText("Add to Wishlist");
  await stale.close();
});

const TOP_FIVE_GAMES = ["Hollow Knight", "Celeste", "Hades"].map((name) => demoGames.find((g) => g.name === name && g.igdb_id)!);

/** The names in the Top 5 slots, in order (empty slots as ""). */
async function topFiveOrder(page: Page): Promise<string[]> {
  const slots = page.getByTestId("top5-slot");
  await expect(slots).toHaveCount(5);
  return (await slots.allInnerTexts()).map((t) => TOP_FIVE_GAMES.find((g) => t.includes(g.name))?.name ?? "");
}

async function expectTopFive(page: Page, names: string[]) {
  await expect.poll(() => topFiveOrder(page)).toEqual([...names, ...Array(5 - names.length).fill("")]);
}

test("Top 5: add rated games, reorder by dragging with the mouse and with the keyboard, and the order survives a reload", async ({
  page,
}) => {
  const member = await newMember(page, "top5");
  // Only rated games can be placed: rate three (the review form's plain post).
  for (const game of TOP_FIVE_GAMES) {
    const res = await postFromPage(page, `/review/${game.igdb_id}`, {
      rating: "8",
      recommended: "yes",
      finished: "yes",
      platform: "PC (Microsoft Windows)",
      text: "",
    });
    expect(res.status, res.text).toBe(0); // the 303 back to the game page (not followed)
  }

  await page.goto(`/user/${member.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit" }).click();
  for (const [i, game] of TOP_FIVE_GAMES.entries()) {
    await page.getByTestId("top5-slot").nth(i).getByRole("button", { name: "Add Game" }).click();
    const picker = page.getByTestId("game-picker");
    await picker.getByRole("searchbox").fill(game.name);
    await picker
      .getByRole("button", { name: new RegExp(game.name) })
      .first()
      .click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId("top5-slot").nth(i)).toContainText(game.name);
  }
  await expectTopFive(page, ["Hollow Knight", "Celeste", "Hades"]);

  // Mouse: pick up the first cover and drop it on the third.
  const handles = page.getByTestId("top5-handle");
  const from = (await handles.nth(0).boundingBox())!;
  const to = (await handles.nth(2).boundingBox())!;
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/top-games") && r.request().method() === "POST");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2, { steps: 2 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
  await expectTopFive(page, ["Celeste", "Hades", "Hollow Knight"]);
  await page.reload();
  await expectTopFive(page, ["Celeste", "Hades", "Hollow Knight"]);

  // Keyboard: space picks up the third cover, arrows move it (25 px a step) over the second, space drops it.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit" }).click();
  const third = page.getByTestId("top5-handle").nth(2);
  const a = (await page.getByTestId("top5-handle").nth(1).boundingBox())!;
  const b = (await third.boundingBox())!;
  const steps = Math.round((b.x - a.x) / 25);
  await third.focus();
  const savedAgain = page.waitForResponse((r) => r.url().endsWith("/api/top-games") && r.request().method() === "POST");
  // Screen readers hear each step through dnd-kit's live region.
  const announcer = page.getByRole("status").filter({ hasText: "Hollow Knight" });
  await page.keyboard.press("Space");
  await expect(third).toHaveAttribute("aria-pressed", "true");
  await expect(announcer).toHaveText(/Picked up Hollow Knight in position 3 of 5\.|Hollow Knight is over position 3\./);
  for (let i = 0; i < steps; i++) await page.keyboard.press("ArrowLeft");
  await expect(announcer).toHaveText("Hollow Knight is over position 2.");
  await page.keyboard.press("Space");
  expect((await savedAgain).ok()).toBe(true);
  await expect(announcer).toHaveText("Hollow Knight dropped in position 2.");
  await expectTopFive(page, ["Celeste", "Hollow Knight", "Hades"]);
  await page.reload();
  await expectTopFive(page, ["Celeste", "Hollow Knight", "Hades"]);

  // Another tab deletes the Hades review: Hades leaves the Top 5 with it. This tab still shows it, so
  // its next save names a game that is no longer rated: the server's reason is shown (not 'Failed to
  // save new order. Please try again.').
  const hades = TOP_FIVE_GAMES.find((g) => g.name === "Hades")!;
  const other = await page.context().newPage();
  await other.goto(`/review/${hades.igdb_id}`);
  await waitForHydration(other);
  await other.getByRole("link", { name: "Delete" }).click();
  await other.getByRole("alertdialog", { name: "Delete Review" }).getByRole("button", { name: "Delete" }).click();
  await other.waitForURL(/\/game\//);
  await other.close();

  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit" }).click();
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/top-games") && r.request().method() === "POST");
  await moveWithKeyboard(page, 0, 1);
  expect((await refused).status()).toBe(422);
  await expect(page.getByText("Only games you have rated can be in your Top 5")).toBeVisible();
  // The refusal brings the stored list: Hades left it with its review.
  await expectTopFive(page, ["Celeste", "Hollow Knight"]);

  // Saving works again (it failed every time before, until Hades was removed by hand).
  await page.reload();
  await expectTopFive(page, ["Celeste", "Hollow Knight"]);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit" }).click();
  const accepted = page.waitForResponse((r) => r.url().endsWith("/api/top-games") && r.request().method() === "POST");
  await moveWithKeyboard(page, 0, 1);
  expect((await accepted).ok()).toBe(true);
  await expectTopFive(page, ["Hollow Knight", "Celeste"]);
});

/** Picks up the cover in slot `from` with Space, moves it over slot `to` with the arrow keys, drops it. */
async function moveWithKeyboard(page: Page, from: number, to: number) {
  const handles = page.getByTestId("top5-handle");
  const a = (await handles.nth(from).boundingBox())!;
  const b = (await handles.nth(to).boundingBox())!;
  const steps = Math.round((b.x - a.x) / 25);
  await handles.nth(from).focus();
  await page.keyboard.press("Space");
  await expect(handles.nth(from)).toHaveAttribute("aria-pressed", "true");
  for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? "ArrowRight" : "ArrowLeft");
  await page.keyboard.press("Space");
}

test("a visitor's click opens the sign-in dialog", async ({ page }) => {
  await page.goto(`/game/${gamesWithIgdb[2]!.igdb_id}`);
  await waitForHydration(page);
  await control(page, "started-button").click();
  await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
});

test("a visitor's wishlist click on a game without an IGDB id runs once they sign in", async ({ page, consoleErrors }) => {
  const pong = demoGames.find((g) => g.name === "Pong" && !g.igdb_id)!;
  const member = await newMember(page, "pending");
  await signOut(page);
  await page.goto("/game/pong");
  await waitForHydration(page);
  await control(page, "wishlist-button").click();
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  await dialog.getByLabel("Email").fill(member.email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const posted = page.waitForResponse((r) => r.url().endsWith("/api/lists") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  const answer = await posted;
  expect(answer.request().postData()).toContain("gameId=");
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(control(page, "wishlist-button")).toHaveText("In Wishlist");
  await page.reload();
  await expect(control(page, "wishlist-button")).toHaveText("In Wishlist");
  await page.goto(`/user/${member.id}?tab=playlist`);
  await expect(page.getByTestId("wishlist-grid").getByRole("link", { name: pong.name })).toHaveAttribute("href", "/game/pong");
  expect(consoleErrors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ hasTouch: true });

  test("the Want to Play picker is a bottom sheet that adds a game and closes with a swipe down", async ({ page }) => {
    const account = uniqueAccount("sheet");
    await signUpAndVerify(page, account);
    await page.setViewportSize(viewports.phone);
    const id = await userId(page);
    await page.goto(`/user/${id}?tab=playlist`);
    await waitForHydration(page);
    await expect(page.getByText("Games you own but haven't played go here")).toBeVisible();
    await expect(page.getByText("Games you want to buy go here")).toBeVisible();

    await page.getByTestId("collection-grid").getByRole("button", { name: "Add Games" }).click();
    const sheet = page.getByTestId("game-picker");
    await expect(sheet).toHaveAttribute("data-sheet", "bottom");
    const target = gamesWithIgdb[3]!;
    await sheet.getByRole("searchbox").fill(target.name);
    await sheet
      .getByRole("button", { name: new RegExp(target.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
      .first()
      .click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("collection-grid")).toContainText(target.name);

    await page.getByTestId("wishlist-grid").getByRole("button", { name: "Add Games" }).click();
    await expect(sheet).toBeVisible();
    await swipeDown(page.getByTestId("picker-handle"), 120);
    await expect(sheet).toBeHidden();
  });
});

async function swipeDown(handle: Locator, distance: number) {
  await handle.evaluate((el, dy) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + 10;
    const touch = (clientY: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY });
    el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(y)], changedTouches: [touch(y)] }));
    el.dispatchEvent(new TouchEvent("touchmove", { bubbles: true, touches: [touch(y + dy)], changedTouches: [touch(y + dy)] }));
    el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(y + dy)] }));
  }, distance);
}

test("a demo game without an IGDB id: wishlist, collection, started from its page, Top 5 through the picker, shown on the profile", async ({
  page,
  consoleErrors,
}) => {
  // Pikmin has no IGDB id; its internal id (233) is Half-Life 2's IGDB id — the look-alike decision 027 met.
  const pikmin = demoGames.find((g) => g.name === "Pikmin" && !g.igdb_id)!;
  const halfLife = demoGames.find((g) => g.name === "Half-Life 2" && g.igdb_id)!;
  expect(pikmin).toBeDefined();
  const member = await newMember(page, "local");

  await page.goto("/game/pikmin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: pikmin.name })).toBeVisible();
  await control(page, "wishlist-button").click();
  await expect(control(page, "wishlist-button")).toHaveText("In Wishlist");
  await expect(control(page, "collection-button")).toHaveText("Move to Collection");
  await page.reload();
  await expect(control(page, "wishlist-button")).toHaveText("In Wishlist");

  // The game whose IGDB id is Pikmin's internal id is untouched.
  await page.goto(`/game/${halfLife.igdb_id}`);
  await expect(page.getByRole("heading", { level: 1, name: halfLife.name })).toBeVisible();
  await expect(control(page, "wishlist-button")).toHaveText("Add to Wishlist");

  await page.goto("/game/pikmin");
  await waitForHydration(page);
  await control(page, "collection-button").click();
  await expect(control(page, "collection-button")).toHaveText("In Collection");
  await expect(control(page, "wishlist-button")).toBeDisabled();

  // The Want to Play tab lists it, linking to its page.
  await page.goto(`/user/${member.id}?tab=playlist`);
  const tile = page.getByTestId("collection-grid").getByRole("link", { name: pikmin.name });
  await expect(tile).toHaveAttribute("href", "/game/pikmin");
  await tile.click();
  await expect(page).toHaveURL(/\/game\/pikmin$/);

  await waitForHydration(page);
  await control(page, "started-button").click();
  await expect(control(page, "started-button")).toHaveText("Started");
  await expect(control(page, "collection-button")).toHaveText("Add to Collection");
  await page.reload();
  await expect(control(page, "started-button")).toHaveText("Started");

  // Rate it (only rated games go into the Top 5) through the review form's address the page links to.
  const writeHref = await page.getByRole("link", { name: "Write Review" }).first().getAttribute("href");
  expect(writeHref).toMatch(/^\/review\/local-\d+$/);
  const rated = await postFromPage(page, writeHref!, {
    rating: "9",
    recommended: "yes",
    finished: "no",
    platform: pikmin.platforms![0]!,
    text: "",
  });
  expect(rated.status, rated.text).toBe(0);

  await page.goto(`/user/${member.id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByTestId("top5-slot").first().getByRole("button", { name: "Add Game" }).click();
  const picker = page.getByTestId("game-picker");
  await picker.getByRole("searchbox").fill("pikmin");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/top-games") && r.request().method() === "POST");
  await picker
    .getByRole("button", { name: /Pikmin/ })
    .first()
    .click();
  expect((await saved).ok()).toBe(true);
  await expect(picker).toBeHidden();
  await expect(page.getByTestId("top5-slot").first()).toContainText(pikmin.name);

  await page.reload();
  const slot = page
    .getByTestId("top5-slot")
    .first()
    .getByRole("link", { name: new RegExp(pikmin.name) });
  await expect(slot).toHaveAttribute("href", "/game/pikmin");

  await page.goto(`/user/${member.id}?tab=top10`);
  await expect(page.getByRole("link", { name: new RegExp(pikmin.name) }).first()).toHaveAttribute("href", "/game/pikmin");

  // Activity (built from the current rows: the wishlist and collection entries left when it was started):
  // started links to the game, the rating to the review.
  await page.goto(`/user/${member.id}?tab=activity`);
  const items = page.getByTestId("activity-item");
  await expect(items.and(page.locator('[data-type="started"]')).getByRole("link")).toHaveAttribute("href", "/game/pikmin");
  await expect(items.and(page.locator('[data-type="rating"]')).getByRole("link")).toHaveAttribute(
    "href",
    `/review/${member.id}/${writeHref!.slice("/review/".length)}`,
  );
  await items.and(page.locator('[data-type="started"]')).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: pikmin.name })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

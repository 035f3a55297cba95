import type { Locator, Page } from "@playwright/test";
import { signUpAndVerify, uniqueAccount, userId } from "./accounts";
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

test("a visitor's click opens the sign-in dialog", async ({ page }) => {
  await page.goto(`/game/${gamesWithIgdb[2]!.igdb_id}`);
  await waitForHydration(page);
  await control(page, "started-button").click();
  await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
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

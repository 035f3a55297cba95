import type { Locator, Page } from "@playwright/test";
import { commentOnReview, newMember, rateGame } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { expect, test, viewports, waitForHydration } from "./fixtures";

/**
 * Findings of a user-experience pass at phone and laptop widths: layouts that looked broken although
 * every control worked (an edit form squeezed into a column a few words wide, a dialog's last tab cut
 * off, a field glued to the end of its label).
 */

test.describe.configure({ timeout: 180_000 });

const CELESTE = demoGames.find((g) => g.name === "Celeste" && g.igdb_id)!;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "element has a box").not.toBeNull();
  return b!;
}

async function openReview(page: Page, authorId: number) {
  await page.goto(`/review/${authorId}/${CELESTE.igdb_id}`);
  await waitForHydration(page);
}

test("editing a comment on a phone: the form is as wide as the comment, takes the focus, and Cancel / Escape close it", async ({
  page,
}) => {
  const me = await newMember(page, "uxedit");
  await rateGame(page, CELESTE, "9", "Tight platforming and a story about anxiety that lands.");
  await commentOnReview(page, me, CELESTE, "First!");

  await page.setViewportSize(viewports.phone);
  await openReview(page, me.id);
  const comment = page.getByTestId("comment").first();
  const edit = comment.locator("summary", { hasText: "Edit" });

  await edit.click();
  const text = comment.getByRole("textbox", { name: "Edit comment" });
  await expect(text).toBeVisible();
  await expect(text).toBeFocused();
  // Before: the open disclosure stayed a flex item beside Reply and Delete, a ~150 px column on a phone.
  const commentBox = await box(comment);
  expect((await box(text)).width).toBeGreaterThan(commentBox.width * 0.8);

  await comment.getByRole("button", { name: "Cancel" }).click();
  await expect(text).toBeHidden();
  await expect(edit).toBeFocused();

  await edit.press("Enter");
  await expect(text).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(text).toBeHidden();
  await expect(edit).toBeFocused();

  // The delete confirmation opens on a row of its own too.
  await comment.locator("summary", { hasText: "Delete" }).click();
  const confirm = comment.getByRole("dialog", { name: "Delete Comment" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect((await box(confirm)).width).toBeGreaterThan(commentBox.width * 0.8);
});

test("a profile's Reviews dialog shows all four sort tabs on a phone, and the review form's playtime sits under its label", async ({
  page,
}) => {
  const me = await newMember(page, "uxtabs");
  await rateGame(page, CELESTE, "8", "Short review.");

  await page.setViewportSize(viewports.phone);
  await page.goto(`/user/${me.id}?dialog=reviews`);
  const dialog = page.getByRole("dialog", { name: "Reviews" });
  await expect(dialog).toBeVisible();
  const tabs = dialog.getByRole("navigation", { name: "Dialog sections" });
  const tabsBox = await box(tabs);
  for (const name of ["Recent", "Oldest", "Highest", "Lowest"]) {
    const tab = await box(tabs.getByRole("link", { name }));
    // Before: 'Lowest' ran past the dialog's edge and was cut off.
    expect(tab.x + tab.width, `${name} ends inside the dialog`).toBeLessThanOrEqual(tabsBox.x + tabsBox.width + 0.5);
  }

  await page.setViewportSize(viewports.desktop);
  await page.goto(`/review/${CELESTE.igdb_id}`);
  const label = page.locator("label", { hasText: "Playtime in hours" });
  const input = page.getByLabel("Playtime in hours");
  await expect(input).toBeVisible();
  // Before: the label was inline, so on a wide screen the field started right after '(optional)'.
  expect((await box(input)).y).toBeGreaterThanOrEqual((await box(label)).y + (await box(label)).height);
});

test("on a tablet, a member's header keeps the search box's whole placeholder in view, even with a 21-character name", async ({ page }) => {
  // 'w' is the widest letter: ten of them and the ten-character stamp make a 21-character username.
  const me = await newMember(page, "wwwwwwwwww");
  expect(me.username).toHaveLength(21);
  await page.setViewportSize(viewports.tablet);
  await page.goto("/search");
  await waitForHydration(page);
  const search = page.getByRole("banner").getByRole("combobox", { name: /Search/ });
  await expect(search).toHaveAttribute("placeholder", "Search games or users...");
  // Before: the name beside the avatar took the room, and the box read 'Search games or use'.
  const fit = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: Math.ceil(context.measureText(input.placeholder).width), room };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);
  // The account menu is still named after the member (the name is there for screen readers).
  await expect(page.getByRole("banner").getByRole("button", { name: `Account menu for ${me.username}` })).toBeVisible();
});

test("the home page's Recent Reviews: two cards side by side on a laptop are the same height", async ({ page }) => {
  await newMember(page, "uxcards");
  const portal = demoGames.find((g) => g.name === "Portal" && g.igdb_id)!;
  await rateGame(page, CELESTE, "7", "Short.");
  await rateGame(page, portal, "9", "A long review that wraps onto three lines of the card. ".repeat(4));
  await page.setViewportSize(viewports.desktop);
  await page.goto("/");
  const cards = page.getByRole("region", { name: "Recent Reviews" }).locator("article");
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = [await box(cards.nth(0)), await box(cards.nth(1))];
  expect(Math.abs(first.y - second.y), "the two cards share a row").toBeLessThan(1);
  // Before: each card was as tall as its own text, so a short review stood beside a tall one.
  expect(Math.abs(first.height - second.height)).toBeLessThan(1);
});

import type { Page } from "@playwright/test";
import { addToWishlist, commentOnReview, newMember, rateGame } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { expect, horizontalOverflow, test, waitForHydration } from "./fixtures";

/**
 * The main pages at the spec's breakpoints (phone 390, tablet 768, laptop 1024, desktop 1440): nothing
 * wider than the screen, and what a real-browser pass found broken stays fixed — the Top 5 picker's
 * thumbnails, the profile's stats at 390 px, the phone search switch's targets, the sticky header over
 * focused content, focus coming back when a dialog closes.
 */

test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

const withIgdb = demoGames.filter((g) => g.igdb_id && (g.category ?? 0) === 0);
// The games this file rates: none that another spec reads the ratings of (the server is shared by every spec;
// catalogue.spec.ts expects 'The Legend of Zelda: Ocarina of Time' unrated, lists.spec.ts uses the first four).
const PICKED = withIgdb.slice(16, 19);

/** The page at each width (resized in place: one load per page), with what is too wide named. */
async function expectNoOverflowAtEachSize(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const overflow = await horizontalOverflow(page);
    const culprits =
      overflow > 0
        ? await page.evaluate(() =>
            Array.from(document.body.querySelectorAll("*"))
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
              .slice(-3)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
          )
        : [];
    expect(overflow, `${url} at ${size.width}px: ${culprits.join(" | ")}`).toBeLessThanOrEqual(0);
  }
}

test("the main pages fit every breakpoint, signed out and signed in", async ({ page }) => {
  for (const url of ["/", "/search?q=mario", "/game/super-mario-64", "/users", "/login", "/signup", "/forgot-password", "/faq"]) {
    await expectNoOverflowAtEachSize(page, url);
  }

  // The longest username there is (21 characters, of the widest letter): review cards show it in full width
  // when they can (a grid column as wide as its widest card pushed the home page 1 px past 390 px).
  const me = await newMember(page, "wwwwwwwwww");
  const [reviewed, wished] = [withIgdb[7]!, withIgdb[8]!];
  await rateGame(page, reviewed, "8.5", "A sentence long enough to wrap a few times on a phone. ".repeat(12));
  await addToWishlist(page, wished);
  // Long unbroken words, as people type them: a URL in the bio and the website, a key-mash comment.
  const longWord = `https://example.org/${"averyverylongpathsegment".repeat(6)}`;
  await page.goto("/settings/profile");
  await waitForHydration(page);
  await page.getByLabel("Bio").fill(`My site ${longWord}`);
  await page.getByLabel("Website").fill(longWord.slice(0, 150));
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await commentOnReview(page, me, reviewed, "B".repeat(300));

  for (const url of [
    "/",
    `/review/${me.id}/${reviewed.igdb_id}`,
    `/review/${reviewed.igdb_id}`,
    `/game/${reviewed.igdb_id}/reviews`,
    `/user/${me.id}`,
    `/user/${me.id}?tab=top10`,
    `/user/${me.id}?tab=playlist`,
    `/user/${me.id}?tab=activity`,
    `/user/${me.id}?dialog=games`,
    "/users",
    "/settings/profile",
    "/account/password",
    "/account/delete",
  ]) {
    await expectNoOverflowAtEachSize(page, url);
  }

  // The profile's five stats at 390 px: no label runs into the next (3 + 2 rows there).
  await page.setViewportSize(SIZES[0]);
  await page.goto(`/user/${me.id}`);
  // The text's own box (a dt is as wide as its cell).
  const labels = await page.locator('dl[aria-label="Profile stats"] dt').evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNode(el.firstChild!);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right, top: Math.round(r.top) };
    }),
  );
  expect(labels).toHaveLength(5);
  for (let i = 1; i < labels.length; i++) {
    const [a, b] = [labels[i - 1]!, labels[i]!];
    if (a.top === b.top) expect(b.left - a.right, `stat labels ${i} and ${i + 1} at 390px`).toBeGreaterThanOrEqual(4);
  }
  // The review form's rating at 768 px: the slider gets the room, the number box stays narrow.
  await page.setViewportSize(SIZES[1]);
  await page.goto(`/review/${reviewed.igdb_id}`);
  const slider = (await page.getByRole("slider", { name: "Rating slider" }).boundingBox())!;
  const number = (await page.locator('input[name="rating"]').boundingBox())!;
  expect(number.width).toBeLessThanOrEqual(120);
  expect(slider.width).toBeGreaterThan(number.width * 2);
  await page.setViewportSize(SIZES[0]);
  await page.goto(`/user/${me.id}`);

  // …and the four tabs are all on screen.
  for (const name of ["Top 5", "Top 10", "Want to Play", "Activity"]) {
    const box = await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name }).boundingBox();
    expect(box!.x + box!.width, `tab ${name} at 390px`).toBeLessThanOrEqual(390);
  }
});

test("the Top 5 picker: a bottom sheet of small thumbnails on a phone, a dialog on a tablet; focus comes back to 'Add Game'", async ({
  page,
}) => {
  // No slide-up: the sheet's box is measured where it comes to rest.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await newMember(page, "picky");
  for (const g of PICKED) await rateGame(page, g, "9");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Account menu/ })
    .click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await page.waitForURL(/\/user\/\d+$/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Edit", exact: true }).click();

  for (const [size, sheet] of [
    [SIZES[0], "bottom"],
    [SIZES[1], "dialog"],
  ] as const) {
    await page.setViewportSize(size);
    const add = page.getByRole("button", { name: "Add Game" }).first();
    await add.focus();
    await page.keyboard.press("Enter");
    const picker = page.getByTestId("game-picker");
    await expect(picker).toHaveAttribute("data-sheet", sheet);
    await expect(picker.getByRole("button").filter({ hasText: PICKED[0]!.name })).toBeVisible();
    // Each row's cover is a thumbnail, not a cover as wide as the sheet.
    const covers = await picker.locator("li img").evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().width));
    expect(covers.length).toBeGreaterThanOrEqual(3);
    for (const w of covers) expect(w, `picker thumbnail at ${size.width}px`).toBeLessThanOrEqual(48);
    const box = (await picker.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await expect(add).toBeFocused();
  }
});

test("keyboard: the skip link, the sticky header never hides focus, stat dialogs give focus back, the phone search switch is tappable", async ({
  page,
}) => {
  const me = await newMember(page, "keys");
  const game = withIgdb[9]!;
  await rateGame(page, game, "7", "Long enough to scroll. ".repeat(120), { finished: "no" });

  // The skip link is the first stop, shows itself, and jumps past the header.
  await page.goto(`/review/${me.id}/${game.igdb_id}`);
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);

  // From the bottom of a long page, Tab wraps round to the top: what takes focus in the page lands
  // below the sticky header, not under it.
  await page.getByRole("contentinfo").getByRole("link").last().focus();
  for (let i = 0; i < 20 && !(await page.evaluate(() => !!document.activeElement?.closest("main"))); i++) await page.keyboard.press("Tab");
  const box = await page.evaluate(() => {
    const r = document.activeElement!.getBoundingClientRect();
    return { top: r.top, headerBottom: document.querySelector("header")!.getBoundingClientRect().bottom };
  });
  expect(box.top, "the focused element's top is below the header").toBeGreaterThanOrEqual(box.headerBottom);

  // A stat dialog opened from the keyboard closes with Escape and gives focus back to its stat.
  await page.goto(`/user/${me.id}`);
  await waitForHydration(page);
  const stat = page.getByTestId("stat-games");
  await stat.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(stat).toBeFocused();

  // The phone menu's Games / Users switch: targets of at least 24 px.
  await page.setViewportSize(SIZES[0]);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  for (const name of ["Games", "Users"]) {
    const box = (await menu.getByRole("group", { name: "Search for" }).getByRole("button", { name }).boundingBox())!;
    expect(box.height, `${name} switch height`).toBeGreaterThanOrEqual(24);
    expect(box.width).toBeGreaterThanOrEqual(24);
  }
});

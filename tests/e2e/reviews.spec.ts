import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import {
  newMember,
  openSignIn,
  PASSWORD,
  postFromPage,
  signOut,
  signUpAndVerify,
  signUpInModal,
  uniqueAccount,
  userId,
  verifyFromOutbox,
} from "./accounts";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Reviews end to end: a visitor presses Write Review on the game page, signs up in the dialog and
 * lands on the review page after verifying (the pending action); publishes, finds the review on the
 * game page and the home page; another member likes it (optimistic, rolled back on failure) and
 * comments; the author replies (@mention pre-filled), edits the reply, marks a spoiler and deletes.
 * The same forms without JavaScript.
 */

test.describe.configure({ timeout: 480_000 });

/** A second person: their own browser context and client address. */
async function otherPerson(browser: Browser, testInfo: TestInfo, n: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": `10.251.${(testInfo.workerIndex * 7 + n) % 250}.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

const reviewsRegion = (page: Page) => page.getByRole("region", { name: "Reviews" });
const cardBy = (region: Locator, author: string) =>
  region.getByTestId("game-review").filter({ has: region.page().getByText(author, { exact: true }) });
/** The comment with this text (the innermost one: a reply is inside its parent's item). */
const commentBy = (page: Page, text: string) =>
  page
    .getByTestId("comment")
    .filter({ has: page.getByTestId("comment-text").getByText(text) })
    .last();

test("a visitor writes a review from the game page after signing up; another member likes it, they discuss it, spoiler, delete", async ({
  page,
  browser,
}, testInfo) => {
  // A visitor's Write Review opens the sign-in dialog over the game page.
  await page.goto("/game/super-mario-64");
  await waitForHydration(page);
  const reviews = reviewsRegion(page);
  await reviews.getByRole("link", { name: "Write Review" }).click();
  await openSignInIfNeeded(page);
  await expect(page).toHaveURL(/\/game\/super-mario-64$/);
  const account = uniqueAccount("rev");
  await signUpInModal(page, account);
  await verifyFromOutbox(page, account);
  // The pending action takes the new member to the review page once signed in.
  await page.waitForURL("**/review/1074", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Review: Super Mario 64" })).toBeVisible();
  await waitForHydration(page);

  const publish = page.getByRole("button", { name: "Publish Review" });
  await expect(publish).toBeDisabled(); // the finish answer is not chosen yet
  const rating = page.getByRole("spinbutton", { name: "Rating" });
  await rating.fill("12");
  await rating.blur();
  await expect(rating).toHaveValue("10");
  await expect(page.getByText("Perfect score!")).toBeVisible();
  await rating.fill("8.4");
  await rating.blur();
  await expect(rating).toHaveValue("8.5");
  await page.getByRole("group", { name: "Did you finish the game?" }).getByLabel("Yes").check();
  await page.getByRole("group", { name: "Would you recommend this game?" }).getByLabel("Yes").check();
  await expect(page.getByLabel("Platform")).toHaveValue("Nintendo 64");
  await page.getByLabel(/^Review/).fill("Still the best <script>window.__pwned = 1</script>3D platformer.");
  await page.getByLabel(/^Playtime/).fill("40h");
  await expect(page.getByLabel(/^Playtime/)).toHaveValue("40");
  await publish.click();

  await page.waitForURL("**/game/super-mario-64");
  await expect(reviews.getByText("Still the best 3D platformer.")).toBeVisible();
  await expect(reviews.getByRole("link", { name: "Edit Review" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const authorId = await userId(page);

  await page.goto("/");
  const recent = page.getByRole("region", { name: "Recent Reviews" });
  await expect(recent.getByText("Still the best 3D platformer.").first()).toBeVisible();

  // Another member likes it from the game page's newest reviews: at once, and it stays after a reload.
  const other = await otherPerson(browser, testInfo, 1);
  const fan = uniqueAccount("fan");
  await signUpAndVerify(other.page, fan);
  const fanPage = other.page;
  await fanPage.goto("/game/super-mario-64");
  await waitForHydration(fanPage);
  const like = cardBy(reviewsRegion(fanPage), account.username).getByTestId("review-like");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like.getByTestId("like-count")).toHaveText("0");

  // A failing call: the heart flips at once and falls back, with the toast.
  await fanPage.route("**/api/reviews/*/like*", (route) => route.abort());
  await like.click();
  await expect(fanPage.getByText("Failed to toggle like")).toBeVisible();
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like.getByTestId("like-count")).toHaveText("0");
  await fanPage.unroute("**/api/reviews/*/like*");

  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like.getByTestId("like-count")).toHaveText("1");
  await fanPage.reload();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like.getByTestId("like-count")).toHaveText("1");

  // The home page's Recent Reviews card carries the same like state and count.
  await fanPage.goto("/");
  await waitForHydration(fanPage);
  const homeLike = fanPage
    .getByRole("region", { name: "Recent Reviews" })
    .getByRole("article")
    .filter({ hasText: "Still the best 3D platformer." })
    .getByTestId("review-like");
  await expect(homeLike).toHaveAttribute("aria-pressed", "true");
  await expect(homeLike.getByTestId("like-count")).toHaveText("1");

  // The fan comments on the review view.
  await fanPage.goto(`/review/${authorId}/1074`);
  await waitForHydration(fanPage);
  await expect(fanPage.getByTestId("review-like")).toHaveAttribute("aria-pressed", "true");
  const composer = fanPage.getByRole("textbox", { name: "Comment" });
  await composer.fill("What about the camera?");
  await expect(fanPage.getByText("478 characters remaining")).toBeVisible();
  await fanPage.getByRole("button", { name: "Post Comment" }).click();
  await expect(commentBy(fanPage, "What about the camera?")).toBeVisible();
  await expect(fanPage.getByRole("heading", { name: "Comments (1)" })).toBeVisible();

  // The author replies: the reply starts with an @mention of the commenter; then edits it.
  await page.goto(`/review/${authorId}/1074`);
  await waitForHydration(page);
  const question = commentBy(page, "What about the camera?");
  await question.getByRole("link", { name: "Reply", exact: true }).click();
  const reply = question.getByRole("textbox", { name: "Reply" });
  await expect(reply).toHaveValue(`@${fan.username} `);
  await reply.press("End");
  await reply.pressSequentially("it aged, the rest did not.");
  await question.getByRole("button", { name: "Reply", exact: true }).click();
  const answer = commentBy(page, "it aged, the rest did not.");
  await expect(answer).toBeVisible();
  await expect(answer.getByTestId("comment-text")).toHaveText(`@${fan.username} it aged, the rest did not.`);
  await expect(page.getByRole("heading", { name: "Comments (2)" })).toBeVisible();

  await answer.locator("summary", { hasText: "Edit" }).click();
  const edit = answer.getByRole("textbox", { name: "Edit comment" });
  await edit.fill(`@${fan.username} it aged; the rest did not.`);
  await answer.getByRole("button", { name: "Save" }).click();
  const edited = commentBy(page, "it aged; the rest did not.");
  await expect(edited).toBeVisible();
  await expect(edited.getByText("(edited)")).toBeVisible();

  // The fan sees the reply under their comment.
  await fanPage.reload();
  await expect(commentBy(fanPage, "it aged; the rest did not.")).toBeVisible();
  await expect(commentBy(fanPage, "it aged; the rest did not.").getByText("(edited)")).toBeVisible();

  // The author marks the review as a spoiler: the game page's and the home page's cards hide it.
  await page.getByRole("link", { name: "Edit Review" }).click();
  await expect(page.getByRole("heading", { name: "Edit Your Review: Super Mario 64" })).toBeVisible();
  await waitForHydration(page);
  const update = page.getByRole("button", { name: "Update Review" });
  await expect(update).toBeDisabled();
  await page.getByLabel("Contains spoilers").check();
  await expect(update).toBeEnabled();
  await update.click();
  await page.waitForURL("**/game/super-mario-64");
  const spoilerCard = cardBy(reviews, account.username);
  await expect(spoilerCard.getByText("Show spoilers")).toBeVisible();
  await expect(spoilerCard.getByText("Still the best 3D platformer.")).toBeHidden();
  await spoilerCard.getByText("Show spoilers").click();
  await expect(spoilerCard.getByText("Still the best 3D platformer.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Recent Reviews" }).getByText("Show spoilers").first()).toBeVisible();

  // The author deletes their reply (the 'Delete Comment' confirmation), then the review.
  await page.goto(`/review/${authorId}/1074`);
  await waitForHydration(page);
  const mine = commentBy(page, "it aged; the rest did not.");
  await mine.locator("summary", { hasText: "Delete" }).click();
  const confirm = mine.getByRole("dialog", { name: "Delete Comment" });
  await expect(confirm).toContainText("Are you sure you want to delete this comment?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(mine).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();

  await page.goto("/review/1074");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Delete" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete Review" });
  await expect(dialog).toContainText("Are you sure you want to delete your review for Super Mario 64? This action cannot be undone.");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await page.waitForURL("**/game/super-mario-64");
  await expect(reviews.getByRole("link", { name: "Write Review" })).toBeVisible();
  await expect(cardBy(reviews, account.username)).toHaveCount(0);
  await other.context.close();
});

/** The Write Review click opens the dialog; if it is not open yet, the header's Sign In does. */
async function openSignInIfNeeded(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  if (!(await dialog.isVisible())) {
    await expect(dialog)
      .toBeVisible({ timeout: 10_000 })
      .catch(() => openSignIn(page));
  }
  await expect(dialog).toBeVisible();
}

/** A review of Portal 2 (IGDB 72) through the review form's plain post (a 303, not followed). */
async function reviewPortal2(page: Page, text: string) {
  const res = await postFromPage(page, "/review/72", {
    rating: "8",
    recommended: "yes",
    finished: "no",
    platform: "PC (Microsoft Windows)",
    text,
  });
  expect(res.status, res.text).toBe(0);
}

test("the comment composer says what is wrong before posting: blank, or over 500 characters counted as the server counts", async ({
  page,
}) => {
  const member = await newMember(page, "composer");
  await reviewPortal2(page, "Two portals, one long joke.");
  await page.goto(`/review/${member.id}/72`);
  await waitForHydration(page);
  const composer = page.getByRole("textbox", { name: "Comment" });
  const post = page.getByRole("button", { name: "Post Comment" });

  await composer.fill("   \n   ");
  await post.click();
  await expect(page.getByText("Comment cannot be empty")).toBeVisible();
  await expect(composer).toBeFocused();

  await composer.fill("x".repeat(501));
  await expect(page.getByText("-1 characters remaining")).toBeVisible();
  await post.click();
  await expect(page.getByText("Comment exceeds 500 characters")).toBeVisible();
  await expect(page.getByText("Comment cannot be empty")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Comments (0)" })).toBeVisible();

  // 500 emoji are 500 characters (1,000 UTF-16 code units), and the edge spaces do not count: accepted.
  await composer.fill(`  ${"🎮".repeat(500)}  `);
  await expect(page.getByText("Comment exceeds 500 characters")).toBeHidden();
  await post.click();
  await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
  await expect(commentBy(page, "🎮🎮🎮")).toBeVisible();
});

test("comments: 'Delete Comment' has a Cancel that closes it (keyboard and mouse); a visitor's Reply opens the sign-in dialog, and the reply form after signing in", async ({
  page,
  browser,
}, testInfo) => {
  const member = await newMember(page, "cancel");
  await reviewPortal2(page, "Cooperative mode is the best part.");
  await page.goto(`/review/${member.id}/72`);
  await waitForHydration(page);
  await page.getByRole("textbox", { name: "Comment" }).fill("Who else played it split-screen?");
  await page.getByRole("button", { name: "Post Comment" }).click();
  const mine = commentBy(page, "Who else played it split-screen?");
  await expect(mine).toBeVisible();

  // Keyboard: the confirmation opens with focus on Cancel; Enter closes it and focus goes back.
  const summary = mine.locator("summary", { hasText: "Delete" });
  await summary.focus();
  await page.keyboard.press("Enter");
  const confirm = mine.getByRole("dialog", { name: "Delete Comment" });
  await expect(confirm).toBeVisible();
  const cancel = confirm.getByText("Cancel", { exact: true });
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(summary).toBeFocused();
  // Escape closes it too; and a click on Cancel.
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await summary.click();
  await confirm.getByText("Cancel", { exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(mine).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comments (1)" })).toBeVisible();

  // A visitor sees Reply; it opens the sign-in dialog, and once signed in the reply form is open.
  const visitor = await otherPerson(browser, testInfo, 3);
  await visitor.page.goto(`/review/${member.id}/72`);
  await waitForHydration(visitor.page);
  await commentBy(visitor.page, "Who else played it split-screen?").getByRole("link", { name: "Reply", exact: true }).click();
  const dialog = visitor.page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(member.email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  const reply = commentBy(visitor.page, "Who else played it split-screen?").getByRole("textbox", { name: "Reply" });
  await expect(reply).toHaveValue(`@${member.username} `);
  await visitor.context.close();
});

test("a session that ends while writing keeps the review, opens the sign-in dialog, and Publish works after signing in", async ({
  page,
}) => {
  const member = await newMember(page, "expiry");
  await page.goto("/review/72");
  await expect(page.getByRole("heading", { name: /^Review: / })).toBeVisible();
  await waitForHydration(page);
  const text = `Drafted by ${member.username} while the session ran out.`;
  await page.getByRole("spinbutton", { name: "Rating" }).fill("9");
  await page.getByRole("group", { name: "Did you finish the game?" }).getByLabel("Yes").check();
  await page.getByRole("group", { name: "Would you recommend this game?" }).getByLabel("Yes").check();
  await page.getByLabel("Platform").selectOption("PC (Microsoft Windows)");
  await page.getByLabel(/^Review/).fill(text);

  // Signed out in another tab (as an expired session would be).
  const other = await page.context().newPage();
  await other.goto("/");
  await waitForHydration(other);
  await signOut(other);
  await other.close();

  await page.getByRole("button", { name: "Publish Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in to your account" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/review\/72$/);
  await expect(page.getByLabel(/^Review/)).toHaveValue(text);

  await dialog.getByLabel("Email").fill(member.email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel(/^Review/)).toHaveValue(text);
  await expect(page.getByRole("spinbutton", { name: "Rating" })).toHaveValue("9");
  await page.getByRole("button", { name: "Publish Review" }).click();
  await expect(page).toHaveURL(/\/game\/[a-z0-9-]+$/);
  await expect(reviewsRegion(page).getByText(text)).toBeVisible();
});

test.describe("a connection that drops", () => {
  // The service worker would answer the page's data itself, out of page.route()'s sight.
  test.use({ serviceWorkers: "block" });

  test("Publish that never reaches the server keeps the page and the text, says so, and works on retry", async ({ page }) => {
    const member = await newMember(page, "flaky");
    await page.goto("/review/72");
    await expect(page.getByRole("heading", { name: /^Review: / })).toBeVisible();
    await waitForHydration(page);
    const text = `Written on a train by ${member.username}; the tunnel came at the worst moment.`;
    await page.getByRole("spinbutton", { name: "Rating" }).fill("7");
    await page.getByRole("group", { name: "Did you finish the game?" }).getByLabel("No").check();
    await page.getByRole("group", { name: "Would you recommend this game?" }).getByLabel("Yes").check();
    const platform = page.getByLabel("Platform");
    if ((await platform.inputValue()) === "") await platform.selectOption({ index: 1 });
    await page.getByLabel(/^Review/).fill(text);

    // The POST is cut off before any answer.
    await page.route("**/review/72.data*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("button", { name: "Publish Review" }).click();
    await expect(page.getByText("Failed to submit review. Please try again.")).toBeVisible();
    await expect(page.getByLabel(/^Review/)).toHaveValue(text);
    await expect(page).toHaveURL(/\/review\/72$/);

    await page.unroute("**/review/72.data*");
    await page.getByRole("button", { name: "Publish Review" }).click();
    await expect(page).toHaveURL(/\/game\/[a-z0-9-]+$/);
    await expect(reviewsRegion(page).getByText(text)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test("a visitor is sent to sign in and back to the review page", async ({ browser }, testInfo) => {
    const visitor = await otherPerson(browser, testInfo, 2, false);
    await visitor.page.goto("/review/1074");
    await expect(visitor.page).toHaveURL(/\/login\?redirectTo=%2Freview%2F1074$/);
    await visitor.context.close();
  });

  test("publish, like, comment, reply, edit and delete are plain form posts", async ({ page, browser }) => {
    const member = await newMember(page, "nojs");
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();

    await plain.goto("/game/72");
    const reviews = reviewsRegion(plain);
    await reviews.getByRole("link", { name: "Write Review" }).click();
    await expect(plain.getByRole("heading", { name: /^Review: / })).toBeVisible();
    const rating = plain.getByRole("spinbutton", { name: "Rating" });
    await rating.fill("9");
    await plain.getByRole("group", { name: "Did you finish the game?" }).getByLabel("No").check();
    await plain.getByRole("group", { name: "Would you recommend this game?" }).getByLabel("Yes").check();
    await plain.getByLabel(/^Review/).fill("Written without scripts.");
    // The game has several platforms, so none is preselected: the browser asks for one first.
    const platform = plain.getByLabel("Platform");
    await plain.getByRole("button", { name: "Publish Review" }).click();
    expect(await platform.evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true);
    await expect(plain).toHaveURL(/\/review\/72$/);
    await platform.selectOption("PC (Microsoft Windows)");
    await plain.getByRole("button", { name: "Publish Review" }).click();
    await expect(plain).toHaveURL(/\/game\//);
    const card = cardBy(reviews, member.username);
    await expect(card.getByText("Written without scripts.")).toBeVisible();
    await expect(reviews.getByRole("link", { name: "Edit Review" })).toBeVisible();

    // Like from the game page: the form post comes back to the page with the new state.
    await card.getByTestId("review-like").click();
    await expect(card.getByTestId("review-like")).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByTestId("like-count")).toHaveText("1");

    await card.getByRole("link", { name: /Read review/ }).click();
    await expect(plain.getByText("Review by")).toBeVisible();
    await plain.getByRole("textbox", { name: "Comment" }).fill("A note to self.");
    await plain.getByRole("button", { name: "Post Comment" }).click();
    const note = commentBy(plain, "A note to self.");
    await expect(note).toBeVisible();

    await note.getByRole("link", { name: "Reply", exact: true }).click();
    const reply = note.getByRole("textbox", { name: "Reply" });
    await expect(reply).toHaveValue(`@${member.username} `);
    await reply.fill(`@${member.username} and a reply.`);
    await note.getByRole("button", { name: "Reply", exact: true }).click();
    const replied = commentBy(plain, "and a reply.");
    await expect(replied).toBeVisible();

    await replied.locator("summary", { hasText: "Edit" }).click();
    await replied.getByRole("textbox", { name: "Edit comment" }).fill(`@${member.username} and an edited reply.`);
    await replied.getByRole("button", { name: "Save" }).click();
    const edited = commentBy(plain, "and an edited reply.");
    await expect(edited.getByText("(edited)")).toBeVisible();

    await edited.locator("summary", { hasText: "Delete" }).click();
    await edited.getByRole("dialog", { name: "Delete Comment" }).getByRole("button", { name: "Delete" }).click();
    await expect(commentBy(plain, "and an edited reply.")).toHaveCount(0);
    await expect(note).toBeVisible();

    // Delete the review: the confirmation is a page of its own (?delete=1).
    await plain.getByRole("link", { name: "Edit Review" }).click();
    await plain.getByRole("link", { name: "Delete" }).click();
    const dialog = plain.getByRole("alertdialog", { name: "Delete Review" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(plain).toHaveURL(/\/game\//);
    await expect(reviews.getByRole("link", { name: "Write Review" })).toBeVisible();
    await context.close();
  });
});

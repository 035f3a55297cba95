import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { accountMenu, createAccountsThroughApi, newMember, postFromPage, signUpAndVerify, uniqueAccount, userId } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { expect, horizontalOverflow, screenshot, test, waitForHydration } from "./fixtures";

/**
 * Profiles, following and Discover: find a member on Discover, follow them, see their review on the
 * home page and on their Activity tab, unfollow; edit a profile with an avatar; Discover's paging
 * and filters without JavaScript; the profile and the review view at phone, tablet and laptop widths.
 */

test.describe.configure({ timeout: 480_000 });

const DARK_SOULS = demoGames.find((g) => g.name === "Dark Souls" && g.igdb_id)!;
const PORTAL = demoGames.find((g) => g.name === "Portal" && g.igdb_id)!;

/** A second person: their own browser context and client address. */
async function otherPerson(browser: Browser, testInfo: TestInfo, n: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": `10.252.${(testInfo.workerIndex * 7 + n) % 250}.${Math.floor(Math.random() * 250) + 1}` },
  });
  return { context, page: await context.newPage() };
}

/** A review through the review form's plain post (answered with a 303, not followed). */
async function review(page: Page, igdbId: number, platform: string, text: string, rating = "8") {
  const res = await postFromPage(page, `/review/${igdbId}`, { rating, recommended: "yes", finished: "yes", platform, text });
  expect(res.status, res.text).toBe(0);
}

const followedSection = (page: Page) => page.getByRole("region", { name: "From people you follow" });

test("find someone on Discover, follow them, see their review on the home page and their Activity tab, unfollow", async ({
  page,
  browser,
}, testInfo) => {
  const other = await otherPerson(browser, testInfo, 1);
  const star = await newMember(other.page, "star");
  await review(other.page, DARK_SOULS.igdb_id!, "PC (Microsoft Windows)", "Praise the sun, and mind the bonfires.");
  await other.context.close();

  await newMember(page, "seeker");
  // Following nobody yet: the home page invites them to Discover Users.
  await expect(followedSection(page).getByText("You are not following anyone yet")).toBeVisible();
  await followedSection(page).getByRole("link", { name: "Discover Users" }).last().click();
  await page.waitForURL("**/users");
  await waitForHydration(page);

  await page.getByRole("searchbox", { name: "Search users" }).fill(star.username);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === star.username);
  await expect(page.getByRole("heading", { name: "Search Results (1)" })).toBeVisible();
  const results = page.getByTestId("user-results");
  await expect(results.getByRole("link", { name: star.username }).first()).toBeVisible();
  await waitForHydration(page);
  const follow = results.getByTestId(`follow-${star.id}`);
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toContainText(/Following|Unfollow/);

  // Their review in 'From people you follow'.
  await page.goto("/");
  await expect(followedSection(page).getByTestId("followed-reviews")).toContainText("Praise the sun, and mind the bonfires.");
  await expect(followedSection(page).getByTestId("followed-reviews")).toContainText(star.username);

  // …and on their profile's Activity tab.
  await page.goto(`/user/${star.id}`);
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  await expect(page.getByTestId("activity-item").filter({ hasText: DARK_SOULS.name }).first()).toBeVisible();
  await expect(page.locator('[data-testid="activity-item"][data-type="review"]')).toContainText(DARK_SOULS.name);

  // Unfollow from their profile: the count and the home page follow.
  const profileFollow = page.getByTestId(`follow-${star.id}`);
  await expect(profileFollow).toHaveAttribute("aria-pressed", "true");
  await profileFollow.click();
  await expect(profileFollow).toHaveAttribute("aria-pressed", "false");
  await expect(profileFollow).toHaveText(/Follow/);
  await page.reload();
  await expect(page.getByTestId(`follow-${star.id}`)).toHaveAttribute("aria-pressed", "false");
  await page.goto("/");
  await expect(followedSection(page).getByText("You are not following anyone yet")).toBeVisible();
});

test("edit the profile with an avatar and see it in the header; the profile and the review view at 430, 768 and 1024 px", async ({
  page,
}, testInfo) => {
  const member = await newMember(page, "face");
  await expect(accountMenu(page).locator("img")).toHaveCount(0);

  await page.goto(`/user/${member.id}`);
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.waitForURL("**/settings/profile");
  await waitForHydration(page);

  // A small PNG made here (the server re-encodes it to a square WebP).
  const png = await sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 220, g: 60, b: 120 } } })
    .png()
    .toBuffer();
  const avatar = page.getByRole("region", { name: "Avatar" });
  await avatar.getByLabel("Avatar image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await avatar.getByRole("button", { name: "Upload avatar" }).click();
  await expect(avatar.getByRole("status")).toHaveText("Avatar updated");
  // The header's account button now shows the uploaded picture.
  const headerAvatar = accountMenu(page).locator("img");
  await expect(headerAvatar).toHaveAttribute("src", /\/uploads\//, { timeout: 10_000 });
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByLabel("Bio").fill("Collects platformers, finishes some.");
  await page.getByLabel("Location").fill("Lisbon");
  await page.getByLabel("PC", { exact: true }).check();
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.reload();
  await expect(accountMenu(page).locator("img")).toHaveAttribute("src", /\/uploads\//);

  await page.goto(`/user/${member.id}`);
  await expect(page.getByText("Collects platformers, finishes some.")).toBeVisible();
  await expect(page.getByText("Lisbon")).toBeVisible();
  await expect(page.getByRole("main").locator('img[src*="/uploads/"]').first()).toBeVisible();

  // The profile and a review view at the three widths: nothing wider than the screen.
  await review(page, PORTAL.igdb_id!, "PC (Microsoft Windows)", "Short, sharp and funny. ".repeat(30), "9.5");
  for (const width of [430, 768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/user/${member.id}`);
    await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
    expect(await horizontalOverflow(page), `profile at ${width}px`).toBeLessThanOrEqual(0);
    // Each stat's label fits its column (FOLLOWING / FOLLOWERS do not run into each other).
    const cramped = await page
      .getByRole("definition")
      .or(page.getByRole("term"))
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cramped, `stats at ${width}px`).toEqual([]);
    await screenshot(page, testInfo, `profile-${width}`);

    await page.goto(`/review/${member.id}/${PORTAL.igdb_id}`);
    await expect(page.getByText("Review by")).toBeVisible();
    expect(await horizontalOverflow(page), `review view at ${width}px`).toBeLessThanOrEqual(0);
    await screenshot(page, testInfo, `review-view-${width}`);
  }
});

test("the author on a home page review card opens their profile", async ({ page }) => {
  const author = await newMember(page, "byline");
  const text = `Portal, as told by ${author.username}.`;
  await review(page, PORTAL.igdb_id!, "PC (Microsoft Windows)", text);
  await page.goto("/");
  const card = page.getByRole("region", { name: "Recent Reviews" }).getByRole("article").filter({ hasText: text });
  // A real click at the name (not a keyboard activation): nothing else on the card may sit over it.
  await card.getByRole("link", { name: author.username, exact: true }).click({ timeout: 10_000 });
  await page.waitForURL(`**/user/${author.id}`);
  await expect(page.getByRole("heading", { level: 1, name: author.username })).toBeVisible();
});

test.describe("avatars that fail to load", () => {
  // The service worker would answer image requests itself, out of page.route()'s sight.
  test.use({ serviceWorkers: "block" });

  test("show the initial letter instead: header, home card, review view, game page, Discover, profile", async ({ page, browser }) => {
    // Every uploaded picture fails from the start (a dead file, a CDN outage).
    await page.route("**/uploads/**", (route) => route.abort());
    const member = await newMember(page, "deadpic");
    const initial = member.username.charAt(0).toUpperCase();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    const upload = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append("avatar", new Blob([bytes], { type: "image/png" }), "me.png");
      const res = await fetch("/settings/avatar", { method: "POST", body: form, headers: { Accept: "application/json" } });
      return { status: res.status, text: await res.text() };
    }, png.toString("base64"));
    expect(upload.status, upload.text).toBe(200);
    const text = `A face that never loads, by ${member.username}.`;
    await review(page, PORTAL.igdb_id!, "PC (Microsoft Windows)", text);

    /** The place shows no picture from /uploads and shows the initial letter. */
    async function expectInitial(place: Locator) {
      await place.scrollIntoViewIfNeeded();
      await expect(place.locator('img[src*="/uploads/"]')).toHaveCount(0);
      await expect(place.getByText(initial, { exact: true }).first()).toBeVisible();
    }

    await page.goto("/");
    await waitForHydration(page);
    await expectInitial(accountMenu(page));
    await expectInitial(
      page
        .getByRole("region", { name: "Recent Reviews" })
        .getByRole("article")
        .filter({ hasText: text })
        .getByRole("link", { name: member.username }),
    );

    await page.goto(`/review/${member.id}/${PORTAL.igdb_id}`);
    await waitForHydration(page);
    await expectInitial(page.getByRole("main").locator("article").first());

    await page.goto(`/game/${PORTAL.igdb_id}`);
    await waitForHydration(page);
    await expectInitial(page.getByTestId("game-review").filter({ hasText: text }));

    // Discover lists everyone but the viewer: someone else looks (uploads failing for them too).
    const visitor = await browser.newContext({ serviceWorkers: "block" });
    const other = await visitor.newPage();
    await other.route("**/uploads/**", (route) => route.abort());
    await other.goto(`/users?q=${encodeURIComponent(member.username)}`);
    await waitForHydration(other);
    await expectInitial(other.getByTestId("user-results").getByRole("listitem").first());
    await visitor.close();

    await page.goto(`/user/${member.id}`);
    await waitForHydration(page);
    await expectInitial(page.getByRole("main").locator("header").first());
  });
});

test.describe("a connection that drops", () => {
  // The service worker would answer the page's data itself, out of page.route()'s sight.
  test.use({ serviceWorkers: "block" });

  test("a profile save that never reaches the server keeps the edits, says so, and works on retry", async ({ page }) => {
    await newMember(page, "offline");
    await page.goto("/settings/profile");
    await waitForHydration(page);
    const bio = page.getByLabel("Bio");
    await bio.fill("Collector of boxed SNES games.");
    await page.route("**/settings/profile.data*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Failed to update profile. Please try again.")).toBeVisible();
    await expect(bio).toHaveValue("Collector of boxed SNES games.");

    await page.unroute("**/settings/profile.data*");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Profile updated")).toBeVisible();
  });
});

test.describe("Discover without JavaScript", () => {
  test("paging over 20 results and the filters are plain links and forms", async ({ page, request, browser, baseURL }, testInfo) => {
    const prefix = `dp${Date.now().toString(36).slice(-6)}`;
    // 21 members made through the sign-up API, and one verified member with a review and a platform.
    await createAccountsThroughApi(
      request,
      baseURL!,
      Array.from({ length: 21 }, (_, i) => ({ username: `${prefix}_${String(i).padStart(2, "0")}`, email: `${prefix}.${i}@example.org` })),
    );
    const reviewer = { ...uniqueAccount("x"), username: `${prefix}_rev` };
    await signUpAndVerify(page, reviewer);
    await review(page, PORTAL.igdb_id!, "PC (Microsoft Windows)", "Found through the filters.");
    await page.goto("/settings/profile");
    await page.getByLabel("Nintendo Switch", { exact: true }).check();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Profile updated")).toBeVisible();
    const reviewerId = await userId(page);

    const visitor = await otherPerson(browser, testInfo, 3, false);
    const plain = visitor.page;
    await plain.goto("/users");
    await plain.getByRole("searchbox", { name: "Search users" }).fill(prefix);
    await plain.getByRole("button", { name: "Search", exact: true }).click();
    await expect(plain.getByRole("heading", { name: "Search Results (22)" })).toBeVisible();
    const results = plain.getByTestId("user-results").getByRole("listitem");
    await expect(results).toHaveCount(20);
    const firstPage = await results.allInnerTexts();

    const pagination = plain.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Next page" }).click();
    await expect(plain).toHaveURL(/[?&]page=2/);
    await expect(results).toHaveCount(2);
    for (const text of await results.allInnerTexts()) expect(firstPage).not.toContain(text);
    await pagination.getByRole("link", { name: "Page 1" }).click();
    await expect(results).toHaveCount(20);

    // Filters: has reviews.
    await plain.locator("summary", { hasText: "Filters" }).click();
    await plain.getByLabel("Has reviews").check();
    await plain.getByRole("button", { name: "Apply Filters" }).click();
    await expect(plain).toHaveURL(/[?&]reviews=1/);
    await expect(plain.getByRole("heading", { name: "Search Results (1)" })).toBeVisible();
    await expect(results).toHaveCount(1);
    await expect(results.first().getByRole("link", { name: reviewer.username }).first()).toHaveAttribute("href", `/user/${reviewerId}`);

    // Platform instead: the one member who plays on Switch.
    await plain.getByLabel("Has reviews").uncheck();
    await plain.getByLabel("Platform").selectOption("Nintendo Switch");
    await plain.getByRole("button", { name: "Apply Filters" }).click();
    await expect(plain).toHaveURL(/[?&]platform=Nintendo/);
    await expect(plain.getByRole("heading", { name: "Search Results (1)" })).toBeVisible();
    await expect(results.first()).toContainText(reviewer.username);

    // Joined within: every one of them is new.
    await plain.getByLabel("Platform").selectOption("");
    await plain.getByLabel("Joined").selectOption({ index: 1 });
    await plain.getByRole("button", { name: "Apply Filters" }).click();
    await expect(plain).toHaveURL(/[?&]joined=/);
    await expect(plain.getByRole("heading", { name: "Search Results (22)" })).toBeVisible();

    await plain.getByRole("link", { name: "Clear Filters" }).click();
    await expect(plain).not.toHaveURL(/joined=/);
    await expect(plain.getByRole("heading", { name: "Search Results (22)" })).toBeVisible();
    await visitor.context.close();
  });
});

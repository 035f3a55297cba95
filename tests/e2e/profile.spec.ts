import { newMember, PASSWORD, postFromPage, verifyThroughApi } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * The profile page's failure paths and long lists: the Want to Play tab says when a removal or a
 * priority change fails, the follow dialog's toggles and paging, a profile that fails to load.
 */

test.describe.configure({ timeout: 240_000 });
// page.route() must see the page's own requests, not the service worker's answers.
test.use({ serviceWorkers: "block" });

const withIgdb = demoGames.filter((g) => g.igdb_id && (g.category ?? 0) === 0);

test("Want to Play: a removal or a priority change that fails says so, and the tile comes back as it was", async ({ page }) => {
  const me = await newMember(page, "wtp");
  const [a, b] = [withIgdb[5]!, withIgdb[6]!];
  for (const g of [a, b]) {
    const res = await postFromPage(page, "/api/lists", { intent: "add_to_wishlist", igdbId: String(g.igdb_id), format: "json" });
    expect(res.status, res.text).toBe(200);
  }
  await page.goto(`/user/${me.id}?tab=playlist`);
  await waitForHydration(page);
  const grid = page.getByTestId("wishlist-grid");
  await expect(grid).toContainText(a.name);

  // The connection drops: the tile goes at once, then comes back with 'Failed to remove game'.
  await page.route("**/api/lists", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await grid.getByRole("button", { name: `Remove ${a.name} from your wishlist` }).click();
  await expect(page.getByText("Failed to remove game")).toBeVisible();
  await expect(grid.getByRole("button", { name: `Remove ${a.name} from your wishlist` })).toBeVisible();
  await page.unroute("**/api/lists");

  // The server refuses: the game left the wishlist elsewhere, so its priority cannot change.
  const gone = await postFromPage(page, "/api/lists", { intent: "remove_from_wishlist", igdbId: String(b.igdb_id), format: "json" });
  expect(gone.status, gone.text).toBe(200);
  const priority = grid.getByLabel(`Priority of ${b.name}`);
  await priority.selectOption("High");
  await expect(page.getByText("Failed to update wishlist: This game is not in your wishlist")).toBeVisible();
  await expect(priority).toHaveValue("1");

  // And when nothing fails, the removal stays.
  await grid.getByRole("button", { name: `Remove ${a.name} from your wishlist` }).click();
  await expect(grid).not.toContainText(a.name);
  await page.reload();
  await expect(page.getByTestId("wishlist-grid")).not.toContainText(a.name);
});

test("a profile that fails to load says 'Failed to load user data', then goes home", async ({ page }) => {
  const me = await newMember(page, "lost");
  await page.goto(`/user/${me.id}`);
  await waitForHydration(page);
  // The next read of the profile's data fails on the server: the answer is the server's own, with the
  // profile route's result turned into the error a throwing loader sends (tests/http/edge.test.ts
  // checks that shape against a real failure).
  await page.route(`**/user/${me.id}.data*`, async (route) => {
    const real = await route.fetch();
    const [head, ...rest] = (await real.text()).split("\n");
    const values = JSON.parse(head!) as unknown[];
    const top = values[0] as Record<string, number>;
    const key = Object.keys(top).find((k) => values[Number(k.slice(1))] === "routes/user")!;
    const push = (v: unknown) => values.push(v) - 1;
    const error = push(["SanitizedError", push("Error"), push("Unexpected Server Error"), -7]);
    values[top[key]!] = { [`_${push("error")}`]: error };
    // The server's headers (X-Remix-Response among them), less those of the original body's encoding.
    const headers = Object.fromEntries(Object.entries(real.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)));
    await route.fulfill({ status: 500, headers, body: [JSON.stringify(values), ...rest].join("\n") });
  });

  await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Top 10" }).click();
  await expect(page.getByRole("alert").getByRole("heading", { name: "Failed to load user data" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  await page.unroute(`**/user/${me.id}.data*`);
});

test("follow dialog: a follow toggle on each person, 'Load more' past the first 50 (with and without JavaScript), failures say why", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const me = await newMember(page, "fans");
  // 51 members made through the sign-up API (each from its own address), all followed by me.
  const stamp = Date.now().toString(36).slice(-6);
  const ids: number[] = [];
  for (let i = 0; i < 51; i++) {
    const username = `f${stamp}_${String(i).padStart(2, "0")}`;
    const res = await request.post("/api/auth/sign-up/email", {
      headers: { origin: baseURL!, "x-forwarded-for": `10.251.${Math.floor(i / 200)}.${(i % 200) + 1}` },
      data: {
        email: `${username}@example.org`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agreeToTerms: true,
        name: username,
        username,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await verifyThroughApi(baseURL!, `${username}@example.org`);
    // The sign-up answer carries no id; once verified, the user search finds it.
    const found = await request.get(`/api/users/search?q=${username}&limit=1`);
    const [user] = ((await found.json()) as { users: { id: number; username: string }[] }).users;
    expect(user?.username).toBe(username);
    ids.push(user!.id);
  }
  for (const id of ids) {
    const res = await postFromPage(page, `/api/users/${id}/follow`, { intent: "follow", format: "json" });
    expect(res.status, res.text).toBe(200);
  }

  // Without JavaScript: 'Load more' is a link to the next page, which holds the one person left.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto(`/user/${me.id}?dialog=following`);
  await expect(plain.getByTestId("dialog-person")).toHaveCount(50);
  const firstPage = await plain
    .getByTestId("dialog-person")
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await plain.getByRole("link", { name: "Load more" }).click();
  await expect(plain).toHaveURL(/[?&]after=/);
  await expect(plain.getByTestId("dialog-person")).toHaveCount(1);
  expect(firstPage).not.toContain(await plain.getByTestId("dialog-person").getByRole("link").getAttribute("href"));
  await noJs.close();

  await page.goto(`/user/${me.id}`);
  await waitForHydration(page);
  await page.getByTestId("stat-following").click();
  const dialog = page.getByRole("dialog", { name: "Following" });
  const people = dialog.getByTestId("dialog-person");
  await expect(people).toHaveCount(50);
  await expect(dialog.getByRole("button", { name: /^(Following|Unfollow)/ })).toHaveCount(50);
  await dialog.getByRole("link", { name: "Load more" }).click();
  await expect(people).toHaveCount(51);
  await expect(dialog.getByRole("link", { name: "Load more" })).toHaveCount(0);
  const shown = await people.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(new Set(shown).size).toBe(51);

  // A failure the server reports: the state rolls back, and the toast says what and why.
  const last = people.last().getByRole("button");
  await expect(last).toHaveAttribute("aria-pressed", "true");
  await page.route("**/api/users/*/follow", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ ok: false, error: "Failed to unfollow user. Please try again." }),
    }),
  );
  await last.click();
  await expect(page.getByText("Failed to update follow status")).toBeVisible();
  await expect(page.getByText("Failed to unfollow user. Please try again.")).toBeVisible();
  await expect(last).toHaveAttribute("aria-pressed", "true");
  await page.unroute("**/api/users/*/follow");

  // Unfollow the last one from the dialog: the row stays (so it can be followed again) until the dialog is reopened.
  const reloaded = page.waitForResponse((r) => r.url().includes(`/user/${me.id}.data`));
  await last.click();
  await expect(last).toHaveAttribute("aria-pressed", "false");
  await reloaded;
  await expect(people).toHaveCount(51);
  await expect(last).toHaveAttribute("aria-pressed", "false");
  await last.click();
  await expect(last).toHaveAttribute("aria-pressed", "true");

  // A visitor sees 'Login', disabled, on each person.
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await anon.goto(`/user/${me.id}?dialog=following`);
  await expect(anon.getByTestId("dialog-person").first().getByRole("button", { name: "Login" })).toBeDisabled();
  await visitor.close();
});

import { newMember, postFromPage } from "./accounts";
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
  // The next read of the profile's data fails on the server.
  await page.route(`**/user/${me.id}.data*`, (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "Unexpected Server Error" }),
  );
  await page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Top 10" }).click();
  await expect(page.getByRole("heading", { name: "Failed to load user data" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
  await page.unroute(`**/user/${me.id}.data*`);
});

import { newMember, postFromPage } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { violations } from "./axe";
import { expect, test, viewports, waitForHydration } from "./fixtures";

/**
 * axe-core on the social pages, signed in, with content on them: the review view, the write and edit
 * page, the game's all-reviews page, Discover Users, every profile tab and the stats strip's dialogs. Zero violations of the
 * default rules (WCAG 2.x A/AA, best practices, colour contrast) plus label-content-name-mismatch, as
 * a11y.spec.ts asks of the visitor pages.
 */

const PORTAL = demoGames.find((g) => g.name === "Portal" && g.igdb_id)!;

for (const [viewportName, viewport] of [
  ["desktop", viewports.desktop],
  ["phone", viewports.phone],
] as const) {
  test(`social pages have no axe violations at ${viewportName} width, signed in`, async ({ page }) => {
    test.setTimeout(300_000);
    // Signed up through the desktop header, then looked at in this width.
    const me = await newMember(page, `axe${viewportName[0]}`);
    const posted = await postFromPage(page, `/review/${PORTAL.igdb_id}`, {
      rating: "8.5",
      recommended: "yes",
      finished: "yes",
      platform: "PC (Microsoft Windows)",
      text: "Short, sharp and funny. The portals still feel like magic.",
    });
    expect(posted.status, posted.text).toBe(0);
    await page.goto("/game/portal");
    const gameId = await page.getByRole("link", { name: "Edit Review" }).first().getAttribute("href");
    expect(gameId).toMatch(/^\/review\/\d+$/);

    const pages = [
      `/review/${me.id}/${gameId!.split("/").pop()}`,
      gameId!,
      "/game/portal/reviews",
      "/users",
      `/user/${me.id}`,
      `/user/${me.id}?tab=top10`,
      `/user/${me.id}?tab=playlist`,
      `/user/${me.id}?tab=activity`,
      // The stats strip's dialogs, opened from their links.
      `/user/${me.id}?dialog=games`,
      `/user/${me.id}?dialog=reviews`,
      `/user/${me.id}?dialog=followers`,
    ];
    await page.setViewportSize(viewport);
    const found: Record<string, Awaited<ReturnType<typeof violations>>> = {};
    for (const url of pages) {
      await page.goto(url, { waitUntil: "networkidle" });
      await waitForHydration(page);
      if (url.includes("dialog=")) await expect(page.getByRole("dialog")).toBeVisible();
      const v = await violations(page);
      if (v.length) found[url] = v;
    }
    expect(found).toEqual({});
  });
}

import { violations } from "./axe";
import { expect, test, viewports, waitForHydration } from "./fixtures";

/**
 * axe-core on the main pages: zero violations of every rule axe runs by default (WCAG 2.x A/AA and
 * best practices, colour contrast included), plus the experimental label-content-name-mismatch
 * (an accessible name must contain the visible text, so speech users can say what they see).
 */

const pages: [string, string][] = [
  ["home", "/"],
  ["search", "/search?q=mario"],
  ["browse", "/search"],
  ["game with related content", "/game/the-witcher-3-wild-hunt"],
  ["game without ratings", "/game/lemmings"],
  ["login", "/login"],
  ["signup", "/signup"],
  ["invalid reset link", "/reset-password?token=not-a-real-token"],
  ["faq", "/faq"],
  ["404", "/no/such/page"],
];

for (const [viewportName, viewport] of [
  ["desktop", viewports.desktop],
  ["phone", viewports.phone],
] as const) {
  test.describe(`axe at ${viewportName} width`, () => {
    test.use({ viewport });
    // axe walks the whole page: slow on a loaded machine.
    test.slow();
    for (const [name, url] of pages) {
      test(`${name} (${url}) has no violations`, async ({ page }) => {
        await page.goto(url, { waitUntil: "networkidle" });
        await waitForHydration(page);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}

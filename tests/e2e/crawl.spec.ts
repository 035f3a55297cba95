import type { Browser, Page, TestInfo } from "@playwright/test";
import { addToWishlist, commentOnReview, newMember, postFromPage, rateGame } from "./accounts";
import { demoGames } from "./demo-catalogue";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * "Never link to a page that does not exist": from /, every same-origin link two clicks deep, as a
 * visitor and as a member with reviews, a follow, a comment and a wishlist. Links are deduplicated by
 * route pattern (one game page, one review, one profile, each tab and dialog), so the walk stays short;
 * each page is opened in the browser and must answer below 400 and log no console error.
 */

test.describe.configure({ timeout: 180_000 });

const withIgdb = demoGames.filter((g) => g.igdb_id && (g.category ?? 0) === 0);
// Games no other spec rates or lists (the server is shared: catalogue.spec.ts expects the first ones unrated).
const [OTHER_REVIEWED, REVIEWED, WISHED] = [withIgdb[19]!, withIgdb[20]!, withIgdb[21]!];
const MAX_DEPTH = 2;
const MAX_PAGES = 70;

/** Links the walk does not open: they act (sign out), are not pages (APIs, images), or leave the site. */
const SKIP = [/^\/logout\b/, /^\/api\//, /^\/covers\//, /^\/uploads\//, /^\/auth\/oauth\//, /\.(png|jpe?g|webp|svg|ico|json|xml|txt)$/];

/** What a URL is an instance of: numbers and slugs become placeholders; the query keeps its keys and the tab / dialog chosen. */
export function routePattern(url: URL): string {
  const path = url.pathname
    .replace(/\/\d+(?=\/|$)/g, "/:n")
    .replace(/^\/game\/[^/]+/, "/game/:slug")
    .replace(/\/$/, "");
  const keys = [...new Set(url.searchParams.keys())]
    .sort()
    .map((k) => (["tab", "dialog", "games"].includes(k) ? `${k}=${url.searchParams.get(k)}` : k));
  return `${path || "/"}?${keys.join("&")}`;
}

/** Same-origin hrefs of every <a> in the server's HTML (it holds the no-JavaScript menus' links too). */
function linksIn(html: string, base: URL): URL[] {
  const out: URL[] = [];
  for (const m of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const raw = m[1]!.replace(/&amp;/g, "&");
    if (raw.startsWith("#") || /^(mailto|tel|javascript):/i.test(raw)) continue;
    const url = new URL(raw, base);
    if (url.origin !== base.origin) continue;
    url.hash = "";
    out.push(url);
  }
  return out;
}

async function crawl(page: Page, who: string): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") consoleErrors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => consoleErrors.push(`pageerror: ${err.message}`));
  const base = new URL(test.info().project.use.baseURL!);
  const seen = new Set<string>();
  const failures: string[] = [];
  let frontier: { url: URL; from: string }[] = [{ url: new URL("/", base), from: "(start)" }];
  let visited = 0;
  for (let depth = 0; depth <= MAX_DEPTH && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const { url, from } of frontier) {
      const pattern = routePattern(url);
      if (seen.has(pattern) || SKIP.some((re) => re.test(url.pathname)) || visited >= MAX_PAGES) continue;
      seen.add(pattern);
      visited++;
      consoleErrors.length = 0;
      const target = url.pathname + url.search;
      const response = await page.goto(target, { waitUntil: "domcontentloaded" });
      const status = response?.status() ?? 0;
      if (status === 0 || status >= 400) failures.push(`${who}: ${target} answered ${status} (linked from ${from})`);
      const html = response ? await response.text().catch(() => "") : "";
      // Errors logged while the page hydrates.
      await waitForHydration(page);
      for (const e of consoleErrors) failures.push(`${who}: ${target} logged ${e.slice(0, 200)} (linked from ${from})`);
      if (depth < MAX_DEPTH) for (const link of linksIn(html, new URL(page.url()))) next.push({ url: link, from: target });
    }
    frontier = next;
  }
  expect(visited, `${who} visited ${[...seen].join(", ")}`).toBeGreaterThan(15);
  return failures;
}

/** A second member with a review the first can follow and comment on. */
async function otherMember(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": `10.253.${testInfo.workerIndex % 250}.${Math.floor(Math.random() * 250) + 1}` },
  });
  const page = await context.newPage();
  const member = await newMember(page, "crawlee");
  await rateGame(page, OTHER_REVIEWED, "8", "A review for the crawler to follow.");
  await context.close();
  return member;
}

test("every link two clicks from home opens a page, for a visitor and for a member with data", async ({ page, browser }, testInfo) => {
  // The member's data first, so the visitor also meets reviews, profiles and comments on the way.
  const other = await otherMember(browser, testInfo);
  await newMember(page, "crawler");
  await rateGame(page, REVIEWED, "9", "Crawled and reviewed.");
  await addToWishlist(page, WISHED);
  const follow = await postFromPage(page, `/api/users/${other.id}/follow`, { intent: "follow", format: "json" });
  expect(follow.status, follow.text).toBe(200);
  await commentOnReview(page, other, OTHER_REVIEWED, "Agreed.");

  const failures = await crawl(page, "member");
  const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.253.${testInfo.workerIndex % 250}.251` } });
  await visitor.addCookies([{ name: "savepoint_consent", value: "none", url: testInfo.project.use.baseURL! }]);
  failures.push(...(await crawl(await visitor.newPage(), "visitor")));
  await visitor.close();
  expect(failures).toEqual([]);
});

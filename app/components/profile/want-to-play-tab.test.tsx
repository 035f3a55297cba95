import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ListPage, TabGame, WantToPlayTab } from "~/modules/lists/lists.service.server";
import { WantToPlayTabView } from "./want-to-play-tab";

const games = (from: number, n: number): (TabGame & { priority: number })[] =>
  Array.from({ length: n }, (_, i) => ({
    gameId: from + i,
    igdbId: 10_000 + from + i,
    name: `Game ${from + i}`,
    slug: `game-${from + i}`,
    coverUrl: null,
    year: 2020,
    priority: 1,
  }));

const list = (total: number, page: number, shown: number): ListPage<TabGame & { priority: number }> => ({
  games: games(page * 1000, shown),
  total,
  page,
  pageCount: Math.max(1, Math.ceil(total / 36)),
});

function render(data: WantToPlayTab, isOwner = false, url = "/user/7?tab=playlist"): string {
  const Stub = createRoutesStub([{ path: "/user/:id", Component: () => <WantToPlayTabView data={data} isOwner={isOwner} /> }]);
  return renderToString(<Stub initialEntries={[url]} />).replace(/<!-- -->/g, "");
}

/** The <nav> of one list's pager, or null. */
const pager = (html: string, label: string) => new RegExp(`<nav aria-label="${label} pages".*?</nav>`).exec(html)?.[0] ?? null;
/** [accessible name, href] of each link in a pager. */
const links = (nav: string) =>
  [...nav.matchAll(/<a [^>]*aria-label="([^"]+)"[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2]!.replace(/&amp;/g, "&")]);
const tiles = (html: string, kind: string) =>
  (new RegExp(`data-testid="${kind}-grid">(.*?)</ul>`).exec(html)?.[1] ?? "").match(/href="\/game\//g)?.length ?? 0;

describe("Want to Play tab", () => {
  it("heads each list with its true count and pages it with links that keep the other list's page", () => {
    const html = render({ collection: list(80, 2, 36), wishlist: list(40, 2, 4), error: null });
    expect(html).toMatch(/Collection <span[^>]*>\(80\)<\/span>/);
    expect(html).toMatch(/Wishlist <span[^>]*>\(40\)<\/span>/);
    expect([tiles(html, "collection"), tiles(html, "wishlist")]).toEqual([36, 4]);
    const c = pager(html, "Collection")!;
    expect(c).toContain("Page 2 of 3");
    expect(links(c)).toEqual([
      ["Previous collection page", "/user/7?tab=playlist&wishlistPage=2#collection-heading"],
      ["Next collection page", "/user/7?tab=playlist&collectionPage=3&wishlistPage=2#collection-heading"],
    ]);
    const w = pager(html, "Wishlist")!;
    expect(w).toContain("Page 2 of 2");
    expect(links(w)).toEqual([["Previous wishlist page", "/user/7?tab=playlist&collectionPage=2#wishlist-heading"]]);
  });

  it("shows no pager for a list that fits on one page, and the empty text for an empty one", () => {
    const html = render({ collection: list(36, 1, 36), wishlist: list(0, 1, 0), error: null }, true);
    expect(pager(html, "Collection")).toBeNull();
    expect(pager(html, "Wishlist")).toBeNull();
    expect(html).toContain("Games you want to buy go here");
    expect(html.match(/Add Games/g)).toHaveLength(2);
  });
});

describe("Want to Play: failed changes are shown", () => {
  const owned = (url?: string) => render({ collection: list(1, 1, 1), wishlist: list(1, 1, 1), error: null }, true, url);
  const alert = (html: string) => /<p role="alert"[^>]*data-testid="list-error"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? null;

  it("a refused plain post (no JavaScript) comes back with ?listError= and the page says why", () => {
    expect(alert(owned("/user/7?tab=playlist&listError=failedRemove"))).toBe("Failed to remove game");
    expect(alert(owned("/user/7?tab=playlist&listError=notInWishlist"))).toBe("This game is not in your wishlist");
    // Only the app's own texts: an unknown code (or none) shows nothing.
    expect(alert(owned("/user/7?tab=playlist&listError=%3Cb%3Ehi"))).toBeNull();
    expect(alert(owned())).toBeNull();
  });

  it("remove and priority are plain forms that come back to this page (a redirect, not a JSON answer)", () => {
    const html = owned("/user/7?tab=playlist&wishlistPage=1");
    const forms = [...html.matchAll(/<form [^>]*action="\/api\/lists"[^>]*>(.*?)<\/form>/g)].map((m) => m[1]!);
    const removes = forms.filter((f) => /name="intent" value="remove_from_(wishlist|collection)"/.test(f));
    const priority = forms.filter((f) => f.includes('value="set_priority"'));
    expect(removes).toHaveLength(2);
    expect(priority).toHaveLength(1);
    for (const form of [...removes, ...priority]) {
      expect(form).toContain('name="redirectTo" value="/user/7?tab=playlist&amp;wishlistPage=1"');
      expect(form).not.toContain('name="format"');
    }
    // Without JavaScript the priority select needs a button to send it.
    expect(priority[0]).toMatch(
      /<noscript>.*<button type="submit"[^>]*>Save<span class="sr-only"> priority of Game 1000<\/span><\/button>.*<\/noscript>/,
    );
  });
});

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

function render(data: WantToPlayTab, isOwner = false): string {
  const Stub = createRoutesStub([{ path: "/user/:id", Component: () => <WantToPlayTabView data={data} isOwner={isOwner} /> }]);
  return renderToString(<Stub initialEntries={["/user/7?tab=playlist"]} />).replace(/<!-- -->/g, "");
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

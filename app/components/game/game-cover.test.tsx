import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { GamePageGame } from "~/modules/catalogue/game.service.server";
import { coverImage, GameCover } from "./game-cover";
import { GameHero } from "./game-hero";

const IGDB_COVER = "//images.igdb.com/igdb/image/upload/t_thumb/co1wyy.jpg";

const game = {
  id: 7,
  name: "Brass Lantern",
  slug: "brass-lantern",
  reviewGameId: 7,
  coverUrl: IGDB_COVER,
  releaseLabel: "Unknown",
  releaseIso: null,
  year: 2001,
  category: 0,
  categoryLabel: null,
  platforms: ["PC"],
  genres: ["Adventure", "Role-playing (RPG)"],
  developer: null,
  publisher: null,
  franchiseName: null,
  summaryHtml: "",
  summaryExcerpt: "",
  summaryIsLong: false,
  parent: null,
} as unknown as GamePageGame;

function renderHero(over: Partial<GamePageGame> = {}): string {
  const Stub = createRoutesStub([{ path: "/game/x", Component: () => <GameHero game={{ ...game, ...over }} writeHref="/review/7" /> }]);
  return renderToString(<Stub initialEntries={["/game/x"]} />);
}

describe("GameCover", () => {
  it("fills its box by default, and a caller's width replaces the full width (the picker's 40 px thumbnails)", () => {
    const classes = (html: string) => html.match(/class="([^"]*)"/)![1]!.split(/\s+/);
    expect(classes(renderToString(<GameCover name="Brass Lantern" />))).toContain("w-full");
    const thumb = classes(renderToString(<GameCover name="Brass Lantern" width={40} className="w-10 shrink-0" />));
    expect(thumb).toContain("w-10");
    expect(thumb).not.toContain("w-full");
  });

  it("asks the image CDN for webp at the requested size", () => {
    const html = renderToString(<GameCover name="Brass Lantern" coverUrl={IGDB_COVER} size="t_cover_small" />);
    expect(html).toContain('src="https://images.igdb.com/igdb/image/upload/t_cover_small/co1wyy.webp"');
    expect(html).toContain('alt="Cover of Brass Lantern"');
  });

  it("gives a game without cover art a generated cover that says so", () => {
    const html = renderToString(<GameCover name="Brass Lantern" coverUrl={null} />);
    expect(html).toContain('src="/covers/generated/');
    expect(html).toContain('alt="Brass Lantern (no cover art)"');
  });
});

describe("GameHero", () => {
  it("requests the cover and the blurred backdrop as webp", () => {
    const html = renderHero();
    const webp = "https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.webp";
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images.find((img) => img.includes("blur-2xl"))).toContain(`src="${webp}"`);
    expect(images.find((img) => img.includes('alt="Cover of Brass Lantern"'))).toContain(`src="${webp}"`);
    expect(html).not.toContain("co1wyy.jpg");
  });
});

describe("a cover that fails to load", () => {
  it("shows the generated placeholder named 'Failed to load image', unlike a game with no cover art", () => {
    const failed = coverImage({ name: "Brass Lantern", coverUrl: IGDB_COVER, year: 2001, failed: true });
    expect(failed).toMatchObject({ alt: "Failed to load image", state: "failed" });
    expect(failed.src).toMatch(/^\/covers\/generated\/.+\.svg\?t=Brass\+Lantern&y=2001$/);
    const none = coverImage({ name: "Brass Lantern", coverUrl: null, year: 2001, failed: true });
    expect(none).toMatchObject({ alt: "Brass Lantern (no cover art)", state: "none", src: failed.src });
    // A cover URL outside the image CDN fails the same way.
    expect(coverImage({ name: "Brass Lantern", coverUrl: "https://example.com/x.png", failed: true }).alt).toBe("Failed to load image");
    expect(coverImage({ name: "Brass Lantern", coverUrl: IGDB_COVER, failed: false })).toMatchObject({
      alt: "Cover of Brass Lantern",
      state: "real",
    });
  });

  it("marks the rendered image with its state", () => {
    expect(renderToString(<GameCover name="Brass Lantern" coverUrl={IGDB_COVER} />)).toContain('data-cover="real"');
    expect(renderToString(<GameCover name="Brass Lantern" coverUrl={null} />)).toContain('data-cover="none"');
  });
});

describe("GameHero: genres", () => {
  it("links each genre chip to the search page browsing that genre", () => {
    const html = renderHero();
    const list = html.match(/<ul aria-label="Genres"[^>]*>.*?<\/ul>/)?.[0] ?? "";
    const links = [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["/search?genre=Adventure", "Adventure"],
      ["/search?genre=Role-playing+%28RPG%29", "Role-playing (RPG)"],
    ]);
  });
});

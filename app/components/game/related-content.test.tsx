import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { RelatedCard, RelatedContent } from "~/modules/catalogue/related/related.service.server";
import { RelatedCarousel } from "./related-carousel";
import { RelatedBlocks, RelatedContent as RelatedContentLoader, RelatedFailed } from "./related-content";

const html = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>).replaceAll("<!-- -->", "");

const card = (i: number, over: Partial<RelatedCard> = {}): RelatedCard => ({
  id: i,
  igdbId: 1000 + i,
  name: `Expansion ${i}`,
  href: `/game/${1000 + i}`,
  coverUrl: null,
  year: 2010 + i,
  categoryLabel: "DLC",
  ...over,
});
const cards = (n: number) => Array.from({ length: n }, (_, i) => card(i + 1));

function data(over: Partial<RelatedContent>): RelatedContent {
  return { kind: "main", category: 0, mainGame: null, additionalContent: null, mods: null, ...over };
}

describe("RelatedCarousel", () => {
  it("is a labelled region with a keyboard-focusable list of cards linking to /game/{igdb id}", () => {
    const out = html(<RelatedCarousel title="Additional Content" items={cards(3)} />);
    expect(out).toMatch(/<section aria-labelledby="([^"]+)"[^>]*>.*<h2 id="\1"[^>]*>Additional Content<\/h2>/);
    expect(out).toMatch(/<ul[^>]*tabindex="0"[^>]*aria-label="Additional Content"/);
    expect(out).toContain('href="/game/1001"');
    expect(out).toContain('href="/game/1003"');
    expect(out).toContain("Expansion 2");
    expect(out).toContain("2012 · DLC");
  });

  it("shows arrows only with more than 6 items, labelled for screen readers", () => {
    expect(html(<RelatedCarousel title="Additional Content" items={cards(6)} />)).not.toContain("Scroll Additional Content");
    const seven = html(<RelatedCarousel title="Additional Content" items={cards(7)} />);
    expect(seven).toContain('aria-label="Scroll Additional Content left"');
    expect(seven).toContain('aria-label="Scroll Additional Content right"');
  });

  it("puts the MOD badge on every mod card", () => {
    const out = html(<RelatedCarousel title="Mods & Fan Content" items={cards(2)} badge="MOD" />);
    expect(out.match(/>MOD</g)).toHaveLength(2);
    // Named by its visible text (no aria-label that could differ from it), the badge read after the name.
    expect(out).not.toMatch(/<a[^>]*aria-label=/);
    expect(out).toMatch(/Expansion 1<span class="sr-only">, (<!-- -->)?MOD<\/span>/);
  });
});

describe("RelatedBlocks", () => {
  it("hides empty blocks", () => {
    const empty = data({ additionalContent: { items: [], error: null }, mods: { items: [], error: null } });
    expect(html(<RelatedBlocks data={empty} hasParentCard={false} />)).toBe("");
  });

  it("shows Additional Content and Mods & Fan Content when they have items", () => {
    const out = html(
      <RelatedBlocks
        data={data({ additionalContent: { items: cards(2), error: null }, mods: { items: [card(9, { name: "Fan Mod" })], error: null } })}
        hasParentCard={false}
      />,
    );
    expect(out).toContain(">Additional Content</h2>");
    expect(out).toContain(">Mods &amp; Fan Content</h2>");
    expect(out).toContain("Fan Mod");
  });

  it("shows the Main Game card on a DLC page unless the page already shows it", () => {
    const dlc = data({
      kind: "dlc",
      category: 1,
      mainGame: { game: card(1, { name: "The Base Game", categoryLabel: "Main Game" }), error: null },
    });
    const out = html(<RelatedBlocks data={dlc} hasParentCard={false} />);
    expect(out).toContain('data-testid="main-game-card"');
    expect(out).toContain('href="/game/1001"');
    expect(out).toContain("The Base Game");
    expect(html(<RelatedBlocks data={dlc} hasParentCard />)).toBe("");
  });

  it("shows each block's error text", () => {
    const out = html(
      <RelatedBlocks
        data={data({
          additionalContent: { items: [], error: "Failed to load additional content" },
          mods: { items: [], error: "Failed to load mod content" },
        })}
        hasParentCard={false}
      />,
    );
    expect(out).toContain("Failed to load additional content");
    expect(out).toContain("Failed to load mod content");
    const dlc = html(
      <RelatedBlocks data={data({ kind: "dlc", mainGame: { game: null, error: "Failed to load main game" } })} hasParentCard={false} />,
    );
    expect(dlc).toContain('role="alert"');
    expect(dlc).toContain("Failed to load main game");
  });

  it("a failed request shows the error texts of the blocks the game would have", () => {
    const main = html(<RelatedFailed category={0} />);
    expect(main).toContain("Failed to load additional content");
    expect(main).toContain("Failed to load mod content");
    expect(html(<RelatedFailed category={1} />)).toContain("Failed to load main game");
  });

  it("renders nothing on the server: the page never waits for related content", () => {
    expect(html(<RelatedContentLoader identifier="some-game" category={0} hasParentCard={false} />)).toBe("");
  });
});

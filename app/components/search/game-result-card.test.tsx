import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { GameSearchHit } from "~/modules/catalogue/search/search.types";
import { searchHit } from "../../../tests/factories/search-hit";
import { GameResultCard, type ResultView } from "./game-result-card";

const hit = searchHit(1, { igdbId: 1001, name: "Brass Lantern", slug: "brass-lantern" });

function render(over: Partial<GameSearchHit>, view: ResultView = "grid"): string {
  const Stub = createRoutesStub([{ path: "/search", Component: () => <GameResultCard hit={{ ...hit, ...over }} view={view} /> }]);
  return renderToString(<Stub initialEntries={["/search"]} />);
}

/** The badge texts of a card (the cover's overlay from 768 px and the inline one below it). */
function badges(html: string): string[] {
  return [...html.matchAll(/<span class="[^"]*(?:absolute top-1\.5|rounded border)[^"]*">([^<]+)<\/span>/g)].map((m) => m[1]!);
}

describe("GameResultCard: the category badge", () => {
  it.each(["grid", "list"] as const)("labels a main game (category 0) 'Main Game' in the %s view", (view) => {
    const html = render({ category: 0 }, view);
    expect(badges(html).length).toBeGreaterThan(0);
    expect(new Set(badges(html))).toEqual(new Set(["Main Game"]));
  });

  it("labels other categories by their code, unknown codes 'Additional Content'", () => {
    expect(new Set(badges(render({ category: 1 })))).toEqual(new Set(["DLC"]));
    expect(new Set(badges(render({ category: 8 })))).toEqual(new Set(["Remake"]));
    expect(new Set(badges(render({ category: 99 })))).toEqual(new Set(["Additional Content"]));
  });
});

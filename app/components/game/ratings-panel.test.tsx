import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RatingsPanel } from "./ratings-panel";

const none = Array.from({ length: 10 }, () => 0);

describe("ratings panel", () => {
  it("without ratings: a compact empty state that says so, still '-' and ten bars", () => {
    const html = renderToStaticMarkup(<RatingsPanel count={0} averageLabel="-" histogram={none} />);
    expect(html).toContain("No ratings yet. Rate this game to start its chart.");
    expect(html).toMatch(/class="[^"]*text-3xl[^"]*"[^>]*data-testid="rating-average">-</);
    expect(html).toMatch(/class="[^"]*h-10[^"]*" data-testid="rating-histogram"/);
    expect(html.match(/data-count="0"/g)).toHaveLength(10);
  });

  it("with ratings: the average is the hero and the chart is full height", () => {
    const histogram = [0, 0, 0, 0, 0, 1, 2, 3, 1, 0];
    const html = renderToStaticMarkup(<RatingsPanel count={7} averageLabel="7.4" histogram={histogram} />);
    expect(html).not.toContain("No ratings yet");
    expect(html).toMatch(/class="[^"]*text-5xl[^"]*"[^>]*data-testid="rating-average">7.4</);
    expect(html).toMatch(/class="[^"]*h-24[^"]*" data-testid="rating-histogram"/);
  });
});

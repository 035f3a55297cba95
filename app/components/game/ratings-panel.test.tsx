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

  it("counts with thousands separators: '1,972 ratings', '1 rating'", () => {
    const histogram = [0, 0, 0, 0, 0, 972, 500, 300, 200, 0];
    expect(renderToStaticMarkup(<RatingsPanel count={1972} averageLabel="6.9" histogram={histogram} />)).toMatch(
      /data-testid="rating-count">1,972 ratings</,
    );
    expect(renderToStaticMarkup(<RatingsPanel count={1} averageLabel="7.0" histogram={[0, 0, 0, 0, 0, 0, 1, 0, 0, 0]} />)).toMatch(
      /data-testid="rating-count">1 rating</,
    );
  });
});

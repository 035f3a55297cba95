import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { GameReviewBlock } from "./game-review-block";

function render(writtenCount: number): string {
  const Stub = createRoutesStub([
    {
      path: "/game/:slug",
      Component: () => (
        <GameReviewBlock
          reviews={[]}
          error={null}
          writeHref="/review/1"
          signedIn={false}
          hasOwnReview={false}
          writtenCount={writtenCount}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/game/pikmin"]} />).replace(/<!-- -->/g, "");
}

describe("the game page's link to all its reviews", () => {
  it("reads 'See 1 review' for one and 'See all N reviews' for more, to /game/{slug}/reviews", () => {
    expect(render(1)).toContain(">See 1 review</a>");
    expect(render(1)).not.toContain("See all 1");
    expect(render(1_234)).toMatch(/>See all 1,234 reviews<\/a>/);
    expect(render(2)).toContain('href="/game/pikmin/reviews"');
    expect(render(0)).not.toContain('data-testid="all-reviews"');
  });
});

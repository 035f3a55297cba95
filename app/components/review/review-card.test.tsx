import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ReviewCard as Card } from "~/modules/reviews/review-card";
import { ReviewCard } from "./review-card";

const card: Card = {
  id: 5,
  userId: 7,
  gameId: 9,
  igdbGameId: 1234,
  gameSlug: "portal",
  gameTitle: "Portal",
  gameCoverUrl: null,
  gameYear: 2007,
  rating: 9,
  text: "Short, sharp and funny.",
  date: "2026-11-01T00:00:00.000Z",
  hasText: true,
  author: "ana",
  authorAvatar: null,
  likeCount: 2647,
  commentCount: 1221,
  theme: "blue",
  containsSpoilers: false,
};

function render(like?: { liked: boolean; signedIn: boolean }): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <ReviewCard card={card} like={like} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

describe("review card counts", () => {
  it("prints like and comment counts with thousands separators", () => {
    const html = render();
    expect(html).toMatch(/<\/svg> ?2,647/);
    expect(html).toMatch(/<\/svg> ?1,221/);
    expect(html).not.toContain("2647");
  });

  it("the like button shows the same figure and names it the same way", () => {
    const html = render({ liked: false, signedIn: true });
    expect(html).toContain('aria-label="Like review (2,647 likes)"');
    expect(html).toMatch(/data-testid="like-count">2,647</);
  });
});

describe("review card: the author's name and text are isolated from the text around them", () => {
  it("renders the author in an element with its own direction (dir=auto), so an RTL name cannot reorder 'reviewed …'", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ReviewCard card={{ ...card, author: "דוד", text: "משחק מעולה" }} /> }]);
    const html = renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<span dir="auto"[^>]*>דוד<\/span>/);
    expect(html).toMatch(/<p dir="auto"[^>]*>משחק מעולה<\/p>/);
  });
});

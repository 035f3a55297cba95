import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DiscoverPage, DiscoverUser } from "~/modules/social/discover.shared";
import { DiscoverUsers } from "./discover-users";

const user = (id: number): DiscoverUser => ({
  id,
  username: `player_${id}`,
  name: `Player ${id}`,
  displayName: `player_${id}`,
  bio: null,
  avatarUrl: null,
  platforms: [],
  joinedAt: "2026-11-01T00:00:00.000Z",
  followerCount: 12_345,
  followingCount: 3,
  reviewCount: 1,
  averageRating: 7.25,
  isFollowing: false,
});

function render(over: Partial<DiscoverPage>): string {
  const page: DiscoverPage = {
    params: { q: "", sort: "relevant", page: 1, hasReviews: false, joined: null, platform: null },
    users: [user(2), user(3)],
    total: 99_999,
    totalPages: 5_000,
    topReviewers: [],
    stats: { totalUsers: 100_000, activeReviewers: 20_000, totalReviews: 500_995, youFollow: 74 },
    communityEmpty: false,
    viewerId: 1,
    error: null,
    warnings: [],
    ...over,
  };
  const Stub = createRoutesStub([{ path: "/users", Component: () => <DiscoverUsers page={page} /> }]);
  return renderToString(<Stub initialEntries={["/users"]} />).replace(/<!-- -->/g, "");
}

describe("Discover Users counts", () => {
  it("prints large counts with thousands separators in the headings and the cards", () => {
    const html = render({});
    expect(html).toContain("Browse all 99,999 users");
    expect(html).toContain("500,995");
    expect(html).toMatch(/12,345<\/span> followers/);
    expect(html).toMatch(/1<\/span> review</);
  });

  it("says how many users a search found, formatted the same way", () => {
    const html = render({
      params: { q: "player", sort: "relevant", page: 1, hasReviews: false, joined: null, platform: null },
      total: 1_204,
    });
    expect(html).toContain("Search Results (1,204)");
    expect(html).toContain("Found 1,204 users matching &quot;player&quot;");
  });
});

describe("Discover Users average rating", () => {
  it("shows one decimal, and an average that rounds to 10 as '10' (not '10.0'); '-' without ratings", () => {
    const html = render({
      users: [
        { ...user(2), averageRating: 9.96 },
        { ...user(3), averageRating: 7.25 },
        { ...user(4), averageRating: null, reviewCount: 0 },
      ],
    });
    const averages = [...html.matchAll(/avg <span[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(averages).toEqual(["10", "7.3", "-"]);
  });
});

describe("Discover Users when a read fails", () => {
  it("keeps the users listed and says which figures may be off", () => {
    const html = render({
      warnings: [
        "Failed to load follow relationships. Counts may be inaccurate.",
        "Failed to load review data. Review counts may be inaccurate.",
      ],
    });
    expect(html).toMatch(/<p role="status"[^>]*>Failed to load follow relationships\. Counts may be inaccurate\.<\/p>/);
    expect(html).toMatch(/<p role="status"[^>]*>Failed to load review data\. Review counts may be inaccurate\.<\/p>/);
    expect(html).toContain('data-testid="user-results"');
    expect(html).toContain("player_2");
  });

  it("an error says why (the spec's text for an unexpected failure)", () => {
    const html = render({ users: [], total: 0, error: "An unexpected error occurred while loading users" });
    expect(html).toMatch(/<div role="alert"[^>]*>An unexpected error occurred while loading users<\/div>/);
    expect(html).not.toContain("player_2");
  });
});

describe("Discover Users when nobody else has joined", () => {
  const alone = {
    users: [],
    total: 0,
    totalPages: 1,
    communityEmpty: true,
    stats: { totalUsers: 1, activeReviewers: 1, totalReviews: 1, youFollow: 0 },
  };

  it("tells the only member they are the first one, instead of 'Browse all 0 users' and 'Be the first to join'", () => {
    const html = render({ ...alone, viewerId: 1 });
    expect(html).toContain("No other members yet");
    expect(html).toContain("You&#x27;re the first one here. Invite your friends to join you!");
    expect(html).not.toContain("Be the first to join the community!");
    expect(html).not.toContain("Browse all 0 users");
  });

  it("keeps the spec's 'No users yet' for a visitor", () => {
    const html = render({ ...alone, viewerId: null, stats: { ...alone.stats, totalUsers: 0, youFollow: null } });
    expect(html).toContain("No users yet");
    expect(html).toContain("Be the first to join the community!");
  });
});

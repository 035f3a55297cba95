import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DialogPerson, ProfileDialog } from "~/modules/profile/profile.service.server";
import { ProfileDialogView } from "./profile-dialogs";

const person = (id: number, viewerFollows = false): DialogPerson => ({
  id,
  username: `player_${id}`,
  name: `Player ${id}`,
  avatarUrl: null,
  viewerFollows,
});

function render(dialog: ProfileDialog, viewerId: number | null, url = "/user/7?dialog=followers"): string {
  const Stub = createRoutesStub([
    { path: "/user/:id", Component: () => <ProfileDialogView dialog={dialog} userId={7} tab="top5" viewerId={viewerId} /> },
  ]);
  return renderToString(<Stub initialEntries={[url]} />).replace(/<!-- -->/g, "");
}

/** Each person's row in the follow dialog. */
const rows = (html: string) => [...html.matchAll(/<li[^>]*data-testid="dialog-person"[^>]*>(.*?)<\/li>/g)].map((m) => m[1]!);

describe("follow dialog", () => {
  it("gives each person a follow toggle with the viewer's state, and none on the viewer's own row", () => {
    const html = render(
      { name: "followers", people: [person(2, true), person(3), person(9)], after: null, nextCursor: null, error: null },
      9,
    );
    const [two, three, me] = rows(html);
    expect(two).toContain('href="/user/2"');
    // A form posting to the follow route (works without JavaScript), pressed when already followed.
    expect(two).toMatch(/<form [^>]*action="\/api\/users\/2\/follow" method="post"/);
    expect(two).toMatch(/aria-pressed="true"[^>]*data-testid="follow-2"/);
    expect(two).toContain('name="intent" value="unfollow"');
    expect(three).toMatch(/aria-pressed="false"[^>]*data-testid="follow-3"/);
    expect(three).toContain('name="intent" value="follow"');
    // The person's name is part of the button's accessible name.
    expect(three).toContain('<span class="sr-only"> player_3</span>');
    expect(me).toContain('href="/user/9"');
    expect(me).not.toContain("follow");
  });

  it("shows visitors a disabled 'Login' toggle on every row", () => {
    const html = render(
      { name: "following", people: [person(2), person(3)], after: null, nextCursor: null, error: null },
      null,
      "/user/7?dialog=following",
    );
    expect(rows(html)).toHaveLength(2);
    for (const row of rows(html)) {
      expect(row).toMatch(/<button type="button" disabled=""[^>]*>Login<\/button>/);
      expect(row).not.toContain("<form");
    }
  });
});

describe("dialog paging", () => {
  /** The href of the 'Load more' link, or null. */
  const more = (html: string) => {
    const tag = /<a [^>]*data-testid="dialog-load-more"[^>]*>Load more<\/a>/.exec(html)?.[0];
    return tag ? /href="([^"]+)"/.exec(tag)![1]!.replace(/&amp;/g, "&") : null;
  };

  it("links 'Load more' to the next page (a plain link: it works without JavaScript), keeping the list's filter or sort", () => {
    const people = {
      name: "followers",
      people: [person(2)],
      after: null,
      nextCursor: "1768046400000000_2",
      error: null,
    } satisfies ProfileDialog;
    expect(more(render(people, null))).toBe("/user/7?dialog=followers&after=1768046400000000_2");
    const games = { name: "games", filter: "finished", games: [], after: "5_5", nextCursor: "9_9", error: null } satisfies ProfileDialog;
    expect(more(render(games, null, "/user/7?dialog=games&games=finished"))).toBe("/user/7?dialog=games&games=finished&after=9_9");
    const reviews = {
      name: "reviews",
      sort: "lowest",
      reviews: [],
      after: null,
      nextCursor: "4_1768046400000000_3",
      error: null,
    } satisfies ProfileDialog;
    expect(more(render(reviews, null, "/user/7?dialog=reviews&sort=lowest"))).toBe(
      "/user/7?dialog=reviews&sort=lowest&after=4_1768046400000000_3",
    );
  });

  it("has no 'Load more' on the last page", () => {
    const html = render({ name: "following", people: [person(2)], after: "1_1", nextCursor: null, error: null }, 9);
    expect(more(html)).toBeNull();
    expect(html).not.toContain("Load more");
  });
});

describe("reviews dialog", () => {
  it("shows 'Failed to load reviews' as a banner with a labelled button that dismisses it", () => {
    const html = render(
      { name: "reviews", sort: "recent", reviews: [], after: null, nextCursor: null, error: "Failed to load reviews" },
      null,
      "/user/7?dialog=reviews",
    );
    expect(html).toMatch(
      /<div role="alert"[^>]*><span>Failed to load reviews<\/span><button type="button" aria-label="Dismiss message"[^>]*>.*?<\/button><\/div>/,
    );
    expect(html).not.toContain("No reviews found");
  });
});

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
    const html = render({ name: "followers", people: [person(2, true), person(3), person(9)], error: null }, 9);
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
    const html = render({ name: "following", people: [person(2), person(3)], error: null }, null, "/user/7?dialog=following");
    expect(rows(html)).toHaveLength(2);
    for (const row of rows(html)) {
      expect(row).toMatch(/<button type="button" disabled=""[^>]*>Login<\/button>/);
      expect(row).not.toContain("<form");
    }
  });
});

import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProfileHeader } from "~/modules/profile/profile.service.server";
import { ProfileHeaderView } from "./profile-header";

const profile: ProfileHeader = {
  id: 7,
  name: "Ada",
  username: "ada",
  avatarUrl: null,
  bio: null,
  location: null,
  website: null,
  platforms: [],
  joined: "March 2024",
  stats: { games: 3, reviewsThisYear: 2, lists: 12, following: 4, followers: 5 },
};

function render(tab: "top5" | "activity" = "top5", shown: ProfileHeader = profile): string {
  const Stub = createRoutesStub([{ path: "/user/:id", Component: () => <ProfileHeaderView profile={shown} isOwner={false} tab={tab} /> }]);
  return renderToString(<Stub initialEntries={["/user/7"]} />).replace(/<!-- -->/g, "");
}

/** [data-testid, href] of each link in the stats strip. */
const statLinks = (html: string) =>
  [...(/<dl [^>]*aria-label="Profile stats"[^>]*>(.*?)<\/dl>/.exec(html)?.[1] ?? "").matchAll(/<a [^>]*>/g)].map((m) => [
    /data-testid="([^"]+)"/.exec(m[0])?.[1],
    /href="([^"]+)"/.exec(m[0])?.[1]?.replace(/&amp;/g, "&"),
  ]);

describe("profile stats strip", () => {
  it("makes every count clickable: LISTS opens the Want to Play tab, the others their dialogs", () => {
    expect(statLinks(render())).toEqual([
      ["stat-games", "/user/7?dialog=games"],
      ["stat-reviews", "/user/7?dialog=reviews"],
      ["stat-lists", "/user/7?tab=playlist"],
      ["stat-following", "/user/7?dialog=following"],
      ["stat-followers", "/user/7?dialog=followers"],
    ]);
    // The link's name says what it counts.
    expect(render()).toMatch(
      /data-testid="stat-lists"[^>]*><span aria-hidden="true">12<\/span><span class="sr-only">12<\/span><span class="sr-only"> lists<\/span><\/a>/,
    );
  });

  it("names a count of one in the singular ('1 follower', not '1 followers')", () => {
    const html = render("top5", { ...profile, stats: { games: 1, reviewsThisYear: 1, lists: 1, following: 1, followers: 1 } });
    const names = [...html.matchAll(/data-testid="stat-[^"]+"[^>]*>(.*?)<\/a>/g)].map((m) =>
      m[1]!.replace(/<span aria-hidden="true">[^<]*<\/span>/, "").replace(/<[^>]+>/g, ""),
    );
    expect(names).toEqual(["1 game", "1 review this year", "1 list", "1 following", "1 follower"]);
    expect(render()).toContain('<span class="sr-only"> followers</span>');
  });

  it("keeps the tab in view for the dialogs", () => {
    expect(statLinks(render("activity"))[0]).toEqual(["stat-games", "/user/7?tab=activity&dialog=games"]);
  });
});

describe("profile header: user text isolated", () => {
  it("renders the name, bio and location each with its own direction", () => {
    const Stub = createRoutesStub([
      {
        path: "/user/:id",
        Component: () => (
          <ProfileHeaderView profile={{ ...profile, name: "مريم", bio: "שלום\nworld", location: "القاهرة" }} isOwner={false} tab="top5" />
        ),
      },
    ]);
    const html = renderToString(<Stub initialEntries={["/user/7"]} />).replace(/<!-- -->/g, "");
    expect(html).toMatch(/<h1 dir="auto"[^>]*>مريم<\/h1>/);
    expect(html).toMatch(/<p dir="auto"[^>]*unicode-bidi:plaintext[^>]*>שלום\nworld<\/p>/);
    expect(html).toContain("<bdi>القاهرة</bdi>");
  });
});

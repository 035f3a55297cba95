import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { TopTenTab } from "~/modules/lists/lists.service.server";
import { TopTenTabView } from "./top-ten-tab";

function render(data: TopTenTab, isOwner = false): string {
  const Stub = createRoutesStub([{ path: "/user/:id", Component: () => <TopTenTabView data={data} isOwner={isOwner} userId={7} /> }]);
  return renderToString(<Stub initialEntries={["/user/7?tab=top10"]} />).replace(/<!-- -->/g, "");
}

describe("Top 10 tab", () => {
  it("a failed read says 'Failed to load top games' with a Retry that reads the tab again", () => {
    const html = render({ games: [], error: "Failed to load top games" });
    expect(html).toMatch(/<p role="alert"[^>]*>Failed to load top games <a [^>]*href="\/user\/7\?tab=top10"[^>]*>Retry<\/a><\/p>/);
    expect(html).not.toContain("No games rated yet");
  });

  it("shows no Retry when the read worked", () => {
    const html = render({ games: [], error: null }, true);
    expect(html).toContain("No games rated yet. Start rating games to see your Top 10!");
    expect(html).not.toContain("Retry");
  });
});

import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RelativeTime } from "./relative-time";

function renderAt(serverNow: number | undefined, date: string): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => <RelativeTime date={date} /> }]);
  return renderToString(
    <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: serverNow === undefined ? {} : { now: serverNow } } }} />,
  );
}

describe("RelativeTime", () => {
  it("renders from the server's clock sent with the page, so the browser's first render is the same", () => {
    const serverNow = Date.parse("2024-03-01T12:00:00Z");
    const html = renderAt(serverNow, "2024-03-01T11:55:30Z");
    expect(html).toContain('<time dateTime="2024-03-01T11:55:30.000Z">4m ago</time>');
  });

  it("falls back to the current clock without a server time", () => {
    const html = renderAt(undefined, new Date(Date.now() - 3 * 3_600_000).toISOString());
    expect(html).toContain(">3h ago</time>");
  });
});

import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import * as route from "./user";

/** The route's error boundary as the server renders it, for an error thrown by the loader. */
function renderBoundary(error: unknown): string {
  const Boundary = route.ErrorBoundary as unknown as (props: { error: unknown }) => React.ReactNode;
  const Stub = createRoutesStub([{ path: "/user/:id", Component: () => <Boundary error={error} /> }]);
  return renderToString(<Stub initialEntries={["/user/5"]} />).replace(/<!-- -->/g, "");
}

describe("/user/:id when the profile fails to load", () => {
  it("shows 'Failed to load user data' and, as for an invalid id, a way home", () => {
    const html = renderBoundary(new Error("connection terminated"));
    expect(html).toMatch(/<div role="alert"><h1[^>]*>Failed to load user data<\/h1><\/div>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go home<\/a>/);
    expect(html).not.toContain("connection terminated");
  });

  it("goes home after 2 seconds without JavaScript too (a refresh in the head), like an invalid id", () => {
    const failed = route.meta({ loaderData: undefined, error: new Error("x") } as never);
    expect(failed).toContainEqual({ httpEquiv: "refresh", content: "2;url=/" });
    expect(failed).toContainEqual({ name: "robots", content: "noindex" });
    expect(JSON.stringify(failed)).toContain("Failed to load user data");
    const invalid = route.meta({ loaderData: { invalid: true } } as never);
    expect(invalid).toContainEqual({ httpEquiv: "refresh", content: "2;url=/" });
    expect(JSON.stringify(invalid)).toContain("Invalid user ID");
  });
});

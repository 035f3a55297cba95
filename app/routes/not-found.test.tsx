import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import NotFoundRoute, { loader } from "./not-found";

describe("404 page", () => {
  it("answers 404", () => {
    expect(loader().init?.status).toBe(404);
  });

  it("names the path the user asked for, never the data URL it was loaded through", () => {
    const Stub = createRoutesStub([{ id: "routes/not-found", path: "*", Component: NotFoundRoute as never }]);
    const html = renderToString(
      <Stub initialEntries={["/users"]} hydrationData={{ loaderData: { "routes/not-found": { path: "/users.data" } } }} />,
    );
    expect(html).toContain("Nothing lives at <code");
    expect(html).toContain(">/users</code>");
    expect(html).not.toContain("/users.data");
  });
});

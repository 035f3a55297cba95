import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { actionRule } from "./action-routes";

type Routes = ServerBuild["routes"];

/** A route table shaped like the app's: root, an index page, pages and APIs with and without an action. */
function routes(): Routes {
  const route = (
    id: string,
    path: string | undefined,
    module: Record<string, unknown>,
    extra: { index?: boolean; parentId?: string } = {},
  ) => ({
    id,
    path,
    index: extra.index,
    parentId: extra.parentId ?? "root",
    caseSensitive: undefined,
    module,
  });
  const loader = () => null;
  const action = () => null;
  return {
    root: { id: "root", path: "", index: undefined, parentId: undefined, caseSensitive: undefined, module: { loader } },
    "routes/home": route("routes/home", undefined, { loader }, { index: true }),
    "routes/faq": route("routes/faq", "faq", {}),
    "routes/login": route("routes/login", "login", { loader, action }),
    "routes/api.picker": route("routes/api.picker", "api/picker", { loader }),
    "routes/api.lists": route("routes/api.lists", "api/lists", { loader, action }),
    "routes/review": route("routes/review", "review/:gameId?", { loader, action }),
    "routes/user": route("routes/user", "user/:id?", { loader }),
    "routes/api.auth.$": route("routes/api.auth.$", "api/auth/*", { loader, action }),
    "routes/not-found": route("routes/not-found", "*", { loader }),
  } as unknown as Routes;
}

describe("which POSTs reach an action", () => {
  const hasAction = actionRule(routes());

  it("a page or API without an action has none, for the page and its .data twin", () => {
    for (const path of ["/faq", "/faq.data", "/faq/", "/api/picker", "/api/picker.data", "/user", "/user/1", "/user/1.data", "/nope/x"])
      expect(hasAction(path, ""), path).toBe(false);
  });

  it("routes with an action keep it, optional and splat segments included", () => {
    for (const path of ["/login", "/login.data", "/api/lists", "/review", "/review/42", "/review/42.data", "/api/auth/sign-in/email"])
      expect(hasAction(path, ""), path).toBe(true);
  });

  it("/ and /_root.data reach root (no action); ?index reaches the index route (no action either)", () => {
    expect(hasAction("/", "")).toBe(false);
    expect(hasAction("/_root.data", "")).toBe(false);
    expect(hasAction("/", "?index")).toBe(false);
  });

  it("reads ?index as React Router does: only a bare index parameter targets the index route", () => {
    const table = routes();
    (table["routes/home"]!.module as unknown as Record<string, unknown>).action = () => null;
    const withIndexAction = actionRule(table);
    expect(withIndexAction("/", "?index")).toBe(true);
    expect(withIndexAction("/", "?index&x=1")).toBe(true);
    expect(withIndexAction("/", "?index=1")).toBe(false);
    expect(withIndexAction("/", "")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { flattenRoutes, routeConfigFor } from "../tests/support/route-table";

const DEVELOPER_ROUTES = ["debug-auth", "enhanced-search-test"];

describe("route table", () => {
  it("has no developer routes in production (an unset NODE_ENV counts as production)", async () => {
    for (const env of ["production", undefined]) {
      const paths = flattenRoutes(await routeConfigFor(env)).map((e) => e.path);
      expect(paths).toContain("game/:identifier");
      for (const dev of DEVELOPER_ROUTES) expect(paths, `NODE_ENV=${env}`).not.toContain(dev);
    }
  });

  it("keeps them in development and tests, before the catch-all", async () => {
    for (const env of ["development", "test"]) {
      const paths = flattenRoutes(await routeConfigFor(env)).map((e) => e.path);
      for (const dev of DEVELOPER_ROUTES) expect(paths).toContain(dev);
      expect(paths.at(-1)).toBe("*");
    }
  });
});

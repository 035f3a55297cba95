import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_CEILINGS, firstLoadJs, kb, readBrowserManifest } from "../../scripts/lib/js-budget";

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../build");

describe("a visitor's first load stays within its JavaScript ceiling", () => {
  const manifest = readBrowserManifest(buildDir);
  for (const { page, route, bytes } of FIRST_LOAD_CEILINGS) {
    it(`${page}: at most ${kb(bytes)} of compressed JavaScript`, () => {
      const load = firstLoadJs(buildDir, route, manifest);
      expect(load.files.length).toBeGreaterThan(2);
      expect(load.gzipBytes, `${page} loads ${kb(load.gzipBytes)}: ${load.files.join(", ")}`).toBeLessThanOrEqual(bytes);
    });
  }

  it("what opens on a click is not part of the first load (sign-in dialog, account and phone menus, toasts, schema library)", () => {
    for (const { route } of FIRST_LOAD_CEILINGS) {
      const files = firstLoadJs(buildDir, route, manifest).files.map((f) => path.basename(f));
      for (const lazy of ["auth-dialog-", "user-menu-", "mobile-menu-", "user-settings-dialog-", "schemas-"]) {
        expect(files.filter((f) => f.startsWith(lazy)), `${route} preloads ${lazy}*`).toEqual([]);
      }
    }
  });
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_CEILINGS, FIRST_LOAD_GOAL_BYTES, firstLoadJs, kb, readBrowserManifest } from "../../scripts/lib/js-budget";

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../build");

describe("a visitor's first load stays within its JavaScript ceiling", () => {
  const manifest = readBrowserManifest(buildDir);
  for (const { page, route, bytes } of FIRST_LOAD_CEILINGS) {
    it(`${page}: at most ${kb(bytes)} of gzip and ${kb(FIRST_LOAD_GOAL_BYTES)} of Brotli-compressed JavaScript`, () => {
      const load = firstLoadJs(buildDir, route, manifest);
      expect(load.files.length).toBeGreaterThan(2);
      expect(load.gzipBytes, `${page} loads ${kb(load.gzipBytes)} gzip: ${load.files.join(", ")}`).toBeLessThanOrEqual(bytes);
      // What a browser downloads (the server sends Brotli to every browser that accepts it).
      expect(load.brotliBytes, `${page} loads ${kb(load.brotliBytes)} Brotli: ${load.files.join(", ")}`).toBeLessThanOrEqual(
        FIRST_LOAD_GOAL_BYTES,
      );
    });
  }

  it("what opens on a click or after hydration is not part of the first load (sign-in dialog, menus, toasts, schema library, search combobox, the game page's related content, skeleton and error screen)", () => {
    const lazyModules = [
      "auth-dialog-",
      "user-menu-",
      "mobile-menu-",
      "user-settings-dialog-",
      "schemas-",
      "header-search-combobox-",
      "related-content-",
      "game-page-skeleton-",
      "game-error-",
    ];
    for (const lazy of lazyModules) {
      // Each is a chunk of its own (else the name check below would pass for a module merged into another chunk).
      expect(
        fs.readdirSync(path.join(buildDir, "client", "assets")).some((f) => f.startsWith(lazy)),
        `no ${lazy}* chunk in the build`,
      ).toBe(true);
    }
    for (const { route } of FIRST_LOAD_CEILINGS) {
      const files = firstLoadJs(buildDir, route, manifest).files.map((f) => path.basename(f));
      for (const lazy of lazyModules) {
        expect(files.filter((f) => f.startsWith(lazy)), `${route} preloads ${lazy}*`).toEqual([]);
      }
    }
  });
});

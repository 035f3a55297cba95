import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** React, React DOM (with its scheduler) and React Router: every page needs them, they change only with an upgrade. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SCRIPT = /\.[cm]?[jt]sx?$/;
const APP_ICONS = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../app/components/ui/icons");

/**
 * Client build: a few chunks for what a first load needs, instead of the ~40 small shared chunks the
 * bundler cuts on its own (decision 016). Brotli compresses each file on its own, so the same code in a
 * few files instead of forty is ~10 KB smaller.
 * - `vendor`: React, React DOM and React Router.
 * - `shell`: every other module the root route and the client entry import statically (header, search
 *   field, consent banner, footer, error screens, their helpers and icons).
 * - `pages`: what all of `pages` (the landing pages: home and a game) import statically beyond the shell:
 *   review cards and their like buttons, covers, relative times. A page that uses one of them loads all,
 *   a few KB.
 * Modules reached only through `import()` (sign-in dialog, menus, settings, the search combobox) are not
 * in a static graph and stay in their own chunks; route modules stay entries of their own.
 */
export function firstLoadChunks({ shell: shellRoots, pages: pageRoots }: { shell: string[]; pages: string[] }): Plugin {
  const chunkOf = new Map<string, "shell" | "pages">();
  return {
    name: "savepoint:first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      // Everything a file's modules (the route module and its split chunks) import statically.
      const graph = (file: string) => {
        const seen = new Set<string>();
        const stack = ids.filter((id) => id.split("?")[0] === file);
        if (stack.length === 0) this.error(`first-load chunks: ${file} is not in the client build`);
        for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(this.getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const capturable = (id: string) => !VENDOR.test(id) && SCRIPT.test(id.split("?")[0]!) && !this.getModuleInfo(id)?.isEntry;
      chunkOf.clear();
      for (const root of shellRoots) for (const id of graph(root)) if (capturable(id)) chunkOf.set(id, "shell");
      const [first, ...rest] = pageRoots.map(graph);
      for (const id of first ?? []) {
        if (capturable(id) && !chunkOf.has(id) && rest.every((g) => g.has(id))) chunkOf.set(id, "pages");
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "vendor", test: VENDOR, priority: 2 },
            { name: "shell", test: (id) => chunkOf.get(id) === "shell", priority: 1 },
            { name: "pages", test: (id) => chunkOf.get(id) === "pages" },
          ],
        },
      };
    },
  };
}

/**
 * `import { Menu, X as Close } from "lucide-react"` → one import per icon file (`lucide-react/icons/menu`).
 * The package's index imports all ~1,600 icons, so for the bundler's module graph every icon would be
 * reachable from any module that uses one; with direct imports the graph (and the `shell` chunk above)
 * holds only the icons a module uses. The same for the app's icons, `import { Heart } from
 * "~/components/ui/icons"` → `~/components/ui/icons/heart`. Client build only: the dev server pre-bundles
 * the package whole, and the server build has no chunks to cut.
 */
export function lucideDirectImports(): Plugin {
  const require = createRequire(import.meta.url);
  let lucide: Map<string, string> | null = null;
  let appIcons: Map<string, string> | null = null;
  const lucideFiles = () => {
    if (lucide) return lucide;
    lucide = new Map();
    const index = path.join(path.dirname(require.resolve("lucide-react/package.json")), "dist/esm/lucide-react.mjs");
    for (const [, names, file] of fs.readFileSync(index, "utf8").matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
      for (const name of names!.matchAll(/default as (\w+)/g)) lucide.set(name[1]!, `import NAME from "lucide-react/icons/${file}";`);
    }
    return lucide;
  };
  // The app's own icons (app/components/ui/icons/): its index re-exports one module per icon, and the
  // bundler, which must assume an app module has side effects, would otherwise load them all wherever
  // one is imported (every icon in the first-load shell).
  const appIconFiles = () => {
    if (appIcons) return appIcons;
    appIcons = new Map();
    const index = path.join(APP_ICONS, "index.ts");
    for (const [, name, file] of fs.readFileSync(index, "utf8").matchAll(/export \{ (\w+) \} from "\.\/([\w-]+)";/g)) {
      appIcons.set(name!, `import { ${name} as NAME } from "~/components/ui/icons/${file}";`);
    }
    return appIcons;
  };
  const rewrite = (code: string, specifier: RegExp, files: Map<string, string>, from: string) =>
    code.replace(specifier, (statement, list: string) => {
      const rest: string[] = [];
      const direct: string[] = [];
      for (const spec of list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (spec.startsWith("type ")) {
          rest.push(spec);
          continue;
        }
        const [imported, local = imported] = spec.split(/\s+as\s+/) as [string, string?];
        const file = files.get(imported);
        if (file) direct.push(file.replace("NAME", local));
        else rest.push(spec);
      }
      return [...direct, ...(rest.length ? [`import { ${rest.join(", ")} } from "${from}";`] : [])].join(" ") || statement;
    });
  return {
    name: "savepoint:lucide-direct-imports",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (id.includes("node_modules") || !SCRIPT.test(id.split("?")[0]!)) return null;
      let replaced = code;
      if (replaced.includes("lucide-react"))
        replaced = rewrite(replaced, /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, lucideFiles(), "lucide-react");
      if (replaced.includes("~/components/ui/icons"))
        replaced = rewrite(
          replaced,
          /import\s*\{([^}]*)\}\s*from\s*["']~\/components\/ui\/icons["'];?/g,
          appIconFiles(),
          "~/components/ui/icons",
        );
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}

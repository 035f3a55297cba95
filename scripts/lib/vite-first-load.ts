import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/** React, React DOM (with its scheduler) and React Router: every page needs them, they change only with an upgrade. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SCRIPT = /\.[cm]?[jt]sx?$/;

/**
 * Client build: two chunks for what every page loads, instead of the ~40 small shared chunks the bundler
 * cuts on its own (decision 016). `vendor` holds React, React DOM and React Router; `shell` every other
 * module the root route and the client entry import statically (header, search field, consent banner,
 * footer, error screens, their helpers and icons). Brotli compresses each file on its own, so the same
 * code in two files instead of forty is ~10 KB smaller on a first load. Modules reached only through
 * `import()` (sign-in dialog, menus, settings) are not in the static graph and stay in their own chunks;
 * route modules stay entries of their own.
 */
export function firstLoadChunks({ roots }: { roots: string[] }): Plugin {
  let shell: Set<string> | null = null;
  return {
    name: "savepoint:first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "vendor", test: VENDOR, priority: 2 },
            {
              name(id, ctx) {
                if (!shell) {
                  shell = new Set();
                  const stack = [...roots];
                  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
                    if (shell.has(next)) continue;
                    shell.add(next);
                    stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
                  }
                }
                if (!shell.has(id) || VENDOR.test(id) || !SCRIPT.test(id) || ctx.getModuleInfo(id)?.isEntry) return null;
                return "shell";
              },
              debugName: "shell",
              priority: 1,
            },
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
 * holds only the icons a module uses. Client build only: the dev server pre-bundles the package whole, and
 * the server build has no chunks to cut.
 */
export function lucideDirectImports(): Plugin {
  const require = createRequire(import.meta.url);
  let files: Map<string, string> | null = null;
  const iconFiles = () => {
    if (files) return files;
    files = new Map();
    const index = path.join(path.dirname(require.resolve("lucide-react/package.json")), "dist/esm/lucide-react.mjs");
    for (const [, names, file] of fs.readFileSync(index, "utf8").matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
      for (const name of names!.matchAll(/default as (\w+)/g)) files.set(name[1]!, file!);
    }
    return files;
  };
  return {
    name: "savepoint:lucide-direct-imports",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      if (id.includes("node_modules") || !SCRIPT.test(id.split("?")[0]!) || !code.includes("lucide-react")) return null;
      const replaced = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, (statement, list: string) => {
        const rest: string[] = [];
        const direct: string[] = [];
        for (const spec of list
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = spec.split(/\s+as\s+/) as [string, string?];
          const file = iconFiles().get(imported);
          if (file) direct.push(`import ${local} from "lucide-react/icons/${file}";`);
          else rest.push(spec);
        }
        return [...direct, ...(rest.length ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [])].join(" ") || statement;
      });
      return replaced === code ? null : { code: replaced, map: null };
    },
  };
}

import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * The most compressed JavaScript a visitor's first load may download, per page: gzip ceilings a few KB
 * above the measured size (home 130.2 KB, game page 136.1 KB), so growth is a decision, not an accident;
 * and what browsers actually get, Brotli, at most FIRST_LOAD_GOAL_BYTES on both (measured 113.3 KB and
 * 118.6 KB). React DOM, React and React Router alone are ~91 KB of it (Brotli); decision 016 says what
 * keeps the rest small (everything behind a click loads when first wanted, a few chunks instead of many).
 */
export const FIRST_LOAD_CEILINGS = [
  { page: "/", route: "routes/home", bytes: 134 * 1024 },
  { page: "/game/:slug", route: "routes/game", bytes: 140 * 1024 },
] as const;
export const FIRST_LOAD_GOAL_BYTES = 120 * 1024;

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface BrowserManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
}

/** Reads build/client/assets/manifest-*.js (window.__reactRouterManifest = {...}). */
export function readBrowserManifest(buildDir: string): BrowserManifest {
  const assets = path.join(buildDir, "client", "assets");
  const file = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No browser manifest in ${assets}: run \`npm run build\` first.`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "");
  return JSON.parse(json) as BrowserManifest;
}

export interface FirstLoad {
  route: string;
  files: string[];
  gzipBytes: number;
  /** What a browser that accepts `br` downloads: the server serves Brotli at quality 11 (server/precompressed-assets.ts). */
  brotliBytes: number;
}

/**
 * The JavaScript a first load of `routeId` fetches before it is interactive: the entry, and the
 * route with its ancestors (module + static imports), as the page's modulepreload links list them.
 * Modules imported lazily (import()) are not counted: they load only when used.
 */
export function firstLoadJs(buildDir: string, routeId: string, manifest = readBrowserManifest(buildDir)): FirstLoad {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Unknown route id ${id}`);
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  const manifestFile = fs.readdirSync(path.join(buildDir, "client", "assets")).find((f) => f.startsWith("manifest-"));
  if (manifestFile) files.add(`/assets/${manifestFile}`);
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const f of files) {
    const raw = fs.readFileSync(path.join(buildDir, "client", f));
    gzipBytes += gzipSync(raw, { level: 9 }).length;
    brotliBytes += brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }).length;
  }
  return { route: routeId, files: [...files].sort(), gzipBytes, brotliBytes };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

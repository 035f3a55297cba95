/** Prints the compressed JavaScript a visitor's first load of / and /game/:slug downloads (needs `npm run build`). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FIRST_LOAD_BUDGET_BYTES, FIRST_LOAD_GOAL_BYTES, firstLoadJs, kb, readBrowserManifest } from "./lib/js-budget";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "build");
const manifest = readBrowserManifest(buildDir);
let over = false;
for (const [page, route] of [
  ["/", "routes/home"],
  ["/game/:slug", "routes/game"],
] as const) {
  const load = firstLoadJs(buildDir, route, manifest);
  over ||= load.gzipBytes > FIRST_LOAD_BUDGET_BYTES;
  console.log(
    `${page.padEnd(12)} ${kb(load.gzipBytes).padStart(9)} gzip in ${load.files.length} files (ceiling ${kb(FIRST_LOAD_BUDGET_BYTES)}, goal ${kb(FIRST_LOAD_GOAL_BYTES)})`,
  );
}
process.exit(over ? 1 : 0);

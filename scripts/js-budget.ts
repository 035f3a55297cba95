/** Prints the compressed JavaScript a visitor's first load of / and /game/:slug downloads (needs `npm run build`). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FIRST_LOAD_CEILINGS, FIRST_LOAD_GOAL_BYTES, firstLoadJs, kb, readBrowserManifest } from "./lib/js-budget";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = path.join(root, "build");
const manifest = readBrowserManifest(buildDir);
let over = false;
for (const { page, route, bytes } of FIRST_LOAD_CEILINGS) {
  const load = firstLoadJs(buildDir, route, manifest);
  over ||= load.gzipBytes > bytes || load.brotliBytes > FIRST_LOAD_GOAL_BYTES;
  console.log(
    `${page.padEnd(12)} ${kb(load.gzipBytes).padStart(9)} gzip, ${kb(load.brotliBytes).padStart(9)} brotli in ${load.files.length} files (gzip ceiling ${kb(bytes)}, brotli ceiling ${kb(FIRST_LOAD_GOAL_BYTES)})`,
  );
}
process.exit(over ? 1 : 0);

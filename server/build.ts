import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Newest modification time of the files a production build is made from. */
function newestSourceMtime(root: string): number {
  let newest = 0;
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name === "node_modules" || name.startsWith(".")) continue;
        visit(path.join(p, name));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const entry of ["app", "public", "react-router.config.ts", "vite.config.ts", "package.json"]) {
    visit(path.join(root, entry));
  }
  return newest;
}

export function buildIsStale(root: string): boolean {
  const marker = path.join(root, "build", "server", "index.js");
  let built = 0;
  try {
    built = fs.statSync(marker).mtimeMs;
  } catch {
    return true;
  }
  return newestSourceMtime(root) > built;
}

/** Runs `react-router build` when build/ is missing or older than the sources. */
export function ensureBuild(root: string, log: (msg: string) => void): void {
  if (!buildIsStale(root)) return;
  log("Building the app (first start or sources changed)...");
  const bin = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  const result = spawnSync(process.execPath, [bin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The build failed; see the output above.");
}

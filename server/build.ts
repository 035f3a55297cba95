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

/**
 * Runs `react-router build` when build/ is missing or older than the sources. The build's own
 * output (Vite's file list, React Router's internal deprecation notices) is kept back and shown
 * only when the build fails, so start-up prints what the operator needs, in order.
 */
export function ensureBuild(root: string, log: (msg: string) => void, run: typeof spawnSync = spawnSync): void {
  if (!buildIsStale(root)) return;
  log("Building the app (first start or sources changed)...");
  const started = Date.now();
  const bin = path.join(root, "node_modules", "@react-router", "dev", "bin.js");
  const result = run(process.execPath, [bin, "build"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stderr.write(`${String(result.stdout ?? "")}${String(result.stderr ?? "")}`);
    throw new Error("The build failed; see the output above.");
  }
  log(`Built the app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The address to open in a browser: the host the server listens on, with "localhost" for the
 * wildcard addresses (0.0.0.0, ::), which accept local connections too.
 */
export function listeningUrl(host: string, port: number): string {
  const h = host.trim();
  if (h === "" || h === "0.0.0.0" || h === "::" || h === "[::]") return `http://localhost:${port}`;
  const bare = h.replace(/^\[|\]$/g, "");
  return `http://${bare.includes(":") ? `[${bare}]` : bare}:${port}`;
}

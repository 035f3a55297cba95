import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  platform: string;
  node: string;
  date: string;
  commit: string | null;
}

/** The checked-out commit, read from .git without running git. */
export function gitCommit(root: string): string | null {
  try {
    let gitDir = path.join(root, ".git");
    // A worktree's .git is a file naming its git dir; branches live in the common dir.
    if (fs.statSync(gitDir).isFile())
      gitDir = path.resolve(
        root,
        fs
          .readFileSync(gitDir, "utf8")
          .replace(/^gitdir:\s*/, "")
          .trim(),
      );
    const common = fs.existsSync(path.join(gitDir, "commondir"))
      ? path.resolve(gitDir, fs.readFileSync(path.join(gitDir, "commondir"), "utf8").trim())
      : gitDir;
    const head = fs.readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head;
    const ref = head.slice(5);
    for (const dir of [gitDir, common]) {
      const loose = path.join(dir, ref);
      if (fs.existsSync(loose)) return fs.readFileSync(loose, "utf8").trim();
    }
    const packed = fs.readFileSync(path.join(common, "packed-refs"), "utf8");
    const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
    return line ? (line.split(" ")[0] ?? null) : null;
  } catch {
    return null;
  }
}

export function machineInfo(root: string): MachineInfo {
  const cpus = os.cpus();
  return {
    cpus: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    commit: gitCommit(root),
  };
}

/** 1-minute load average (other processes on the machine skew the numbers). */
export function loadAverage(): number {
  return Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
}

import fs from "node:fs";

/**
 * CPU time (user + system, ms) of processes, from Linux /proc: what a run cost the server and the
 * database, whatever the concurrency. Elsewhere (no /proc) every reading is null.
 */

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statOf(pid: number): { ppid: number; comm: string; cpuMs: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const f = stat.slice(close + 2).split(" ");
    // After ") ": state ppid … utime is field 14 of the whole line, index 11 here; stime index 12.
    return { ppid: Number(f[1]), comm, cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

function allPids(): number[] {
  try {
    return fs
      .readdirSync("/proc")
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
}

/** CPU ms of `rootPid` and its child processes (the server's workers), and of every `postgres` process. */
export function cpuSnapshot(rootPid: number): { server: number; postgres: number } | null {
  if (!fs.existsSync(`/proc/${rootPid}/stat`)) return null;
  let server = 0;
  let postgres = 0;
  for (const pid of allPids()) {
    const s = statOf(pid);
    if (!s) continue;
    if (pid === rootPid || s.ppid === rootPid) server += s.cpuMs;
    else if (s.comm === "postgres") postgres += s.cpuMs;
  }
  return { server, postgres };
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ensureBuild, listeningUrl } from "./build";

describe("listeningUrl", () => {
  it("names the address the server really listens on", () => {
    expect(listeningUrl("127.0.0.1", 3000)).toBe("http://127.0.0.1:3000");
    expect(listeningUrl("192.168.1.20", 8080)).toBe("http://192.168.1.20:8080");
    expect(listeningUrl("::1", 3000)).toBe("http://[::1]:3000");
  });

  it("says localhost for the wildcard addresses, which accept local connections", () => {
    expect(listeningUrl("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listeningUrl("::", 3000)).toBe("http://localhost:3000");
  });
});

describe("ensureBuild", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    vi.restoreAllMocks();
  });
  const staleRoot = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-build-"));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, "app"));
    fs.writeFileSync(path.join(dir, "app", "root.tsx"), "");
    return dir;
  };
  const fakeBuild = (status: number) =>
    vi.fn(() => ({
      status,
      stdout: "vite v8 building client environment...\n",
      stderr: "The `envFile` option is deprecated\n",
    })) as unknown as typeof spawnSync;

  it("announces the build first and keeps the build tool's own output back", () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const lines: string[] = [];
    const run = fakeBuild(0);
    ensureBuild(staleRoot(), (m) => lines.push(m), run);
    expect(lines[0]).toBe("Building the app (first start or sources changed)...");
    expect(lines[1]).toMatch(/^Built the app in \d+\.\d s$/);
    expect(run).toHaveBeenCalledWith(process.execPath, expect.any(Array), expect.objectContaining({ stdio: ["ignore", "pipe", "pipe"] }));
    expect(out).not.toHaveBeenCalled();
    expect(err).not.toHaveBeenCalled();
  });

  it("shows the build output when the build fails", () => {
    const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(() => ensureBuild(staleRoot(), () => {}, fakeBuild(1))).toThrow("The build failed");
    expect(String(err.mock.calls[0]?.[0])).toContain("envFile");
  });
});

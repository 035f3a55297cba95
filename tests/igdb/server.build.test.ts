import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { igdbGame, startIgdbStandIn, type IgdbStandIn } from "./stand-in";

/**
 * The "done when", through the production server (build/, Express, React Router) as a real
 * process: IGDB_API_URL and TWITCH_TOKEN_URL point at the stand-in; a search for a game not in the
 * database returns it from IGDB and stores it; the same search again makes no IGDB call; with the
 * stand-in stopped, GET /api/games/{igdb id} answers from the database. Runs after the build, in
 * `npm run test:e2e` (vitest.build.config.ts); without build/ it fails and says so. Embedded database
 * only: the server opens its own data directory.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const hasBuild = fs.existsSync(path.join(root, "build", "server", "index.js"));
if (!hasBuild) throw new Error("tests/igdb/server.build.test.ts needs the production build: run `npm run build` first");
const children: ChildProcessWithoutNullStreams[] = [];

interface Server {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-igdb-server-"));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  for (const k of ["IGDB_CLIENT_ID", "IGDB_CLIENT_SECRET", "IGDB_API_URL", "TWITCH_TOKEN_URL"]) if (!(k in env)) delete childEnv[k];
  Object.assign(childEnv, {
    NODE_ENV: "production",
    SAVEPOINT_SKIP_BUILD: "1",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
  });
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "index.ts")], { cwd: root, env: childEnv });
  children.push(child);
  const output: string[] = [];
  child.stderr.on("data", (d: Buffer) => output.push(d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      output.push(line);
      const m = /Savepoint is running at (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output.join("\n")}`)));
  });
  return {
    url,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
});

describe("IGDB fallback through the production server", () => {
  let igdb: IgdbStandIn | undefined;
  afterAll(async () => igdb?.stop().catch(() => undefined));

  it("finds a game only IGDB has, stores it, and serves it from the database with IGDB stopped", { timeout: 120_000 }, async () => {
    igdb = await startIgdbStandIn();
    igdb.addGames(igdbGame(910001, "Zyxwv Chronicles", { storyline: "Story.", screenshots: [{ id: 1, image_id: "sc1" }] }));
    const server = await startServer(igdb.env());
    try {
      const search = async () =>
        (await fetch(`${server.url}/api/games/search?q=zyxwv+chronicles`)).json() as Promise<{
          games: { igdbId: number; name: string }[];
          source: string;
        }>;
      const first = await search();
      expect(first.source).toBe("igdb");
      expect(first.games.map((g) => [g.igdbId, g.name])).toEqual([[910001, "Zyxwv Chronicles"]]);
      expect(igdb.apiCalls()).toHaveLength(1);
      expect(igdb.tokenCalls()).toHaveLength(1);

      const again = await search();
      expect(again.source).toBe("database");
      expect(again.games.map((g) => g.igdbId)).toEqual([910001]);
      expect(igdb.apiCalls()).toHaveLength(1);

      const refused = await fetch(`${server.url}/api/igdb-search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ isBulkRequest: true, endpoint: "companies", requestBody: "fields *;" }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ success: false, games: [], error: "Only the games endpoint is allowed" });

      await igdb.stop();
      const game = await fetch(`${server.url}/api/games/910001`);
      expect(game.status).toBe(200);
      expect(await game.json()).toMatchObject({
        igdbId: 910001,
        name: "Zyxwv Chronicles",
        slug: "zyxwv-chronicles",
        developer: "CD Projekt RED",
      });
      const page = await fetch(`${server.url}/game/910001`, { redirect: "manual" });
      expect([301, 302]).toContain(page.status);
      expect(page.headers.get("location")).toBe("/game/zyxwv-chronicles");
    } finally {
      await server.stop();
    }
  });

  it("says at start-up that the catalogue is local only without IGDB credentials", { timeout: 120_000 }, async () => {
    const server = await startServer({});
    try {
      expect(server.output.join("\n")).toContain("IGDB credentials not set: the catalogue runs from the local database only");
      const res = await (await fetch(`${server.url}/api/games/search?q=zyxwv+chronicles`)).json();
      expect(res).toMatchObject({ games: [], source: "database" });
    } finally {
      await server.stop();
    }
  });
});

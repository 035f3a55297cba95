import { describe, expect, it } from "vitest";
import { clearRecent, readRecent, recentKey, rememberSearch, RECENT_TTL_MS } from "./recent-searches";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe("recent searches", () => {
  it("keeps the newest 5 per kind, newest first, without duplicates", () => {
    const s = memoryStorage();
    let t = 1_000_000;
    for (const q of ["zelda", "mario", "halo", "doom", "tetris", "metroid"]) rememberSearch("games", q, s, (t += 1000));
    rememberSearch("games", "  HALO ", s, (t += 1000));
    rememberSearch("users", "alice", s, (t += 1000));
    expect(readRecent("games", s, t).map((e) => e.query)).toEqual(["HALO", "metroid", "tetris", "doom", "mario"]);
    expect(readRecent("users", s, t).map((e) => e.query)).toEqual(["alice"]);
  });

  it("forgets searches after 24 hours", () => {
    const s = memoryStorage();
    rememberSearch("games", "old", s, 0);
    rememberSearch("games", "new", s, RECENT_TTL_MS - 10);
    expect(readRecent("games", s, RECENT_TTL_MS - 1).map((e) => e.query)).toEqual(["new", "old"]);
    expect(readRecent("games", s, RECENT_TTL_MS).map((e) => e.query)).toEqual(["new"]);
    // Expired entries are dropped on the next write.
    rememberSearch("games", "newest", s, RECENT_TTL_MS + 5);
    expect(JSON.parse(s.data.get(recentKey("games"))!)).toHaveLength(2);
  });

  it("ignores empty queries, corrupt storage and missing storage; clears one kind", () => {
    const s = memoryStorage();
    expect(rememberSearch("games", "   ", s, 1)).toEqual([]);
    s.data.set(recentKey("games"), "{nope");
    expect(readRecent("games", s, 1)).toEqual([]);
    s.data.set(
      recentKey("games"),
      JSON.stringify([
        { query: 1, at: "x" },
        { query: "ok", at: 1 },
      ]),
    );
    expect(readRecent("games", s, 2).map((e) => e.query)).toEqual(["ok"]);
    rememberSearch("users", "bob", s, 3);
    clearRecent("games", s);
    expect(readRecent("games", s, 4)).toEqual([]);
    expect(readRecent("users", s, 4)).toHaveLength(1);
    expect(readRecent("games", null)).toEqual([]);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(readRecent("games", throwing)).toEqual([]);
    expect(() => rememberSearch("games", "x", throwing)).not.toThrow();
    expect(() => clearRecent("games", throwing)).not.toThrow();
  });
});

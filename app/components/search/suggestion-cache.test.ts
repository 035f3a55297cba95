import { describe, expect, it } from "vitest";
import { SuggestionCache, SUGGESTION_TTL_MS } from "./suggestion-cache";

describe("SuggestionCache", () => {
  it("keeps entries for 5 minutes", () => {
    const c = new SuggestionCache<number>();
    c.set("a", 1, 0);
    expect(c.get("a", SUGGESTION_TTL_MS - 1)).toBe(1);
    expect(c.get("a", SUGGESTION_TTL_MS)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it("drops the oldest 20 % when full", () => {
    const c = new SuggestionCache<number>(60_000, 10);
    for (let i = 0; i < 10; i++) c.set(`k${i}`, i, i);
    c.set("k0", 0, 20); // refreshed: now the newest
    c.set("k10", 10, 21);
    expect(c.size).toBe(9);
    expect(c.get("k1", 22)).toBeUndefined();
    expect(c.get("k2", 22)).toBeUndefined();
    expect(c.get("k0", 22)).toBe(0);
    expect(c.get("k3", 22)).toBe(3);
    expect(c.get("k10", 22)).toBe(10);
  });
});

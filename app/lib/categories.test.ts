import { describe, expect, it } from "vitest";
import { GAME_CATEGORY, categoryLabel, categoryPriority, isDlcLike, isMainGame, isModCategory } from "./categories";

describe("categoryLabel", () => {
  it.each([
    [0, "Main Game"],
    [1, "DLC"],
    [2, "Expansion"],
    [3, "Bundle"],
    [4, "Standalone Expansion"],
    [5, "Mod"],
    [6, "Episode"],
    [7, "Season"],
    [8, "Remake"],
    [9, "Remaster"],
    [10, "Expanded Edition"],
    [11, "Port"],
    [12, "Fork"],
    [13, "Pack"],
    [14, "Update"],
  ])("%i → %s", (code, label) => {
    expect(categoryLabel(code)).toBe(label);
  });

  it("treats absent categories as main games", () => {
    expect(categoryLabel(null)).toBe("Main Game");
    expect(categoryLabel(undefined)).toBe("Main Game");
  });

  it("shows other values as Additional Content", () => {
    for (const code of [15, 99, -1, 1.5, NaN]) expect(categoryLabel(code)).toBe("Additional Content");
  });
});

describe("categoryPriority", () => {
  it("follows the spec values", () => {
    expect(categoryPriority(0)).toBe(10000);
    expect(categoryPriority(null)).toBe(10000);
    expect(categoryPriority(undefined)).toBe(10000);
    expect(categoryPriority(8)).toBe(5000);
    expect(categoryPriority(2)).toBe(5000);
    expect(categoryPriority(9)).toBe(4000);
    expect(categoryPriority(6)).toBe(3000);
    expect(categoryPriority(11)).toBe(2000);
    expect(categoryPriority(14)).toBe(2000);
    expect(categoryPriority(1)).toBe(1000);
    expect(categoryPriority(3)).toBe(500);
    expect(categoryPriority(5)).toBe(100);
  });

  it("uses the chosen values for the remaining codes", () => {
    expect(categoryPriority(4)).toBe(5000);
    expect(categoryPriority(10)).toBe(4000);
    expect(categoryPriority(12)).toBe(100);
    expect(categoryPriority(13)).toBe(1000);
    expect(categoryPriority(7)).toBe(50);
    expect(categoryPriority(42)).toBe(500);
    expect(categoryPriority(NaN)).toBe(500);
  });

  it("ranks main games above everything else", () => {
    for (let code = 1; code <= 20; code += 1) {
      expect(categoryPriority(code)).toBeLessThan(categoryPriority(0));
    }
  });
});

describe("isDlcLike", () => {
  it("is true for DLC, expansion, standalone expansion and pack", () => {
    expect([1, 2, 4, 13].every(isDlcLike)).toBe(true);
  });

  it("is false for everything else", () => {
    for (const code of [0, 3, 5, 6, 7, 8, 9, 10, 11, 12, 14, 99, null, undefined]) {
      expect(isDlcLike(code)).toBe(false);
    }
  });
});

describe("isMainGame / isModCategory", () => {
  it("recognise main games and mods", () => {
    expect(isMainGame(0)).toBe(true);
    expect(isMainGame(null)).toBe(true);
    expect(isMainGame(undefined)).toBe(true);
    expect(isMainGame(1)).toBe(false);
    expect(isModCategory(GAME_CATEGORY.MOD)).toBe(true);
    expect(isModCategory(0)).toBe(false);
    expect(isModCategory(null)).toBe(false);
  });
});

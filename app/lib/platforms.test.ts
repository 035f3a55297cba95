import { describe, expect, it } from "vitest";
import { platformSummary, shortPlatformName } from "./platforms";

describe("shortPlatformName", () => {
  it.each([
    ["PC (Microsoft Windows)", "PC"],
    ["PlayStation", "PS1"],
    ["PlayStation 2", "PS2"],
    ["PlayStation 3", "PS3"],
    ["PlayStation 4", "PS4"],
    ["PlayStation 5", "PS5"],
    ["PlayStation Portable", "PSP"],
    ["PlayStation Vita", "Vita"],
    ["Xbox", "Xbox"],
    ["Xbox 360", "X360"],
    ["Xbox One", "XONE"],
    ["Xbox Series X|S", "Xbox Series X/S"],
    ["Nintendo Switch", "Switch"],
    ["Nintendo Switch 2", "Switch 2"],
    ["Super Nintendo Entertainment System", "SNES"],
    ["Nintendo Entertainment System", "NES"],
    ["Family Computer", "Famicom"],
    ["Nintendo 64", "N64"],
    ["Nintendo GameCube", "GameCube"],
    ["Wii", "Wii"],
    ["Wii U", "Wii U"],
    ["Game Boy", "GB"],
    ["Game Boy Color", "GBC"],
    ["Game Boy Advance", "GBA"],
    ["Nintendo DS", "DS"],
    ["Nintendo 3DS", "3DS"],
    ["Sega Mega Drive/Genesis", "Genesis"],
    ["Sega Saturn", "Saturn"],
    ["Dreamcast", "Dreamcast"],
    ["Mac", "Mac"],
    ["Linux", "Linux"],
    ["iOS", "iOS"],
    ["Android", "Android"],
    ["Arcade", "Arcade"],
    ["Neo Geo AES", "Neo Geo"],
  ])("%s → %s", (name, short) => {
    expect(shortPlatformName(name)).toBe(short);
  });

  it("is case- and whitespace-insensitive", () => {
    expect(shortPlatformName("  playstation   5 ")).toBe("PS5");
    expect(shortPlatformName("NINTENDO SWITCH")).toBe("Switch");
  });

  it("returns unknown names unchanged", () => {
    expect(shortPlatformName("Tiger Handheld Electronics")).toBe("Tiger Handheld Electronics");
    expect(shortPlatformName("")).toBe("");
  });
});

describe("platformSummary", () => {
  it("shortens names and keeps input order", () => {
    expect(platformSummary(["PlayStation 5", "Xbox Series X|S", "PC (Microsoft Windows)"])).toEqual({
      shown: ["PS5", "Xbox Series X/S", "PC"],
      more: false,
    });
  });

  it("shows at most 5 and flags more", () => {
    const names = ["PlayStation 4", "PlayStation 5", "Xbox One", "Nintendo Switch", "PC (Microsoft Windows)", "Mac"];
    expect(platformSummary(names)).toEqual({
      shown: ["PS4", "PS5", "XONE", "Switch", "PC"],
      more: true,
    });
  });

  it("does not flag more for exactly 5", () => {
    expect(platformSummary(["Wii", "Wii U", "Mac", "Linux", "iOS"]).more).toBe(false);
  });

  it("dedupes after shortening before counting", () => {
    expect(platformSummary(["Xbox Series X|S", "Xbox Series X", "PlayStation 5", "playstation 5", "Wii", "Wii U", "Mac"])).toEqual({
      shown: ["Xbox Series X/S", "PS5", "Wii", "Wii U", "Mac"],
      more: false,
    });
  });

  it("honours a custom max", () => {
    expect(platformSummary(["Wii", "Mac", "Linux"], 2)).toEqual({
      shown: ["Wii", "Mac"],
      more: true,
    });
    expect(platformSummary(["Wii"], 0)).toEqual({ shown: [], more: true });
  });

  it("skips empty entries and handles missing lists", () => {
    expect(platformSummary(["", "  ", null, undefined, "Wii"])).toEqual({
      shown: ["Wii"],
      more: false,
    });
    expect(platformSummary(null)).toEqual({ shown: [], more: false });
    expect(platformSummary(undefined)).toEqual({ shown: [], more: false });
    expect(platformSummary([])).toEqual({ shown: [], more: false });
  });
});

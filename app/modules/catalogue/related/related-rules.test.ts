import { describe, expect, it } from "vitest";
import { isAdditionalContent, isModContent } from "./related-rules";

// The name filters match whole words (decision 022), not substrings.
describe("related-content name filters: whole words", () => {
  const parent = { developer: "Studio", publisher: "Studio" };

  it("keeps additional content whose name only contains a filter word inside another word", () => {
    for (const name of [
      "Call of Duty: Modern Warfare - Season Pass",
      "Final Fantasy XIV: Heavensward",
      "Fixation Pack",
      "Patchwork Quest DLC",
    ])
      expect(isAdditionalContent({ name, category: 2 }), name).toBe(true);
  });

  it("leaves out additional content named with a filter word, in any letter case or with punctuation", () => {
    for (const name of ["Skyrim Unofficial Patch", "Big Game: Fan Pack", "Texture MODS", "Homebrew-Levels", "Crash fix"])
      expect(isAdditionalContent({ name, category: 1 }), name).toBe(false);
  });

  it("the mods filter keeps a mod word, not a word that merely contains one", () => {
    expect(isModContent({ name: "Hollow Realm Co-op Mod", category: 1 }, parent)).toBe(true);
    expect(isModContent({ name: "Modern Realm Expansion", category: 1 }, parent)).toBe(false);
    expect(isModContent({ name: "Fantasy Realm Expansion", category: 2 }, parent)).toBe(false);
  });
});

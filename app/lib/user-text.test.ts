import { describe, expect, it } from "vitest";
import { cleanLongText, cleanName, hasVisibleText } from "./user-text";

const RLO = "\u202E";
const PDF = "\u202C";
const RLI = "\u2067";
const PDI = "\u2069";
const ZWSP = "\u200B";
const ZWJ = "\u200D";
const BOM = "\uFEFF";

describe("cleanName", () => {
  it("removes direction overrides, embeddings and isolates, so a name cannot reverse what follows it", () => {
    expect(cleanName(`${RLO}nimda${PDF}`)).toBe("nimda");
    expect(cleanName(`Ada${RLI} Lovelace${PDI}`)).toBe("Ada Lovelace");
    expect(cleanName("\u202A\u202B\u202D\u2066\u2068x")).toBe("x");
  });

  it("removes zero-width and other invisible characters (marks, word joiner, BOM, soft hyphen, Hangul filler)", () => {
    expect(cleanName(`ad${ZWSP}min\u2060${BOM}\u00AD\u200E\u200F\u061C\u3164\u180E`)).toBe("admin");
    expect(cleanName("a\u{E0041}\u{E0042}b")).toBe("ab"); // tag characters outside a flag
  });

  it("keeps what emoji and scripts need to draw: joiners, presentation selectors, subdivision flags", () => {
    const family = `👨${ZWJ}👩${ZWJ}👧`;
    expect(cleanName(family)).toBe(family);
    expect(cleanName("❤\uFE0F")).toBe("❤\uFE0F");
    const scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    expect(cleanName(scotland)).toBe(scotland);
    expect(cleanName("می\u200Cخواهم")).toBe("می\u200Cخواهم"); // Persian with a zero-width non-joiner
    expect(cleanName("דוד כהן")).toBe("דוד כהן");
  });

  it("turns every run of white space, line separators included, into one space and trims", () => {
    expect(cleanName("  Ada\u2028\u2029  Lovelace\u3000")).toBe("Ada Lovelace");
  });
});

describe("hasVisibleText", () => {
  it("is false for text made only of spaces, invisible characters, marks or blank look-alikes", () => {
    for (const blank of ["", " ", ZWSP, `${ZWSP}${ZWJ}${BOM}`, "\u2800\u2800", "\u3164", "\u0301\u0301", "\u00A0\u2003"])
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
  });

  it("is true for letters of any script, digits, punctuation and emoji", () => {
    for (const seen of ["a", "ش", "漢", "7", "!", "🎮"]) expect(hasVisibleText(seen), seen).toBe(true);
  });
});

describe("cleanLongText", () => {
  it("removes direction controls, the BOM and control characters; keeps RTL text, marks, joiners and line breaks", () => {
    expect(cleanLongText(`Great${RLO} game${PDF}\r\nשלום\u200F!`)).toBe("Great game\nשלום\u200F!");
    expect(cleanLongText(`a\u0000b\u001Bc\u0085d${BOM}e\u2066f\u2069`)).toBe("abcdef");
    expect(cleanLongText(`x\ty\n👨${ZWJ}👩 ${ZWSP}`)).toBe(`x\ty\n👨${ZWJ}👩 ${ZWSP}`);
  });
});

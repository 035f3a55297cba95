import { describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS, PRIVACY, sectionAnchor, splitContact, tableOfContents, TERMS, type LegalDocument } from "./legal-content";

describe("legal documents", () => {
  it("both say when they were last updated (spec 1 §9) and give the contact as {email}", () => {
    for (const doc of [TERMS, PRIVACY]) {
      expect(doc.lastUpdated).toBe("January 15, 2024");
      expect(JSON.stringify(doc.sections)).toContain("{email}");
    }
  });

  it("section ids are unique within a document and anchors never collide across documents", () => {
    for (const doc of Object.values(LEGAL_DOCUMENTS)) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(sectionAnchor(TERMS, "contact")).not.toBe(sectionAnchor(PRIVACY, "contact"));
  });

  it("the table of contents lists headings up to level 3, in order", () => {
    const doc: LegalDocument = {
      ...TERMS,
      sections: [
        { id: "a", title: "A", level: 2, blocks: [] },
        { id: "b", title: "B", level: 3, blocks: [] },
        { id: "c", title: "C", level: 4, blocks: [] },
        { id: "d", title: "D", level: 2, blocks: [] },
      ],
    };
    expect(tableOfContents(doc).map((e) => e.id)).toEqual(["a", "b", "d"]);
    expect(tableOfContents(doc, 2).map((e) => e.id)).toEqual(["a", "d"]);
  });

  it("the privacy policy states the 90-day retention and that data is not sold", () => {
    const text = JSON.stringify(PRIVACY);
    expect(text).toContain("90 days");
    expect(text).toMatch(/never sell|not sold/);
  });

  it("splits text around the contact placeholder", () => {
    expect(splitContact("Write to {email}.")).toEqual([
      { text: "Write to ", contact: false },
      { text: "{email}", contact: true },
      { text: ".", contact: false },
    ]);
  });
});

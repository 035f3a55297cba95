import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS, PRIVACY, sectionAnchor, splitContact, tableOfContents, TERMS, type LegalDocument } from "./legal-content";
import { LegalDocumentView } from "./legal-document";
import { LEGAL_TITLES } from "./legal-titles";

describe("legal documents", () => {
  it("both say when they were last updated and give the contact as {email}", () => {
    for (const doc of [TERMS, PRIVACY]) {
      expect(doc.lastUpdated).toBe("January 15, 2024");
      expect(JSON.stringify(doc.sections)).toContain("{email}");
    }
  });

  it("the rendered page shows the document's own 'last updated' date", () => {
    for (const doc of [TERMS, PRIVACY]) {
      expect(renderToStaticMarkup(createElement(LegalDocumentView, { doc }))).toContain("This document was last updated January 15, 2024.");
    }
    const later: LegalDocument = { ...TERMS, lastUpdated: "March 1, 2026" };
    const html = renderToStaticMarkup(createElement(LegalDocumentView, { doc: later }));
    expect(html).toContain("This document was last updated March 1, 2026.");
    expect(html).not.toContain("January 15, 2024");
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

  it("the privacy policy covers what Savepoint really stores: cookies, browser storage, analytics levels, deletion and a copy of your data", () => {
    const section = (id: string) => JSON.stringify(PRIVACY.sections.find((s) => s.id === id)?.blocks ?? null);
    // Cookies: the sign-in ones and the consent cookie, nothing for advertising.
    expect(section("cookies")).toMatch(/Sign-in cookies[\s\S]*30 days/);
    expect(section("cookies")).toMatch(/consent cookie holds only the privacy level/);
    expect(section("cookies")).toMatch(/no advertising cookies and no third-party trackers/);
    // Local storage of the consent banner and the service worker's cache (no pages, no personal data).
    expect(section("cookies")).toMatch(/consent choice, the random session id[\s\S]*banner was shown/);
    expect(section("cookies")).toMatch(/service worker cache\)\. No pages, personal data/);
    expect(section("cookies")).toContain("'Clear local data'");
    // The three levels with the spec's labels; only Personalized Experience links records to the account.
    const analytics = section("analytics");
    for (const label of ["No Tracking", "Anonymous Analytics", "Personalized Experience"]) expect(analytics).toContain(label);
    expect(analytics).toMatch(/SHA-256/);
    expect(analytics).toMatch(/deleted automatically after 90 days/);
    expect(analytics).toMatch(/never send your IP address to an outside lookup service/);
    // Retention, deletion and export.
    expect(section("retention")).toMatch(/privacy-log entries: 90 days/);
    expect(section("your-rights")).toMatch(/Delete your account[\s\S]*analytics records linked to your account are removed/);
    expect(section("your-rights")).toMatch(/copy of your data[\s\S]*\{email\}/);
  });

  it("the reader dialog's titles are the documents' titles", () => {
    expect(LEGAL_TITLES).toEqual({ terms: TERMS.title, privacy: PRIVACY.title });
  });

  it("splits text around the contact placeholder", () => {
    expect(splitContact("Write to {email}.")).toEqual([
      { text: "Write to ", contact: false },
      { text: "{email}", contact: true },
      { text: ".", contact: false },
    ]);
  });
});

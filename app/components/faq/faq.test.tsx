import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FAQ_ITEMS } from "./faq-content";
import { FaqPage } from "./faq-list";

function render(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/faq"]}>
      <FaqPage />
    </MemoryRouter>,
  );
}

/** The markup escapes apostrophes and quotes. */
const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe("FAQ page", () => {
  it("covers every FAQ topic, in order", () => {
    const all = FAQ_ITEMS.map((item) => `${item.question}\n${item.answer.join("\n")}`);
    // One matcher per spec topic, in the spec's order.
    const topics: [string, RegExp][] = [
      ["what the product is", /What is Savepoint\?/],
      ["who it is for", /Who is Savepoint for\?/],
      ["an account is needed and free", /account[\s\S]*free/i],
      ["logging a game", /search[\s\S]*game page[\s\S]*'Write Review'[\s\S]*'Did you finish the game\?'[\s\S]*finished[\s\S]*started/i],
      ["choosing the Top 5", /Top 5[\s\S]*reviewed[\s\S]*'Edit'[\s\S]*order/],
      ["writing reviews", /write a review/i],
      ["finding games", /'Explore Games'[\s\S]*search bar/],
      ["editing or deleting reviews", /'Edit Review'[\s\S]*'Update Review'[\s\S]*red trash button/],
      ["following", /'Follow'[\s\S]*'Following'/],
      ["no mobile app", /no mobile app[\s\S]*responsive/i],
      ["feedback to the alpha test contact", /feedback[\s\S]*alpha test contact/i],
    ];
    expect(FAQ_ITEMS).toHaveLength(topics.length);
    topics.forEach(([topic, pattern], i) => {
      expect(all[i], `item ${i + 1} should be about ${topic}`).toMatch(pattern);
    });
    expect(new Set(FAQ_ITEMS.map((i) => i.id)).size).toBe(FAQ_ITEMS.length);
  });

  it("renders every question as a native, independently toggling disclosure, all closed", () => {
    const html = render();
    expect(html).toMatch(/<h1[^>]*>Frequently Asked Questions<\/h1>/);
    const details = [...html.matchAll(/<details([^>]*)>([\s\S]*?)<\/details>/g)];
    expect(details).toHaveLength(FAQ_ITEMS.length);
    details.forEach(([, attrs = "", body = ""], i) => {
      const item = FAQ_ITEMS[i]!;
      expect(attrs).toContain(`id="${item.id}"`);
      expect(attrs).not.toMatch(/\bopen\b/);
      // no exclusive group (<details name>): several may be open at once
      expect(attrs).not.toMatch(/\bname=/);
      expect(body).toMatch(new RegExp(`<summary[^>]*><span>${escape(item.question).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</span>`));
      for (const paragraph of item.answer) expect(body).toContain(`<p>${escape(paragraph)}</p>`);
    });
  });

  it("has a 'Contact Us' link to /contact", () => {
    const links = [...render().matchAll(/<a [^>]*href="([^"]*)"[^>]*>Contact Us<\/a>/g)];
    expect(links.map((m) => m[1])).toEqual(["/contact"]);
  });
});

import { describe, expect, it } from "vitest";
import { generatedCoverSvg, generatedCoverUrl } from "~/lib/images";
import { loader } from "./covers.generated";

/** GET /covers/generated/:file — the generated cover as a cacheable SVG. */

function get(url: string) {
  const u = new URL(url, "http://app.test");
  const file = u.pathname.slice("/covers/generated/".length);
  return loader({ request: new Request(u), params: { file } } as unknown as Parameters<typeof loader>[0]);
}

describe("generated cover URLs", () => {
  it("answer the generator's SVG with a year-long immutable cache", async () => {
    const url = generatedCoverUrl({ title: "Chrono <Trigger> & Co", year: 1995 });
    expect(url).toMatch(/^\/covers\/generated\/[0-9a-z]+\.svg\?t=/);
    const res = get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await res.text()).toBe(generatedCoverSvg({ title: "Chrono <Trigger> & Co", year: 1995 }));
  });

  it("derive the key from the content: another title or year gives another URL", () => {
    const a = generatedCoverUrl({ title: "Halo", year: 2001 });
    expect(generatedCoverUrl({ title: "Halo", year: 2001 })).toBe(a);
    expect(generatedCoverUrl({ title: "Halo", year: 2002 }).split("?")[0]).not.toBe(a.split("?")[0]);
    expect(generatedCoverUrl({ title: "Halo 2", year: 2001 }).split("?")[0]).not.toBe(a.split("?")[0]);
  });

  it.each([
    ["a key that does not match the content", (u: string) => u.replace("t=Halo", "t=Other")],
    ["a year that is not a year", (u: string) => u.replace("y=2001", "y=abc")],
    ["a file that is not an SVG name", (u: string) => u.replace(".svg", ".html")],
    ["an oversize title", () => `/covers/generated/1abc.svg?t=${"a".repeat(400)}`],
  ])("refuse %s with 404", (_label, mangle) => {
    const res = get(mangle(generatedCoverUrl({ title: "Halo", year: 2001 })));
    expect(res.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/support/redirect-bypasses";
import { sameOriginPath } from "./safe-redirect";

const SITE = "https://savepoint.example";

describe("sameOriginPath", () => {
  it.each(REDIRECT_BYPASSES.map((v) => [JSON.stringify(v).slice(0, 60), v]))("refuses %s", (_label, value) => {
    expect(sameOriginPath(value, SITE)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const v of [null, undefined, 1, ["/a"], { toString: () => "/a" }]) expect(sameOriginPath(v, SITE)).toBeNull();
  });

  it("keeps same-origin paths with their query and fragment", () => {
    expect(sameOriginPath("/", SITE)).toBe("/");
    expect(sameOriginPath("/game/half-life-2?tab=reviews#top", SITE)).toBe("/game/half-life-2?tab=reviews#top");
    expect(sameOriginPath("/search?q=half%2Flife", SITE)).toBe("/search?q=half%2Flife");
    expect(sameOriginPath("/@someone", SITE)).toBe("/@someone");
  });

  it("normalises dot segments and non-ASCII to a plain ASCII path", () => {
    expect(sameOriginPath("/a/./b/../c", SITE)).toBe("/a/c");
    expect(sameOriginPath("/search?q=Pokémon", SITE)).toBe("/search?q=Pok%C3%A9mon");
    expect(sameOriginPath("/☃", SITE)).toBe("/%E2%98%83");
    // Look-alike slashes stay encoded in the path: no browser reads them as a host separator.
    expect(sameOriginPath("/\uFF0F\uFF0Fevil.example", SITE)).toBe("/%EF%BC%8F%EF%BC%8Fevil.example");
    expect(sameOriginPath("/\u2215evil.example", SITE)).toBe("/%E2%88%95evil.example");
  });

  it("every accepted answer is a Latin-1-safe path that cannot leave the site", () => {
    const inputs = ["/x", "/é", "/a?b=ü#ç", "/\uFF0Fevil", "/%E2%80%A8", "/a/../b"];
    for (const v of inputs) {
      const out = sameOriginPath(v, SITE);
      expect(out).not.toBeNull();
      expect(out!).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      expect(new URL(out!, SITE).origin).toBe(SITE);
    }
  });
});

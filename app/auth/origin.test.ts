import { describe, expect, it } from "vitest";
import { isTrustedOriginOf } from "./origin";

const OURS = ["https://savepoint.example"];
const check = (headers: Record<string, string>) => isTrustedOriginOf(new Headers(headers), OURS);

describe("isTrustedOriginOf (the CSRF guard of our forms and mail-sending endpoints)", () => {
  it("takes our Origin and refuses any other", () => {
    expect(check({ origin: "https://savepoint.example" })).toBe(true);
    for (const origin of ["https://evil.example", "null", "https://savepoint.example.evil.example", "http://savepoint.example"])
      expect(check({ origin }), origin).toBe(false);
  });

  it("without Origin, refuses what Fetch Metadata calls cross-site or same-site", () => {
    expect(check({ "sec-fetch-site": "cross-site" })).toBe(false);
    expect(check({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(check({ "sec-fetch-site": "same-origin" })).toBe(true);
    expect(check({ "sec-fetch-site": "none" })).toBe(true);
  });

  // A browser that sends no Origin on a form post (older ones, and some privacy set-ups) still names the
  // page it came from: a form on another site is refused, as Better Auth refuses it on its own endpoints.
  it("without Origin or Fetch Metadata, refuses a Referer from another site", () => {
    expect(check({ referer: "https://evil.example/csrf.html" })).toBe(false);
    expect(check({ referer: "https://savepoint.example.evil.example/" })).toBe(false);
    expect(check({ referer: "not a url" })).toBe(false);
    expect(check({ referer: "https://savepoint.example/review/1/2" })).toBe(true);
    // Neither header: not a browser, so there is no victim to forge a request for.
    expect(check({})).toBe(true);
  });
});

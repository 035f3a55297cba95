import { describe, expect, it } from "vitest";
import {
  escapeXml,
  generatedCoverColors,
  generatedCoverDataUri,
  generatedCoverSvg,
  hashString,
  igdbCoverUrl,
  igdbImageUrl,
  igdbImageUrlFromId,
  isIgdbImage,
  wrapTitle,
} from "./images";

const THUMB = "//images.igdb.com/igdb/image/upload/t_thumb/co1wyy.jpg";

describe("isIgdbImage", () => {
  it("recognises IGDB CDN URLs", () => {
    expect(isIgdbImage(THUMB)).toBe(true);
    expect(isIgdbImage(`https:${THUMB}`)).toBe(true);
    expect(isIgdbImage(`http:${THUMB}`)).toBe(true);
    expect(isIgdbImage("https://images.igdb.com/igdb/image/upload/t_cover_big_2x/abc123.png")).toBe(true);
  });

  it("rejects other URLs and values", () => {
    expect(isIgdbImage("https://example.com/t_thumb/co1wyy.jpg")).toBe(false);
    expect(isIgdbImage("https://images.igdb.com.evil.com/igdb/image/upload/t_thumb/x.jpg")).toBe(false);
    expect(isIgdbImage("/covers/local.jpg")).toBe(false);
    expect(isIgdbImage("")).toBe(false);
    expect(isIgdbImage(null)).toBe(false);
    expect(isIgdbImage(42)).toBe(false);
  });
});

describe("igdbCoverUrl", () => {
  it("rewrites to https and the big-cover size", () => {
    expect(igdbCoverUrl(THUMB)).toBe("https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg");
  });

  it("accepts another size", () => {
    expect(igdbCoverUrl(THUMB, "t_cover_small")).toBe("https://images.igdb.com/igdb/image/upload/t_cover_small/co1wyy.jpg");
    expect(igdbCoverUrl(THUMB, "t_cover_big_2x")).toBe("https://images.igdb.com/igdb/image/upload/t_cover_big_2x/co1wyy.jpg");
  });

  it("is idempotent", () => {
    const once = igdbCoverUrl(THUMB);
    expect(igdbCoverUrl(once)).toBe(once);
  });

  it("drops query strings from IGDB URLs", () => {
    expect(igdbCoverUrl(`${THUMB}?v=2`)).toBe("https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg");
  });

  it("returns non-IGDB URLs unchanged", () => {
    expect(igdbCoverUrl("https://cdn.example.com/cover.png")).toBe("https://cdn.example.com/cover.png");
    expect(igdbCoverUrl("/placeholder.svg")).toBe("/placeholder.svg");
  });

  it("returns null for missing values", () => {
    expect(igdbCoverUrl(null)).toBeNull();
    expect(igdbCoverUrl(undefined)).toBeNull();
    expect(igdbCoverUrl("")).toBeNull();
    expect(igdbCoverUrl("   ")).toBeNull();
  });
});

describe("igdbImageUrl", () => {
  it("keeps the size when none is given", () => {
    expect(igdbImageUrl(THUMB)).toBe("https://images.igdb.com/igdb/image/upload/t_thumb/co1wyy.jpg");
  });

  it("swaps the extension to webp", () => {
    expect(igdbImageUrl(THUMB, { size: "t_screenshot_big", webp: true })).toBe(
      "https://images.igdb.com/igdb/image/upload/t_screenshot_big/co1wyy.webp",
    );
    expect(igdbImageUrl(THUMB, { webp: true })).toBe("https://images.igdb.com/igdb/image/upload/t_thumb/co1wyy.webp");
  });

  it("keeps the extension when webp is false", () => {
    expect(igdbImageUrl("https://images.igdb.com/igdb/image/upload/t_thumb/sc6k.png", { webp: false })).toBe(
      "https://images.igdb.com/igdb/image/upload/t_thumb/sc6k.png",
    );
  });

  it("leaves non-IGDB URLs alone even with webp", () => {
    expect(igdbImageUrl("https://example.com/a.jpg", { webp: true, size: "t_720p" })).toBe("https://example.com/a.jpg");
  });

  it("returns null for missing values", () => {
    expect(igdbImageUrl(null, { webp: true })).toBeNull();
    expect(igdbImageUrl("")).toBeNull();
  });
});

describe("igdbImageUrlFromId", () => {
  it("builds a URL from an image id", () => {
    expect(igdbImageUrlFromId("co1wyy")).toBe("https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg");
    expect(igdbImageUrlFromId("co1wyy", "t_thumb", true)).toBe("https://images.igdb.com/igdb/image/upload/t_thumb/co1wyy.webp");
  });

  it("rejects bad ids", () => {
    expect(igdbImageUrlFromId("")).toBeNull();
    expect(igdbImageUrlFromId("../x")).toBeNull();
    expect(igdbImageUrlFromId(null)).toBeNull();
  });
});

describe("hashString", () => {
  it("is deterministic and unsigned 32-bit", () => {
    expect(hashString("abc")).toBe(hashString("abc"));
    expect(hashString("abc")).not.toBe(hashString("abd"));
    expect(hashString("")).toBe(0x811c9dc5);
    const h = hashString("Some long title");
    expect(Number.isInteger(h) && h >= 0 && h <= 0xffffffff).toBe(true);
  });
});

describe("generatedCoverColors", () => {
  const HSL = /^hsl\(\d{1,3}, \d{1,3}%, \d{1,3}%\)$/;

  it("returns hsl colours", () => {
    const { from, to } = generatedCoverColors("Hades");
    expect(from).toMatch(HSL);
    expect(to).toMatch(HSL);
    expect(from).not.toBe(to);
  });

  it("is deterministic", () => {
    expect(generatedCoverColors("Hades")).toEqual(generatedCoverColors("Hades"));
    expect(generatedCoverColors("  hades ")).toEqual(generatedCoverColors("Hades"));
  });

  it("differs between titles", () => {
    const titles = ["Hades", "Celeste", "Hollow Knight", "Outer Wilds", "Stardew Valley"];
    const froms = new Set(titles.map((t) => generatedCoverColors(t).from));
    expect(froms.size).toBeGreaterThan(1);
  });

  it("handles missing titles", () => {
    expect(generatedCoverColors(null).from).toMatch(HSL);
    expect(generatedCoverColors(undefined)).toEqual(generatedCoverColors(""));
  });
});

describe("escapeXml", () => {
  it("escapes the five XML entities", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });

  it("drops control characters XML cannot hold", () => {
    expect(escapeXml("a\u0000b\u0007c\td\ne")).toBe("abc\td\ne");
  });
});

describe("wrapTitle", () => {
  it("keeps short titles on one line", () => {
    expect(wrapTitle("Hades")).toEqual(["Hades"]);
  });

  it("wraps on word boundaries", () => {
    expect(wrapTitle("The Legend of Zelda Breath of the Wild", 16)).toEqual(["The Legend of", "Zelda Breath of", "the Wild"]);
  });

  it("breaks words longer than a line", () => {
    expect(wrapTitle("Supercalifragilistic", 8)).toEqual(["Supercal", "ifragili", "stic"]);
  });

  it("limits lines and ends with an ellipsis", () => {
    const lines = wrapTitle("one two three four five six seven eight nine ten", 9, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("one two");
    expect(lines[1]?.endsWith("\u2026")).toBe(true);
    expect(Array.from(lines[1] ?? "").length).toBeLessThanOrEqual(9);
  });

  it("truncates a full last line to fit the ellipsis", () => {
    const lines = wrapTitle("aaaa bbbb cccc", 4, 2);
    expect(lines).toEqual(["aaaa", "bbb\u2026"]);
  });

  it("returns no lines for blank text", () => {
    expect(wrapTitle("   ")).toEqual([]);
  });

  it("never exceeds 4 lines by default", () => {
    const long = "word ".repeat(100);
    expect(wrapTitle(long).length).toBe(4);
  });
});

describe("generatedCoverSvg", () => {
  it("is a 264x374 SVG with a gradient", () => {
    const svg = generatedCoverSvg({ title: "Hades", year: 2020 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('viewBox="0 0 264 374"');
    expect(svg).toContain('width="264"');
    expect(svg).toContain('height="374"');
    expect(svg).toContain("<linearGradient");
    const { from, to } = generatedCoverColors("Hades");
    expect(svg).toContain(`stop-color="${from}"`);
    expect(svg).toContain(`stop-color="${to}"`);
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("shows the title and year", () => {
    const svg = generatedCoverSvg({ title: "Hades", year: 2020 });
    expect(svg).toContain(">Hades</tspan>");
    expect(svg).toContain(">2020</text>");
  });

  it("accepts a string year and omits a missing year", () => {
    expect(generatedCoverSvg({ title: "Hades", year: "TBA" })).toContain(">TBA</text>");
    const svg = generatedCoverSvg({ title: "Hades" });
    expect(svg.match(/<text/g)).toHaveLength(1);
    expect(generatedCoverSvg({ title: "Hades", year: null }).match(/<text/g)).toHaveLength(1);
  });

  it("escapes the title and year", () => {
    const svg = generatedCoverSvg({
      title: '<script>alert("x")</script> & Co',
      year: "<b>",
    });
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("&amp;");
  });

  it("wraps long titles into at most 4 lines", () => {
    const svg = generatedCoverSvg({
      title: "A very long title that keeps going and going and going forever and ever",
    });
    const tspans = svg.match(/<tspan/g) ?? [];
    expect(tspans.length).toBeLessThanOrEqual(4);
    expect(tspans.length).toBeGreaterThan(1);
    expect(svg).toContain("\u2026");
  });

  it("uses a default title when blank", () => {
    expect(generatedCoverSvg({ title: "  " })).toContain("Unknown Game");
    expect(generatedCoverSvg({ title: null })).toContain("Unknown Game");
  });

  it("is deterministic", () => {
    expect(generatedCoverSvg({ title: "Celeste", year: 2018 })).toBe(generatedCoverSvg({ title: "Celeste", year: 2018 }));
  });
});

describe("generatedCoverDataUri", () => {
  it("encodes the SVG as a data URI", () => {
    const input = { title: "Tom & Jerry #1", year: 1999 };
    const uri = generatedCoverDataUri(input);
    const prefix = "data:image/svg+xml;charset=utf-8,";
    expect(uri.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(uri.slice(prefix.length))).toBe(generatedCoverSvg(input));
    expect(uri.slice(prefix.length)).not.toMatch(/[<>#"\s]/);
  });
});

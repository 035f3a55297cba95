import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHARE_IMAGE_PATH, SHARE_IMAGE_PATH_PNG, shareTags } from "./meta";

describe("share tags", () => {
  it("give every page a title, a description and the default image when it has none of its own", () => {
    const tags = shareTags({ origin: "https://savepoint.example" });
    expect(tags).toContainEqual({ property: "og:title", content: "Savepoint" });
    expect(tags).toContainEqual({ property: "og:description", content: expect.stringContaining("games") });
    expect(tags).toContainEqual({ property: "og:image", content: "https://savepoint.example/og-image.jpg" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("use a page's own image (a game's cover)", () => {
    const tags = shareTags({ title: "Outer Wilds", origin: "https://s.example", image: "https://images.igdb.com/x.jpg" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://images.igdb.com/x.jpg" });
    expect(tags).toContainEqual({ property: "og:title", content: "Outer Wilds" });
  });

  it("the default share image is /og-image.jpg, a 1200×630 JPEG in public/; /og-image.png stays", async () => {
    expect(SHARE_IMAGE_PATH).toBe("/og-image.jpg");
    const publicDir = path.join(import.meta.dirname, "..", "..", "public");
    const jpg = fs.readFileSync(path.join(publicDir, SHARE_IMAGE_PATH));
    expect([...jpg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { default: sharp } = await import("sharp");
    expect(await sharp(jpg).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    const png = fs.readFileSync(path.join(publicDir, SHARE_IMAGE_PATH_PNG));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, createUser } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema";
import { LocalDiskStorage, setUploadStorage } from "~/modules/uploads/storage.server";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES, saveAvatar, updateProfile } from "./profile-edit.server";
import { PROFILE_EDIT_MESSAGES as M } from "./profile.schema";

useTestDatabase();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-uploads-"));
beforeAll(() => setUploadStorage(new LocalDiskStorage(dir)));
afterAll(() => {
  setUploadStorage(null);
  fs.rmSync(dir, { recursive: true, force: true });
});

function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}
const good = (over: Record<string, string | string[]> = {}) =>
  form({
    username: "New_Name1",
    name: "Ada L",
    bio: "Hi",
    location: "Lisbon",
    website: "https://ada.example",
    platforms: ["PC", "PS5, Retro"],
    ...over,
  });

const row = async (id: number) =>
  (
    await getDb()
      .select({
        username: user.username,
        displayUsername: user.displayUsername,
        name: user.name,
        bio: user.bio,
        website: user.website,
        platform: user.platform,
        avatarUrl: user.avatarUrl,
      })
      .from(user)
      .where(eq(user.id, id))
  )[0]!;

describe("profile edit", () => {
  it("saves the owner's fields in one go", async () => {
    const me = await createActor();
    const r = await updateProfile(me, good());
    expect(r.ok).toBe(true);
    expect(await row(me.id)).toMatchObject({
      username: "new_name1",
      displayUsername: "New_Name1",
      name: "Ada L",
      bio: "Hi",
      website: "https://ada.example/",
      platform: "PC, PS5, Retro",
    });
  });

  it("takes an address typed without https:// ('example.com') and stores it with https://", async () => {
    const me = await createActor();
    for (const [typed, stored] of [
      ["ada.example", "https://ada.example/"],
      ["www.ada.example/games?x=1", "https://www.ada.example/games?x=1"],
      ["ada.example:8080/me", "https://ada.example:8080/me"],
      ["http://ada.example", "http://ada.example/"],
    ] as const) {
      const r = await updateProfile(me, good({ username: "site_owner", website: typed }));
      expect(r.ok, typed).toBe(true);
      expect((await row(me.id)).website, typed).toBe(stored);
    }
  });

  it("needs a session", async () => {
    expect(await updateProfile(null, good())).toMatchObject({ ok: false, status: 401, error: "User not authenticated" });
  });

  it("refuses bad input with the field's message and writes nothing", async () => {
    const me = await createActor();
    const before = await row(me.id);
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ username: "ab" }, "username", "Username must be at least 3 characters"],
      [{ username: "a".repeat(22) }, "username", "Username must be 21 characters or less"],
      [{ username: "bad name!" }, "username", "Username can only contain letters, numbers, and underscores"],
      [{ bio: "x".repeat(10 * 1024) }, "bio", M.bioTooLong],
      [{ website: "javascript:alert(1)" }, "website", M.websiteInvalid],
      [{ website: "ftp://files.example" }, "website", M.websiteInvalid],
      [{ website: "data:text/html,hi" }, "website", M.websiteInvalid],
      [{ website: "https://www.paypal.com@evil.example/login" }, "website", M.websiteInvalid],
      [{ website: "https://user:secret@example.com" }, "website", M.websiteInvalid],
      [{ website: "mailto:ada@example.com" }, "website", M.websiteInvalid],
      [{ website: "not a web address" }, "website", M.websiteInvalid],
      [{ website: "localhost" }, "website", M.websiteInvalid],
      // 190 characters typed, over 1,100 once written out (each "ü" is "%C3%BC").
      [{ website: `https://ada.example/${"ü".repeat(170)}` }, "website", M.websiteTooLong],
      [{ name: "" }, "name", "Name is required"],
      [{ platforms: Array.from({ length: 11 }, (_, i) => `P${i}`) }, "platforms", M.tooManyPlatforms],
    ];
    for (const [over, field, message] of cases) {
      const r = await updateProfile(me, good(over));
      expect(r.ok, JSON.stringify(over).slice(0, 60)).toBe(false);
      if (r.ok) continue;
      expect(r.status).toBe(400);
      expect(r.fieldErrors?.[field]).toBe(message);
    }
    expect(await row(me.id)).toEqual(before);
  });

  it("refuses a username someone else holds", async () => {
    const [me, other] = [await createActor(), await createUser({ username: "taken_one" })];
    const r = await updateProfile(me, good({ username: "Taken_One" }));
    expect(r).toMatchObject({ ok: false, status: 409, error: "This username is already taken" });
    expect((await row(other.id)).username).toBe("taken_one");
  });

  it("refuses a reserved name nobody holds, and lets an account that already holds one keep it", async () => {
    const me = await createActor();
    const refused = await updateProfile(me, good({ username: "Moderator" }));
    expect(refused).toMatchObject({ ok: false, status: 409, error: "This username is already taken" });
    expect((await row(me.id)).username).not.toBe("moderator");
    // An account named before the list existed (made here straight in the table) keeps its name.
    const holder = await createActor({ username: "webmaster", displayUsername: "webmaster" });
    const kept = await updateProfile(holder, good({ username: "WebMaster", name: "Still me" }));
    expect(kept.ok).toBe(true);
    expect(await row(holder.id)).toMatchObject({ username: "webmaster", displayUsername: "WebMaster", name: "Still me" });
  });
});

const file = (bytes: Buffer | Uint8Array, name = "a.png", type = "image/png") => new File([new Uint8Array(bytes)], name, { type });
const stored = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".webp"));

describe("avatar upload", () => {
  it("re-encodes to square WebPs of 256 and 64 px without metadata, under a content hash", async () => {
    const me = await createActor();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: "secret" } } })
      .toBuffer();
    const r = await saveAvatar(me, file(png));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Named after its owner and its content (decision 029); the owner's files sit in a folder of their own.
    expect(r.data.avatarUrl).toMatch(new RegExp(`^/uploads/${me.id}-[a-f0-9]{64}\\.webp$`));
    expect((await row(me.id)).avatarUrl).toBe(r.data.avatarUrl);
    const name = r.data.avatarUrl.slice("/uploads/".length);
    const large = await sharp(path.join(dir, String(me.id), name)).metadata();
    const small = await sharp(path.join(dir, String(me.id), name.replace(".webp", "-64.webp"))).metadata();
    expect([large.format, large.width, large.height, large.exif]).toEqual(["webp", 256, 256, undefined]);
    expect([small.width, small.height]).toEqual([64, 64]);
  });

  it("accepts JPEG, WebP and GIF by their bytes, whatever the name says", async () => {
    const me = await createActor();
    const base = sharp({ create: { width: 50, height: 80, channels: 3, background: "#aa0000" } });
    for (const bytes of [await base.clone().jpeg().toBuffer(), await base.clone().webp().toBuffer(), await base.clone().gif().toBuffer()]) {
      expect((await saveAvatar(me, file(bytes, "photo.txt", "text/plain"))).ok).toBe(true);
    }
  });

  it("refuses visitors, missing files, too big, wrong type, SVG and broken files, storing nothing", async () => {
    const me = await createActor();
    const before = stored();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#00ff00" } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0000ff" } })
      .jpeg()
      .toBuffer();
    expect(await saveAvatar(null, file(png))).toMatchObject({ ok: false, status: 401 });
    expect(await saveAvatar(me, null)).toMatchObject({ ok: false, status: 400, error: AVATAR_MESSAGES.missing });
    expect(await saveAvatar(me, file(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)))).toMatchObject({
      ok: false,
      status: 413,
      error: AVATAR_MESSAGES.tooBig,
    });
    expect(await saveAvatar(me, file(Buffer.from("just some text, not an image")))).toMatchObject({
      ok: false,
      status: 415,
      error: AVATAR_MESSAGES.wrongType,
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await saveAvatar(me, file(svg, "a.svg", "image/svg+xml"))).toMatchObject({
      ok: false,
      status: 415,
      error: AVATAR_MESSAGES.wrongType,
    });
    expect(await saveAvatar(me, file(jpeg.subarray(0, Math.floor(jpeg.length / 2)), "a.jpg", "image/jpeg"))).toMatchObject({
      ok: false,
      status: 422,
      error: AVATAR_MESSAGES.broken,
    });
    expect(await saveAvatar(me, file(png.subarray(0, 60)))).toMatchObject({ ok: false, status: 422, error: AVATAR_MESSAGES.broken });
    expect(stored()).toEqual(before);
    expect((await row(me.id)).avatarUrl).toBeNull();
  });

  it("answers an image over 40 megapixels as too large, not as damaged, storing nothing", async () => {
    const me = await createActor();
    const before = stored();
    // 8000 × 6000 = 48 MP of one colour: a 150 KB file, well under the 5 MB limit.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(AVATAR_MAX_BYTES);
    expect(await saveAvatar(me, file(huge))).toEqual({ ok: false, status: 413, error: AVATAR_MESSAGES.tooManyPixels });
    expect(AVATAR_MESSAGES.tooManyPixels).toBe("Image is too large: it must be at most 40 megapixels (width × height)");
    expect(stored()).toEqual(before);
    expect((await row(me.id)).avatarUrl).toBeNull();
  });
});

import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor } from "../tests/factories";
import { useTestDatabase } from "../tests/setup/database";
import { APP_URL, contextFor, freshAccount, nextIp, pageRequest, useAuthConfig, verifiedAccount } from "../tests/support/auth";
import { CLIENT_IP_HEADER, getAuth } from "../app/auth/auth.server";
import type { Config } from "../app/config.server";
import { user } from "../app/db/schema";
import { AVATAR_NOT_YOURS_MESSAGE } from "../app/modules/accounts/accounts.schema";
import { deleteUserCascade } from "../app/modules/accounts/accounts.queries.server";
import { deleteAccount } from "../app/modules/accounts/accounts.service.server";
import { removeAvatar, saveAvatar, updateProfile } from "../app/modules/profile/profile-edit.server";
import { sweepUploads } from "../app/modules/uploads/avatar-files.server";
import { LocalDiskStorage, setUploadStorage } from "../app/modules/uploads/storage.server";
import { createApp } from "./app";
import { listenLocally } from "../tests/support/listen";

/**
 * A member keeps only their current avatar (decision 029): replaced, removed, or with the account
 * deleted, its files leave the disk and /uploads answers 404; nobody can show another member's
 * upload (or a name no file has) as their own avatar.
 */

const db = useTestDatabase();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-avatar-files-"));
let config: Config;
let server: http.Server;
let base = "";

beforeAll(async () => {
  config = useAuthConfig();
  setUploadStorage(new LocalDiskStorage(dir));
  const app = createApp({
    build: () => Promise.reject(new Error("no server build in this test")) as Promise<ServerBuild>,
    logger: pino({ level: "silent" }),
    production: true,
  });
  ({ server, base } = await listenLocally(app));
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  setUploadStorage(null);
  fs.rmSync(dir, { recursive: true, force: true });
});

let colour = 0;
/** A PNG of its own colour each time, so each upload has its own content hash. */
async function picture(): Promise<File> {
  colour += 1;
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: colour % 256, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], "me.png", { type: "image/png" });
}

async function upload(actor: { id: number }): Promise<string> {
  const r = await saveAvatar(actor as never, await picture());
  if (!r.ok) throw new Error(r.error);
  return r.data.avatarUrl;
}

const small = (url: string) => url.replace(/\.webp$/, "-64.webp");
/** Every file in the store, relative to it. */
const onDisk = (): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".webp")).map((f) => path.basename(f));
const fileOf = (url: string) => url.slice("/uploads/".length);
const get = (url: string) => fetch(base + url);
const avatarOf = async (id: number) =>
  (await db.handle().db.select({ avatarUrl: user.avatarUrl }).from(user).where(eq(user.id, id)))[0]?.avatarUrl ?? null;
const idOf = async (email: string) => (await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

function updateUser(cookie: string | null, body: unknown) {
  const headers = new Headers({ "content-type": "application/json", origin: APP_URL, [CLIENT_IP_HEADER]: nextIp() });
  if (cookie) headers.set("cookie", cookie);
  return getAuth().handler(new Request(`${APP_URL}/api/auth/update-user`, { method: "POST", headers, body: JSON.stringify(body) }));
}

async function member() {
  const f = await verifiedAccount(config);
  return { ...f, id: await idOf(f.email) };
}

async function expectGone(url: string) {
  for (const u of [url, small(url)]) {
    const res = await get(u);
    expect(res.status, u).toBe(404);
    expect(res.headers.get("cache-control"), u).toBe("no-store");
    expect(onDisk(), u).not.toContain(fileOf(u));
  }
}

async function expectServed(url: string) {
  for (const u of [url, small(url)]) {
    const res = await get(u);
    expect(res.status, u).toBe(200);
    expect(res.headers.get("content-type"), u).toBe("image/webp");
    // No shared cache may keep a picture that can go (a replaced, removed, deleted member's one).
    expect(res.headers.get("cache-control"), u).toBe("private, max-age=31536000, immutable");
  }
}

describe("a member keeps only their current avatar", () => {
  it("names the files after the member and the content, and serves both sizes", async () => {
    const me = await createActor();
    const url = await upload(me);
    expect(url).toMatch(new RegExp(`^/uploads/${me.id}-[a-f0-9]{64}\\.webp$`));
    await expectServed(url);
  });

  it("replacing the avatar removes the previous one's files: gone from disk, 404", async () => {
    const me = await createActor();
    const first = await upload(me);
    const second = await upload(me);
    expect(second).not.toBe(first);
    expect(await avatarOf(me.id)).toBe(second);
    await expectGone(first);
    await expectServed(second);
    const mine = onDisk().filter((f) => f.startsWith(`${me.id}-`));
    expect(mine.sort()).toEqual([fileOf(second), fileOf(small(second))].sort());
  });

  it("40 uploads in a row leave one avatar (two files) on disk", async () => {
    const me = await createActor();
    let last = "";
    for (let i = 0; i < 40; i++) last = await upload(me);
    expect(
      onDisk()
        .filter((f) => f.startsWith(`${me.id}-`))
        .sort(),
    ).toEqual([fileOf(last), fileOf(small(last))].sort());
  });

  it("the same picture uploaded by two members is two members' files: one replacing theirs leaves the other's", async () => {
    const [a, b] = [await createActor(), await createActor()];
    const file = await picture();
    const ra = await saveAvatar(a, file);
    const rb = await saveAvatar(b, file);
    if (!ra.ok || !rb.ok) throw new Error("upload failed");
    expect(ra.data.avatarUrl).not.toBe(rb.data.avatarUrl);
    await upload(a);
    await expectGone(ra.data.avatarUrl);
    await expectServed(rb.data.avatarUrl);
  });

  it("removing the avatar (settings) removes its files", async () => {
    const me = await createActor();
    const url = await upload(me);
    expect(await removeAvatar(me)).toEqual({ ok: true, data: { avatarUrl: null } });
    expect(await avatarOf(me.id)).toBeNull();
    await expectGone(url);
    // Removing no avatar is no error.
    expect((await removeAvatar(me)).ok).toBe(true);
  });

  it("removing the avatar through the profile form (an empty avatarUrl) removes its files", async () => {
    const me = await createActor();
    const url = await upload(me);
    const form = new FormData();
    for (const [k, v] of Object.entries({ username: me.username!, name: "Me", bio: "", location: "", website: "", avatarUrl: "" }))
      form.set(k, v);
    expect((await updateProfile(me, form)).ok).toBe(true);
    expect(await avatarOf(me.id)).toBeNull();
    await expectGone(url);
  });

  it("removing the avatar through /api/auth/update-user (image: null) removes its files", async () => {
    const m = await member();
    const url = await upload(m);
    const res = await updateUser(m.cookie, { image: null });
    expect(res.status).toBe(200);
    expect(await avatarOf(m.id)).toBeNull();
    await expectGone(url);
  });

  it("deleting the account removes the avatar's files: 404 at once", async () => {
    const m = await member();
    const first = await upload(m);
    const url = await upload(m);
    // A refused deletion keeps the picture.
    const refused = await deleteAccount(pageRequest("/account/delete", { cookie: m.cookie }), contextFor(nextIp()), m.id, "delete");
    expect(refused.ok).toBe(false);
    await expectServed(url);
    const done = await deleteAccount(pageRequest("/account/delete", { cookie: m.cookie }), contextFor(nextIp()), m.id, "DELETE");
    expect(done.ok).toBe(true);
    await expectGone(url);
    await expectGone(first);
    expect(fs.existsSync(path.join(dir, String(m.id)))).toBe(false);
  });
});

describe("nobody shows another member's upload", () => {
  it("/api/auth/update-user refuses another member's avatar with 400, changing nothing", async () => {
    const [owner, thief] = [await member(), await member()];
    const theirs = await upload(owner);
    const mine = await upload(thief);
    for (const image of [theirs, small(theirs)]) {
      const res = await updateUser(thief.cookie, { image });
      expect(res.status, image).toBe(400);
      expect(((await res.json()) as { message?: string }).message).toBe(AVATAR_NOT_YOURS_MESSAGE);
    }
    // Nor with a name change riding along: the whole update is refused.
    expect((await updateUser(thief.cookie, { name: "Owner", image: theirs })).status).toBe(400);
    expect(await avatarOf(thief.id)).toBe(mine);
    expect(await avatarOf(owner.id)).toBe(theirs);
    expect((await db.handle().db.select({ name: user.name }).from(user).where(eq(user.id, thief.id)))[0]?.name).not.toBe("Owner");
    await expectServed(mine);
    await expectServed(theirs);
  });

  it("/api/auth/update-user refuses a deleted member's avatar, and names no file has", async () => {
    const gone = await createActor();
    const theirs = await upload(gone);
    expect(await deleteUserCascade(gone.id)).toBe(true);
    const m = await member();
    for (const image of [theirs, "/uploads/logout", `/uploads/${m.id}-${"a".repeat(64)}.webp`, `/uploads/${"b".repeat(64)}.webp`]) {
      const res = await updateUser(m.cookie, { image });
      expect(res.status, image).toBe(400);
      expect(((await res.json()) as { message?: string }).message, image).toBe(AVATAR_NOT_YOURS_MESSAGE);
    }
    expect(await avatarOf(m.id)).toBeNull();
  });

  it("/api/auth/update-user keeps one's own current avatar (a no-op), and a visitor gets 401", async () => {
    const m = await member();
    const url = await upload(m);
    expect((await updateUser(m.cookie, { image: url, name: "Still Me" })).status).toBe(200);
    expect(await avatarOf(m.id)).toBe(url);
    await expectServed(url);
    expect((await updateUser(null, { image: url })).status).toBe(401);
  });

  it("sign-up refuses any uploaded avatar: a new account has uploaded nothing", async () => {
    const owner = await createActor();
    const theirs = await upload(owner);
    const f = freshAccount("Adopter");
    const headers = new Headers({ "content-type": "application/json", origin: APP_URL, [CLIENT_IP_HEADER]: nextIp() });
    const res = await getAuth().handler(
      new Request(`${APP_URL}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ ...f, image: theirs }) }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message?: string }).message).toBe(AVATAR_NOT_YOURS_MESSAGE);
    expect(await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, f.email))).toEqual([]);
  });

  it("the profile form refuses another member's avatar with 400, changing nothing", async () => {
    const [owner, thief] = [await createActor(), await createActor()];
    const theirs = await upload(owner);
    const mine = await upload(thief);
    const before = await db.handle().db.select().from(user).where(eq(user.id, thief.id));
    for (const avatarUrl of [theirs, "/uploads/logout"]) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ username: "thief_new", name: "Owner", bio: "", location: "", website: "", avatarUrl }))
        form.set(k, v);
      expect(await updateProfile(thief, form), avatarUrl).toMatchObject({
        ok: false,
        status: 400,
        error: AVATAR_NOT_YOURS_MESSAGE,
        fieldErrors: { avatarUrl: AVATAR_NOT_YOURS_MESSAGE },
      });
    }
    expect(await db.handle().db.select().from(user).where(eq(user.id, thief.id))).toEqual(before);
    expect(await avatarOf(thief.id)).toBe(mine);
    await expectServed(theirs);
  });
});

describe("the daily sweep", () => {
  it("removes what a crash left: a deleted account's files, a member's stray files, legacy files nobody shows", async () => {
    // An account whose row went but whose files did not (a crash between the two).
    const gone = await createActor();
    const goneUrl = await upload(gone);
    expect(await deleteUserCascade(gone.id)).toBe(true);
    // A member with a stray file of theirs next to their avatar (written, never committed).
    const me = await createActor();
    const mine = await upload(me);
    const stray = `${me.id}-${"c".repeat(64)}.webp`;
    await new LocalDiskStorage(dir).put(stray, Buffer.from("x"));
    // Legacy (hash-only) files from before decision 029: one still shown, one replaced long ago.
    const shown = `${"d".repeat(64)}.webp`;
    const forgotten = `${"e".repeat(64)}.webp`;
    for (const name of [shown, shown.replace(".webp", "-64.webp"), forgotten, forgotten.replace(".webp", "-64.webp")])
      await new LocalDiskStorage(dir).put(name, Buffer.from("x"));
    const legacyMember = await createActor({ avatarUrl: `/uploads/${shown}` });

    expect(await sweepUploads()).toBeGreaterThanOrEqual(5);
    await expectGone(goneUrl);
    expect(onDisk()).not.toContain(stray);
    await expectServed(mine);
    expect(onDisk()).toEqual(expect.arrayContaining([shown, shown.replace(".webp", "-64.webp")]));
    expect(onDisk()).not.toContain(forgotten);
    expect(onDisk()).not.toContain(forgotten.replace(".webp", "-64.webp"));

    // The legacy member replaces theirs: the legacy files go (no one else shows them).
    const next = await upload(legacyMember);
    expect(onDisk()).not.toContain(shown);
    await expectServed(next);
  });
});

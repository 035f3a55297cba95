import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { avatarFileNames, filesOfAvatarUrl, LocalDiskStorage, ownerOf, UPLOAD_NAME } from "./storage.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-storage-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const hash = "f".repeat(64);

describe("upload names", () => {
  it("are an owner's id and a sha256 (legacy: the hash only), nothing else", () => {
    for (const ok of [`12-${hash}.webp`, `12-${hash}-64.webp`, `${hash}.webp`, `${hash}-64.webp`])
      expect(UPLOAD_NAME.test(ok), ok).toBe(true);
    for (const bad of [
      `0-${hash}.webp`,
      `-${hash}.webp`,
      `12-${hash}.png`,
      `../12-${hash}.webp`,
      `12/${hash}.webp`,
      "logout",
      `12-${hash.slice(1)}.webp`,
    ])
      expect(UPLOAD_NAME.test(bad), bad).toBe(false);
    expect(ownerOf(`12-${hash}-64.webp`)).toBe(12);
    expect(ownerOf(`${hash}.webp`)).toBeNull();
    expect(avatarFileNames(12, hash)).toEqual({ large: `12-${hash}.webp`, small: `12-${hash}-64.webp` });
  });

  it("an avatar URL stands for both sizes of its files; anything else for none", () => {
    expect(filesOfAvatarUrl(`/uploads/12-${hash}.webp`)).toEqual([`12-${hash}.webp`, `12-${hash}-64.webp`]);
    expect(filesOfAvatarUrl(`/uploads/${hash}.webp`)).toEqual([`${hash}.webp`, `${hash}-64.webp`]);
    for (const other of [null, "", "/uploads/logout", `/uploads/12-${hash}-64.webp`, `https://x.example/uploads/12-${hash}.webp`])
      expect(filesOfAvatarUrl(other), String(other)).toEqual([]);
  });
});

describe("the local-disk store", () => {
  it("keeps each owner's files in a folder of their own, lists and removes them, and leaves no empty folder", async () => {
    const store = new LocalDiskStorage(dir);
    const mine = avatarFileNames(12, hash);
    const theirs = avatarFileNames(123, hash);
    for (const name of [mine.large, mine.small, theirs.large, `${hash}.webp`]) await store.put(name, Buffer.from(name));
    expect(await store.list(12)).toEqual([mine.small, mine.large].sort());
    expect(await store.list(1)).toEqual([]);
    expect((await store.list()).sort()).toEqual([mine.large, mine.small, theirs.large, `${hash}.webp`].sort());
    expect((await store.get(theirs.large))?.toString()).toBe(theirs.large);
    await store.remove([mine.large, mine.small, "../../etc/passwd", `${hash}-64.webp`]);
    expect(await store.get(mine.large)).toBeNull();
    expect(fs.existsSync(path.join(dir, "12"))).toBe(false);
    expect((await store.list()).sort()).toEqual([theirs.large, `${hash}.webp`].sort());
    await expect(store.put("../escape.webp", Buffer.from("x"))).rejects.toThrow(/not an upload name/);
  });
});

import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "~/config.server";

/**
 * Where uploaded files live. An avatar's name carries its owner's user id and the hash of its
 * content (`<userId>-<sha256>.webp`, and `-64.webp` for the small size), so a name always means the
 * same bytes (it can be cached as immutable) and the files of one member can be found and removed
 * without a table of uploads (decision 029). Names from before that carry only the hash ("legacy").
 * The local-disk store keeps them in DATA_DIR/uploads (one process or a shared volume); an
 * S3-compatible store can implement the same interface (an owner is a key prefix) for several processes.
 */
export interface UploadStorage {
  /** Stores the bytes under `name` (a second put of the same name is a no-op: same content). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes of `name`, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the files; a name that is not there is no error. */
  remove(names: readonly string[]): Promise<void>;
  /** The names of one owner's files, or (no owner) of every file, legacy names included. */
  list(owner?: number): Promise<string[]>;
}

/** The only names the storage hands out and serves: an owner's id (absent on legacy names), a sha256, a size suffix. */
export const UPLOAD_NAME = /^(?:[1-9][0-9]{0,15}-)?[a-f0-9]{64}(?:-64)?\.webp$/;
const OWNED_NAME = /^([1-9][0-9]{0,15})-[a-f0-9]{64}(?:-64)?\.webp$/;
export const UPLOADS_PATH = "/uploads/";

/** The user id a stored name belongs to; null for a legacy (hash-only) name or no upload name at all. */
export function ownerOf(name: string): number | null {
  const m = OWNED_NAME.exec(name);
  return m ? Number(m[1]) : null;
}

/** The two files of one avatar: the 256 px one (its URL's name) and the 64 px one. */
export function avatarFileNames(owner: number, hash: string): { large: string; small: string } {
  return { large: `${owner}-${hash}.webp`, small: `${owner}-${hash}-64.webp` };
}

/** The stored files an avatar URL stands for (both sizes), or [] when it is not one of ours. */
export function filesOfAvatarUrl(url: string | null | undefined): string[] {
  if (!url?.startsWith(UPLOADS_PATH)) return [];
  const name = url.slice(UPLOADS_PATH.length);
  if (!UPLOAD_NAME.test(name) || name.endsWith("-64.webp")) return [];
  return [name, name.replace(/\.webp$/, "-64.webp")];
}

export class LocalDiskStorage implements UploadStorage {
  constructor(readonly dir: string) {}

  /** An owner's files sit in a folder of their own, so listing or removing them never reads the others'. */
  private pathOf(name: string): string {
    const owner = ownerOf(name);
    return owner === null ? path.join(this.dir, name) : path.join(this.dir, String(owner), name);
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${name}`);
    const target = this.pathOf(name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, target);
  }

  async get(name: string): Promise<Buffer | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    try {
      return await fs.readFile(this.pathOf(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async remove(names: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const name of names) {
      if (!UPLOAD_NAME.test(name)) continue;
      await fs.rm(this.pathOf(name), { force: true });
      if (ownerOf(name) !== null) folders.add(path.dirname(this.pathOf(name)));
    }
    // An owner left with no file leaves no folder behind (a deleted account's, a removed avatar's).
    for (const folder of folders) await fs.rmdir(folder).catch(() => undefined);
  }

  async list(owner?: number): Promise<string[]> {
    if (owner !== undefined) return (await this.entries(path.join(this.dir, String(owner)))).filter((n) => ownerOf(n) === owner);
    const out: string[] = [];
    for (const entry of await this.entries(this.dir)) {
      if (UPLOAD_NAME.test(entry)) out.push(entry);
      else if (/^[1-9][0-9]{0,15}$/.test(entry)) out.push(...(await this.list(Number(entry))));
    }
    return out;
  }

  private async entries(dir: string): Promise<string[]> {
    try {
      return (await fs.readdir(dir)).sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
  }
}

let storage: UploadStorage | null = null;

export function getUploadStorage(): UploadStorage {
  storage ??= new LocalDiskStorage(path.join(getConfig().dataDir, "uploads"));
  return storage;
}

/** Tests point the app at their own store. */
export function setUploadStorage(s: UploadStorage | null): void {
  storage = s;
}

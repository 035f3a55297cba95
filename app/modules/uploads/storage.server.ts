import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "~/config.server";

/**
 * Where uploaded files live. Names are content hashes, so a stored file never changes and can be
 * cached forever. The local-disk store keeps them in DATA_DIR/uploads (one process or a shared
 * volume); an S3-compatible store can implement the same interface for several processes.
 */
export interface UploadStorage {
  /** Stores the bytes under `name` (a second put of the same name is a no-op: same content). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes of `name`, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
}

/** The only names the storage hands out and serves: a sha256 and a size suffix. */
export const UPLOAD_NAME = /^[a-f0-9]{64}(?:-64)?\.webp$/;

export class LocalDiskStorage implements UploadStorage {
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Buffer): Promise<void> {
    if (!UPLOAD_NAME.test(name)) throw new Error(`not an upload name: ${name}`);
    await fs.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    // Written aside and renamed, so a reader never sees half a file.
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, target);
  }

  async get(name: string): Promise<Buffer | null> {
    if (!UPLOAD_NAME.test(name)) return null;
    try {
      return await fs.readFile(path.join(this.dir, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
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

import { autocommit, transaction } from "~/db/transaction.server";
import { filesOfAvatarUrl, getUploadStorage, ownerOf, UPLOADS_PATH } from "./storage.server";
import { avatarUrlsInUse, lockAvatarUrl } from "./uploads.queries.server";

/**
 * A member keeps only their current avatar (decision 029). Every file of theirs is named after them,
 * so this needs no record of uploads: whatever of theirs is on disk and is not their current avatar
 * goes — the one just replaced, the one just removed, all of them once the account is gone, and any
 * left by a crash between writing a new avatar and pointing the profile at it.
 *
 * Runs under the user's row lock (lockAvatarUrl), the lock a new avatar is written under, so it never
 * removes the files of an upload that is about to be committed. `previous`: the avatar URL the user
 * had before, for a name from before decision 029 (hash only, not named after anyone), which goes
 * too unless another member shows the same picture.
 * Returns how many files were removed.
 */
export async function keepOnlyCurrentAvatar(userId: number, previous: string | null = null): Promise<number> {
  const storage = getUploadStorage();
  const removed = await transaction(async (tx) => {
    const row = await lockAvatarUrl(tx, userId);
    const keep = new Set(filesOfAvatarUrl(row?.avatarUrl));
    const stale = (await storage.list(userId)).filter((n) => !keep.has(n));
    await storage.remove(stale);
    return stale.length;
  });
  const legacy = filesOfAvatarUrl(previous);
  if (legacy.length === 0 || ownerOf(legacy[0]!) !== null) return removed;
  return removed + (await removeUnusedLegacy([previous!]));
}

/**
 * keepOnlyCurrentAvatar after a committed change (a new avatar, a removal, a deleted account): the change
 * stands whatever happens to the files, so a failure here (a full or read-only disk) is logged, not
 * answered as the change's failure; the daily sweep removes what it left.
 */
export async function tidyAfterAvatarChange(userId: number, previous: string | null): Promise<void> {
  try {
    await keepOnlyCurrentAvatar(userId, previous);
  } catch (err) {
    console.error("[uploads] removing replaced avatar files failed; the daily sweep retries:", err);
  }
}

/** Removes the files of the legacy avatar URLs no member shows any more. */
async function removeUnusedLegacy(urls: readonly string[]): Promise<number> {
  const inUse = await avatarUrlsInUse(autocommit(), urls);
  const unused = urls.filter((u) => !inUse.has(u)).flatMap(filesOfAvatarUrl);
  await getUploadStorage().remove(unused);
  return unused.length;
}

const SWEEP_BATCH = 500;

/**
 * The daily pass over the whole store (the retention job): every member's folder is tidied as above
 * (a deleted account whose files survived a crash after its row went loses them here), and legacy
 * files no member shows are removed. Returns how many files went.
 */
export async function sweepUploads(): Promise<number> {
  const names = await getUploadStorage().list();
  const owners = new Set<number>();
  const legacy = new Set<string>();
  for (const name of names) {
    const owner = ownerOf(name);
    if (owner !== null) owners.add(owner);
    else legacy.add(`${UPLOADS_PATH}${name.replace(/-64\.webp$/, ".webp")}`);
  }
  let removed = 0;
  for (const owner of owners) removed += await keepOnlyCurrentAvatar(owner);
  const urls = [...legacy];
  for (let i = 0; i < urls.length; i += SWEEP_BATCH) removed += await removeUnusedLegacy(urls.slice(i, i + SWEEP_BATCH));
  return removed;
}

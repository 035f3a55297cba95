import { createHash } from "node:crypto";
import { ACCOUNT_GONE, requireOwner, type Actor } from "~/access/access.server";
import { holdAccount } from "~/modules/accounts/account-hold.queries.server";
import { TAKEN_MESSAGE } from "~/auth/auth.server";
import { transaction } from "~/db/transaction.server";
import { fail, ok, type Result } from "~/lib/result";
import { AVATAR_NOT_YOURS_MESSAGE, avatarChangeAllowed, fieldErrors, usernameRefused } from "~/modules/accounts/accounts.schema";
import { tidyAfterAvatarChange } from "~/modules/uploads/avatar-files.server";
import { avatarFileNames, getUploadStorage, UPLOADS_PATH } from "~/modules/uploads/storage.server";
import { ImageTooLargeError, sniffImage, squareWebp } from "~/modules/uploads/image.server";
import { lockAvatarUrl, setAvatarUrl } from "~/modules/uploads/uploads.queries.server";
import { findProfileUser, findUserIdByUsernameLower, updateProfileRow } from "./profile.queries.server";
import { AVATAR_MESSAGES, ProfileEditForm, profileEditInput, PROFILE_EDIT_MESSAGES, type ProfileEdit } from "./profile.schema";
import { splitPlatforms } from "./profile.service.server";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZES = [256, 64] as const;

export { AVATAR_MESSAGES };

const UNAUTHENTICATED = "User not authenticated";

/** Only the signed-in user's own profile: the id comes from the session, never from the form. */
function authorize(actor: Actor): Result<{ id: number }> {
  return requireOwner(actor, "profile.update", actor ? { ownerId: actor.id } : null, {
    unauthenticated: UNAUTHENTICATED,
    denied: UNAUTHENTICATED,
  });
}

export interface EditableProfile {
  username: string;
  name: string;
  bio: string;
  location: string;
  website: string;
  platforms: string[];
  avatarUrl: string | null;
}

export async function getEditableProfile(actor: Actor): Promise<Result<EditableProfile>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const row = await findProfileUser(auth.data.id);
  if (!row) return fail(401, UNAUTHENTICATED);
  return ok({
    username: row.displayUsername ?? row.username ?? "",
    name: row.name,
    bio: row.bio ?? "",
    location: row.location ?? "",
    website: row.website ?? "",
    platforms: splitPlatforms(row.platform),
    avatarUrl: row.avatarUrl ?? row.image,
  });
}

const isUniqueViolation = (err: unknown) =>
  typeof err === "object" &&
  err !== null &&
  ((err as { code?: string }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505");

/**
 * Saves the owner's profile in one transaction: every field is checked first (username by the
 * sign-up rules, bio ≤ 500, http(s) website only), so a refused form writes nothing.
 */
export async function updateProfile(actor: Actor, form: FormData): Promise<Result<ProfileEdit>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const raw = profileEditInput(form);
  const parsed = ProfileEditForm.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return fail(400, Object.values(errors)[0] ?? "Invalid form", errors);
  }
  const p = parsed.data;
  let previousAvatar: string | null = null;
  try {
    const saved = await transaction(async (tx): Promise<Result<ProfileEdit>> => {
      // The session was checked when the request began; the account may have been deleted since.
      if (!(await holdAccount(tx, auth.data.id))) return fail(401, ACCOUNT_GONE);
      // The avatar, when the form names one, may only stay as it is or go (a new one is uploaded):
      // never another member's picture, nor a file that is not there.
      let avatarUrl: { avatarUrl?: null } = {};
      if (p.avatarUrl !== undefined) {
        const current = (await lockAvatarUrl(tx, auth.data.id))?.avatarUrl ?? null;
        if (!avatarChangeAllowed(p.avatarUrl, current)) return fail(400, AVATAR_NOT_YOURS_MESSAGE, { avatarUrl: AVATAR_NOT_YOURS_MESSAGE });
        if (p.avatarUrl === null && current !== null) {
          previousAvatar = current;
          avatarUrl = { avatarUrl: null };
        }
      }
      const holder = await findUserIdByUsernameLower(tx, p.username);
      if (usernameRefused(p.username, holder, auth.data.id)) return fail(409, TAKEN_MESSAGE, { username: TAKEN_MESSAGE });
      await updateProfileRow(tx, auth.data.id, {
        ...avatarUrl,
        username: p.username,
        displayUsername: String(raw.username).trim(),
        name: p.name,
        bio: p.bio,
        location: p.location,
        website: p.website,
        platform: p.platforms.length ? p.platforms.join(", ") : null,
      });
      return ok(p);
    });
    // A removed avatar's files go once the profile no longer shows it.
    if (saved.ok && previousAvatar !== null) await tidyAfterAvatarChange(auth.data.id, previousAvatar);
    return saved;
  } catch (err) {
    // Two users claiming one name at once: the unique index decides.
    if (isUniqueViolation(err)) return fail(409, TAKEN_MESSAGE, { username: TAKEN_MESSAGE });
    throw err;
  }
}

/**
 * The owner's new avatar: JPEG, PNG, WebP or GIF (told by its bytes) up to 5 MB and 40 megapixels,
 * re-encoded to square WebPs of 256 and 64 px without metadata, stored under the owner's id and its
 * content hash, and set as the user's image (the header menu shows it from the session's user). Once
 * that is committed, the owner's other files go (the avatar it replaces): a member keeps only their
 * current avatar (decision 029).
 */
export async function saveAvatar(actor: Actor, file: FormDataEntryValue | null): Promise<Result<{ avatarUrl: string }>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  if (!file || typeof file === "string" || file.size === 0) return fail(400, AVATAR_MESSAGES.missing);
  if (file.size > AVATAR_MAX_BYTES) return fail(413, AVATAR_MESSAGES.tooBig);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!sniffImage(bytes)) return fail(415, AVATAR_MESSAGES.wrongType);
  let large: Buffer;
  let small: Buffer;
  try {
    [large, small] = (await Promise.all(AVATAR_SIZES.map((s) => squareWebp(bytes, s)))) as [Buffer, Buffer];
  } catch (err) {
    if (err instanceof ImageTooLargeError) return fail(413, AVATAR_MESSAGES.tooManyPixels);
    return fail(422, AVATAR_MESSAGES.broken);
  }
  const names = avatarFileNames(auth.data.id, createHash("sha256").update(large).digest("hex"));
  const avatarUrl = `${UPLOADS_PATH}${names.large}`;
  const saved = await transaction(async (tx): Promise<Result<{ avatarUrl: string; previous: string | null }>> => {
    // The session was checked when the request began; the account may have been deleted since. The
    // files are written under the row lock the tidying takes, so it cannot remove them before they are in use.
    const row = await lockAvatarUrl(tx, auth.data.id);
    if (!row) return fail(401, ACCOUNT_GONE);
    const previous = row.avatarUrl;
    const storage = getUploadStorage();
    await storage.put(names.small, small);
    await storage.put(names.large, large);
    await setAvatarUrl(tx, auth.data.id, avatarUrl);
    return ok({ avatarUrl, previous });
  });
  if (!saved.ok) return saved;
  // After the commit: a crash before this leaves the replaced files to the next change or the daily sweep.
  await tidyAfterAvatarChange(auth.data.id, saved.data.previous === avatarUrl ? null : saved.data.previous);
  return ok({ avatarUrl });
}

/** The owner removes their avatar: the profile shows their initial again and the files go. */
export async function removeAvatar(actor: Actor): Promise<Result<{ avatarUrl: null }>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const removed = await transaction(async (tx): Promise<Result<{ previous: string | null }>> => {
    const row = await lockAvatarUrl(tx, auth.data.id);
    if (!row) return fail(401, ACCOUNT_GONE);
    if (row.avatarUrl !== null) await setAvatarUrl(tx, auth.data.id, null);
    return ok({ previous: row.avatarUrl });
  });
  if (!removed.ok) return removed;
  await tidyAfterAvatarChange(auth.data.id, removed.data.previous);
  return ok({ avatarUrl: null });
}

export { PROFILE_EDIT_MESSAGES };

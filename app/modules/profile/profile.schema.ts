import { z } from "zod";
import { cleanLongText, cleanName, hasVisibleText } from "~/lib/user-text";
import { avatarUrlField, nameField, usernameField } from "~/modules/accounts/accounts.schema";

export const BIO_MAX = 500;
export const LOCATION_MAX = 100;
export const WEBSITE_MAX = 200;
export const PLATFORM_MAX = 40;
export const PLATFORMS_MAX = 10;
/** Offered on the edit form; others may be typed. */
export const PLATFORM_CHOICES = ["PS5", "Xbox Series X/S", "Nintendo Switch", "PC", "Retro"] as const;

export const PROFILE_EDIT_MESSAGES = {
  bioTooLong: `Bio must be ${BIO_MAX} characters or less`,
  locationTooLong: `Location must be ${LOCATION_MAX} characters or less`,
  websiteInvalid: "Website must be a web address starting with http:// or https://",
  websiteTooLong: `Website must be ${WEBSITE_MAX} characters or less`,
  platformInvalid: `Each platform must be 1 to ${PLATFORM_MAX} characters, without commas`,
  tooManyPlatforms: `Choose at most ${PLATFORMS_MAX} platforms`,
  controlChars: "Text must not contain control characters",
  saved: "Profile updated",
  /** The save never reached the server (connection dropped, offline); what was typed stays. */
  notSent: "Failed to update profile. Please try again.",
} as const;
const M = PROFILE_EDIT_MESSAGES;

const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
/** Empty text is "none". */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .regex(NO_CONTROL, M.controlChars)
    // Direction and stray format characters go; a text with nothing visible left is none.
    .transform((s) => cleanLongText(s).trim())
    .transform((s) => (hasVisibleText(s) ? s : null));

/**
 * 'example.com' or 'www.example.com/me' (how most people type an address) gets https:// in front; text
 * that names a scheme of its own ('javascript:', 'ftp://') is left as it is, to be refused. A colon
 * followed by a digit is a port ('example.com:8080'), not a scheme.
 */
const withScheme = (s: string) => (s === "" || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(s) ? s : `https://${s}`);

export const websiteField = z
  .string()
  .trim()
  .max(WEBSITE_MAX, M.websiteTooLong)
  .transform(withScheme)
  .refine((s) => {
    if (s === "") return true;
    try {
      const u = new URL(s);
      // No user name or password before the host: 'https://www.paypal.com@evil.example' shows one site
      // and opens another.
      return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".") && !/\s/.test(s) && !u.username && !u.password;
    } catch {
      return false;
    }
  }, M.websiteInvalid)
  .transform((s) => (s === "" ? null : new URL(s).href))
  // The limit holds for what is stored: the address as written out (non-ASCII percent-encoded) can be
  // several times longer than what was typed.
  .refine((href) => href === null || href.length <= WEBSITE_MAX, M.websiteTooLong);

export const ProfileEditForm = z.object({
  username: usernameField,
  name: nameField,
  bio: optionalText(BIO_MAX, M.bioTooLong),
  location: optionalText(LOCATION_MAX, M.locationTooLong),
  website: websiteField,
  platforms: z
    .array(
      z
        .string()
        .trim()
        .min(1, M.platformInvalid)
        .max(PLATFORM_MAX, M.platformInvalid)
        .regex(/^[^,]*$/, M.platformInvalid)
        .regex(NO_CONTROL, M.controlChars)
        .transform(cleanName)
        .refine(hasVisibleText, M.platformInvalid),
    )
    .max(PLATFORMS_MAX, M.tooManyPlatforms)
    .transform((list) => [...new Set(list)]),
  /** Absent: the avatar stays as it is. Empty: it is removed. A URL: only the member's own current one. */
  avatarUrl: avatarUrlField.optional(),
});
export type ProfileEdit = z.infer<typeof ProfileEditForm>;

/** The form's fields as the schema reads them (platforms repeat; a missing text field is empty). */
export function profileEditInput(form: FormData): Record<string, unknown> {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const platforms = form
    .getAll("platforms")
    .filter((v): v is string => typeof v === "string")
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    username: text("username"),
    name: text("name"),
    bio: text("bio"),
    location: text("location"),
    website: text("website"),
    platforms,
    // Only when the form names it: the edit form leaves the avatar to its own upload form.
    ...(form.has("avatarUrl") ? { avatarUrl: form.get("avatarUrl") } : {}),
  };
}

/** What the avatar upload answers (shown by the settings page too, so not in a server file). */
export const AVATAR_MESSAGES = {
  missing: "Choose an image to upload",
  tooBig: "Image must be 5 MB or smaller",
  wrongType: "Only JPEG, PNG, WebP or GIF images can be uploaded",
  broken: "The image could not be read: the file is damaged or incomplete",
  /** A readable image whose canvas is over the pixel limit (a small file can claim a huge one). */
  tooManyPixels: "Image is too large: it must be at most 40 megapixels (width × height)",
  saved: "Avatar updated",
  removed: "Avatar removed",
} as const;

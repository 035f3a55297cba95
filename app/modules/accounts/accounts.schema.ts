import { z } from "zod";
import { cleanName, hasVisibleText } from "~/lib/user-text";

/**
 * Account forms. Shared by the auth modal, the no-JS pages and the
 * server actions, so the same messages appear wherever a rule is broken.
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 21;
export const PASSWORD_MIN = 8;

export const LOGIN_EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_REQUIRED_MESSAGE = "Password is required";

export const emailField = z.string().trim().toLowerCase().pipe(z.email(LOGIN_EMAIL_MESSAGE).max(254, LOGIN_EMAIL_MESSAGE));

/** A name someone else holds (sign-up, profile edit, the live availability check). */
export const USERNAME_TAKEN_MESSAGE = "This username is already taken";

export const usernameField = z
  .string()
  .trim()
  .min(USERNAME_MIN, "Username must be at least 3 characters")
  .max(USERNAME_MAX, "Username must be 21 characters or less")
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores")
  .transform((u) => u.toLowerCase());

/**
 * Names that would pass for the site speaking (or for no one): nobody may take them, they answer
 * "taken" like a held name (sign-up, profile edit, the live availability check, names generated at an
 * OAuth sign-up). An account that already holds one (made before the list) keeps it.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "admin",
  "administrator",
  "anonymous",
  "deleted",
  "help",
  "mod",
  "moderator",
  "moderators",
  "null",
  "official",
  "root",
  "savepoint",
  "savepoint_team",
  "security",
  "staff",
  "support",
  "sysadmin",
  "system",
  "team",
  "undefined",
  "webmaster",
]);

/** Whether a username (any case) is one nobody may take. */
export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.trim().toLowerCase());
}

/**
 * Whether `username` is refused as taken for the account `self` (null: a new account): held by
 * another account, or reserved and held by nobody (its holder from before the list keeps it).
 */
export function usernameRefused(username: string, holder: number | string | null, self: number | string | null): boolean {
  if (holder !== null) return self === null || String(holder) !== String(self);
  return isReservedUsername(username);
}

/**
 * The public name shown next to the username: plain text, no control characters. Invisible and
 * direction characters are removed (cleanName), and a name with nothing visible left is no name.
 */
export const NAME_MAX = 50;
export const NAME_REQUIRED_MESSAGE = "Name is required";
export const nameField = z
  .string("Name must be text")
  .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, "Name must not contain control characters")
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, NAME_REQUIRED_MESSAGE)
      .max(NAME_MAX, "Name must be 50 characters or less")
      .refine(hasVisibleText, NAME_REQUIRED_MESSAGE),
  );

/** Avatars come only from the app's own upload storage (a path, never another site or a script URL). */
export const UPLOADS_PREFIX = "/uploads/";
export const avatarUrlField = z
  .string("Avatar must be an uploaded image")
  .max(200, "Avatar must be an uploaded image")
  .regex(/^(?:\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)?)?$/, "Avatar must be an uploaded image")
  // "" is no avatar, as null is.
  .transform((s) => (s === "" ? null : s))
  .nullable();

/**
 * An avatar URL of the right shape that is not the member's own current upload: someone else's
 * picture (or a deleted member's), a file that does not exist. The only avatar a member can set by
 * URL is the one they have (a no-op); a new one comes by uploading it, and none (null or "") removes it.
 */
export const AVATAR_NOT_YOURS_MESSAGE = "Avatar must be an image you uploaded";

/** Whether `requested` (already shaped by avatarUrlField) may be set as the avatar of a member whose avatar is `current`. */
export function avatarChangeAllowed(requested: string | null, current: string | null): boolean {
  return requested === null || requested === current;
}

/** The display form of the username: the same name, only its letter case may differ. */
export const DISPLAY_USERNAME_MESSAGE = "Display name can only change the letter case of your username";

/**
 * What the profile update (Better Auth's /update-user) accepts: these fields only, each by the
 * rules of the forms. displayUsername is checked against the username in the auth hook.
 */
export const ProfileUpdate = z.strictObject(
  {
    name: nameField.optional(),
    image: avatarUrlField.optional(),
    username: usernameField.optional(),
    displayUsername: z.string(DISPLAY_USERNAME_MESSAGE).max(USERNAME_MAX, DISPLAY_USERNAME_MESSAGE).optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : "Invalid request body") },
);

export const passwordRules: readonly { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= PASSWORD_MIN, message: "Password must be at least 8 characters" },
  { test: (p) => /[A-Z]/.test(p), message: "Password must contain at least one uppercase letter" },
  { test: (p) => /[a-z]/.test(p), message: "Password must contain at least one lowercase letter" },
  { test: (p) => /[0-9]/.test(p), message: "Password must contain at least one number" },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: "Password must contain at least one special character" },
];

export const newPasswordField = z
  .string()
  .max(128, "Password must be 128 characters or less")
  .superRefine((p, ctx) => {
    for (const rule of passwordRules) if (!rule.test(p)) ctx.addIssue({ code: "custom", message: rule.message });
  });

export const LoginForm = z.object({
  email: emailField,
  password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE).max(128),
  rememberMe: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const AGREE_TO_TERMS_MESSAGE = "You must agree to the terms and conditions";

/**
 * The terms box: a checkbox posts "on", JSON callers send true. z.unknown(), not .optional(): an
 * unchecked box sends no field at all, and the rule must still run.
 */
export const agreeToTermsField = z
  .unknown()
  .refine((v) => v === true || v === "on" || v === "true", AGREE_TO_TERMS_MESSAGE)
  .transform(() => true as const);

export const SignupForm = z
  .object({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string(),
    agreeToTerms: agreeToTermsField,
  })
  .refine((f) => f.password === f.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DONT_MATCH });

export const ResetRequestForm = z.object({ email: emailField });

export const NewPasswordForm = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ["confirmPassword"], message: "Passwords don't match" });

/** Settings → Change password: the current password, then a new one by the sign-up rules. */
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string("Current password is required").min(1, "Current password is required").max(128),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ["confirmPassword"], message: "Passwords don't match" })
  .refine((f) => f.newPassword !== f.currentPassword, {
    path: ["newPassword"],
    message: "New password must be different from the current one",
  });

/** Field → first message, for showing errors next to inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Password strength meter: one point per satisfied rule. */
export const STRENGTH_LABELS = ["Very Weak", "Weak", "Fair", "Good", "Strong"] as const;

export function passwordStrength(password: string): { score: number; label: (typeof STRENGTH_LABELS)[number]; percent: number } {
  const score = passwordRules.filter((r) => r.test(password)).length;
  return { score, label: STRENGTH_LABELS[Math.max(0, score - 1)] ?? "Very Weak", percent: (score / 5) * 100 };
}

/**
 * Username derived from an e-mail (OAuth sign-ups without one): local part, lowercased, only
 * [a-z0-9_], cut to 18, zero-padded to 3; if taken, suffixes 1..99 (at most 20 characters); then the
 * last 4 digits of the current time on a base cut to 17, so the name stays within the 21-character
 * rule, counting on from those digits until a free one; then random suffixes. Every name returned
 * passes usernameField and was not taken when asked. Throws only when nothing free was found (the
 * OAuth callback then ends on /login with an error, no account created).
 */
export async function generateUsername(
  email: string,
  isTaken: (u: string) => Promise<boolean>,
  now: () => number = Date.now,
  random: () => number = Math.random,
): Promise<string> {
  const local = email.split("@")[0] ?? "";
  const base = local
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, 18)
    .padEnd(USERNAME_MIN, "0");
  const free = async (candidate: string) =>
    usernameField.safeParse(candidate).success && !isReservedUsername(candidate) && !(await isTaken(candidate));
  if (await free(base)) return base;
  for (let n = 1; n <= 99; n++) {
    const candidate = `${base}${n}`;
    if (await free(candidate)) return candidate;
  }
  const timeBase = base.slice(0, USERNAME_MAX - 4);
  const start = Math.abs(Math.trunc(now())) % 10_000;
  for (let i = 0; i < 100; i++) {
    const candidate = `${timeBase}${String((start + i) % 10_000).padStart(4, "0")}`;
    if (await free(candidate)) return candidate;
  }
  // A base someone has filled with a hundred numbered names in a row: random 6-character suffixes.
  const randomBase = base.slice(0, USERNAME_MAX - 6);
  for (let i = 0; i < 20; i++) {
    const suffix = Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, "0");
    const candidate = `${randomBase}${suffix}`;
    if (await free(candidate)) return candidate;
  }
  throw new Error("No free username could be generated");
}

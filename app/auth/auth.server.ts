import { randomBytes } from "node:crypto";
import path from "node:path";
import { betterAuth, type AuthContext } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { username } from "better-auth/plugins";
import { pino, type Logger } from "pino";
import type { z } from "zod";
import { createMailer, type Mail, type Mailer } from "~/email/send.server";
import { existingAccountMail, finishSignUpMail, passwordResetMail, verificationMail } from "~/email/templates";
import {
  agreeToTermsField,
  AVATAR_NOT_YOURS_MESSAGE,
  avatarChangeAllowed,
  avatarUrlField,
  DISPLAY_USERNAME_MESSAGE,
  emailField,
  LOGIN_EMAIL_MESSAGE,
  nameField,
  newPasswordField,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORDS_DONT_MATCH,
  ProfileUpdate,
  usernameField,
  usernameRefused,
  USERNAME_TAKEN_MESSAGE,
} from "~/modules/accounts/accounts.schema";
import {
  deleteResetTokens,
  deleteUnverifiedUser,
  findAccountByEmail,
  findUserIdByUsername,
  markEmailVerified,
} from "~/modules/accounts/accounts.queries.server";
import { getConfig, type Config } from "~/config.server";
import { tidyAfterAvatarChange } from "~/modules/uploads/avatar-files.server";
import { findAvatarUrl } from "~/modules/uploads/uploads.queries.server";
import { betterAuthLog } from "./auth-log.server";
import { authDatabase, processDatabase, type AuthDatabase } from "./auth.queries.server";
import { clearFailures, releaseAttempt, reserveAttempt } from "./lockout.server";
import { isTrustedOriginOf } from "./origin";
import { PENDING_SIGN_UP, pendingSignUpValue } from "./pending-sign-up.server";
import { assignUsernameOnCreate, oauthOptionsFor } from "./providers.server";

/**
 * The Better Auth instance (e-mail + password, usernames, e-mail verification,
 * password reset, database-backed rate limits) on the shared database.
 *
 * Our own pages never call auth.api directly for rate-limited operations: they
 * go through `callAuth` (auth-request.server.ts), i.e. through auth.handler,
 * so the same hooks and rate limits apply to the pages and to /api/auth/*.
 */

/** Header carrying the client address Express determined (set by us, never taken from the client). */
export const CLIENT_IP_HEADER = "x-savepoint-client-ip";
export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;
export const VERIFICATION_EXPIRES_IN = 24 * 60 * 60;
export const RESET_EXPIRES_IN = 60 * 60;
export const TAKEN_MESSAGE = USERNAME_TAKEN_MESSAGE;

const FIFTEEN_MINUTES = 15 * 60;

export interface AuthDeps {
  config: Config;
  db: AuthDatabase;
  mailer?: Mailer;
  logger?: Logger;
}

const CODES = {
  BAD_REQUEST: "VALIDATION_ERROR",
  UNAUTHORIZED: "UNAUTHORIZED",
  TOO_MANY_REQUESTS: "TOO_MANY_FAILED_SIGN_INS",
  FORBIDDEN: "INVALID_ORIGIN",
} as const;

function reject(message: string, field: string, status: keyof typeof CODES = "BAD_REQUEST"): never {
  throw new APIError(status, { message, code: CODES[status], field });
}

/** The same answer for every accepted sign-up, new address or not: nothing to tell them apart by. */
export const SIGN_UP_ANSWER = { status: true } as const;

function check<T>(schemaFor: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schemaFor.safeParse(value);
  if (!parsed.success) reject(parsed.error.issues[0]?.message ?? "Invalid value", field);
  return parsed.data;
}

/** The client address the HTTP layer put on the request (never the client's own header). */
function clientAddress(ctx: { request?: Request; headers?: Headers }): string | null {
  return ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
}

export function createAuth({ config, db, mailer, logger }: AuthDeps) {
  const log = logger ?? pino({ level: config.logLevel, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime });
  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "outbox") });
  const appUrl = config.appUrl;

  /**
   * Sends after the account is committed; a failure is logged, never thrown (the user can resend).
   * The log names the outbox file, never the link: a mailed link signs in or sets a password, and
   * logs travel further than DATA_DIR (aggregators, support tickets).
   */
  async function deliver(kind: string, message: Mail): Promise<void> {
    try {
      const sent = await mail.send(message);
      if (sent.via === "outbox") log.info({ file: sent.file }, `${kind} mail written to the outbox (no SMTP_URL)`);
      else log.info(`${kind} mail sent`);
    } catch (err) {
      log.error(
        { error: err instanceof Error ? err.message : String(err) },
        `${kind} mail could not be sent; the user can ask for it again`,
      );
    }
  }

  // OAuth / OpenID Connect sign-in (providers.server.ts): providers from the environment, linking by verified e-mail.
  const oauth = oauthOptionsFor(config);

  const sendVerification = (to: string, token: string) => {
    const link = `${appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
    return deliver("verification", verificationMail(to, link, appUrl));
  };

  type InternalAdapter = AuthContext["internalAdapter"];
  type Restart = { email: string; username: string; displayUsername: string; name: string; image: string | null };

  /**
   * Replaces an unverified account by a new one with no password (its id changes, so the
   * verification links mailed for the old one fail; its sessions and credentials go by cascade)
   * and mails a link to choose the password. Nothing happens if the account was verified meanwhile.
   */
  async function restartSignUp(adapter: InternalAdapter, oldId: number, fields: Restart): Promise<void> {
    if (!(await deleteUnverifiedUser(db, oldId))) return;
    await deleteResetTokens(db, oldId, null); // not tied to the row by a foreign key
    const created = await adapter.createUser({ ...fields, emailVerified: false }, { method: "email-password" });
    const token = randomBytes(24).toString("base64url");
    await adapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: String(created.id),
      expiresAt: new Date(Date.now() + VERIFICATION_EXPIRES_IN * 1000),
    });
    const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deliver("finish sign-up", finishSignUpMail(fields.email, link, appUrl));
  }

  const authLog = betterAuthLog(log);

  /**
   * The avatar URL an /update-user request is removing, from its before hook to its after hook (keyed
   * by the request's own context object, so it lives as long as the request and no longer).
   */
  const removedAvatars = new WeakMap<object, string>();

  const auth = betterAuth({
    appName: "Savepoint",
    baseURL: appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [appUrl],
    database: authDatabase(db),
    telemetry: { enabled: false },
    // Sign-in is by e-mail only; the username plugin's own sign-in stays off. So do endpoints no page
    // of ours uses: a password check without the sign-in throttling (a stolen session could guess the
    // password behind it), and the provider accounts' tokens and profiles (we never call providers'
    // APIs; a script in a signed-in page could take a provider's access token away), linking or unlinking.
    disabledPaths: [
      "/sign-in/username",
      "/verify-password",
      "/get-access-token",
      "/refresh-token",
      "/account-info",
      "/link-social",
      "/unlink-account",
    ],
    // Its lines are written by the status of the answer (auth-log.server.ts): a caller's mistake is no error.
    logger: authLog.logger,
    user: {
      // Better Auth's `image` is the spec's avatar_url.
      fields: { image: "avatarUrl" },
      additionalFields: {
        // Operators (privacy statistics). input: false — sign-up ignores it (default false) and
        // update-user refuses it; only `npm run user:admin` sets it.
        isAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    socialProviders: oauth.socialProviders,
    account: oauth.account,
    databaseHooks: {
      // An OAuth sign-up brings no username: one is generated from the e-mail.
      user: { create: { before: assignUsernameOnCreate(db) } },
    },
    session: {
      expiresIn: SESSION_MAX_AGE,
      updateAge: 24 * 60 * 60,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_EXPIRES_IN,
      async sendResetPassword({ user, token }) {
        await deleteResetTokens(db, user.id, token);
        const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await deliver("password reset", passwordResetMail(user.email, link, appUrl));
      },
      // Sign-up with the address of a verified account answers like a new sign-up (nothing revealed
      // to the caller) and tells the owner by mail, which also keeps the two paths' timing alike.
      // (An unverified account with that address has been replaced before this runs: see the hook.)
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) return;
        await deliver("existing account", existingAccountMail(user.email, `${appUrl}/forgot-password`, appUrl));
      },
      // Issuing a reset link voids the user's older ones; using one voids all, and lifts the
      // account-wide sign-in lock. The link came through the mailbox, so the address is proved: this
      // is how an account restarted by a repeated sign-up gets its password and its verification.
      async onPasswordReset({ user }) {
        await deleteResetTokens(db, user.id, null);
        await clearFailures(db, user.email, null);
        if (!user.emailVerified) await markEmailVerified(db, user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_IN,
      async sendVerificationEmail({ user, token }) {
        await sendVerification(user.email, token);
      },
    },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 21,
        usernameValidator: (u) => /^[A-Za-z0-9_]+$/.test(u),
      }),
      ...oauth.plugins,
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: FIFTEEN_MINUTES, max: 10 },
        "/sign-up/email": { window: FIFTEEN_MINUTES, max: 5 },
        "/request-password-reset": { window: FIFTEEN_MINUTES, max: 5 },
        "/send-verification-email": { window: FIFTEEN_MINUTES, max: 5 },
        "/reset-password": { window: FIFTEEN_MINUTES, max: 10 },
        "/change-password": { window: FIFTEEN_MINUTES, max: 10 },
        "/is-username-available": { window: 60, max: 60 },
        "/sign-in/social": { window: FIFTEEN_MINUTES, max: 20 },
        "/get-session": false,
      },
    },
    advanced: {
      cookiePrefix: "savepoint",
      useSecureCookies: appUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      database: { generateId: "serial" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Explicit: Better Auth skips the Origin check under NODE_ENV=test otherwise.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    onAPIError: {
      // An OAuth callback that cannot be tied to a sign-in attempt lands on /login?error=<code>.
      errorURL: `${appUrl}/login`,
      // Expected failures (4xx) are answers, not log lines; anything else is logged without request data.
      onError(error) {
        // Read the status, not the class: the request parser (better-call) throws its own APIError
        // for a wrong content type (415) or broken JSON (400), and those are the caller's mistakes too.
        const status = error instanceof APIError ? error.statusCode : (error as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === "number" && status < 500) return;
        log.error(
          { source: "better-auth", ...(error instanceof Error ? { err: error } : { error: String(error) }) },
          "auth request failed",
        );
      },
    },
    hooks: {
      // The spec's rules, enforced for every caller of the HTTP API (our pages go through it too).
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case "/sign-up/email": {
            const name = check(usernameField, body.username ?? "", "username");
            const email = check(emailField, body.email ?? "", "email");
            // Better Auth gets the address as the rules read it (trimmed, lower case): " A@b.c" is a@b.c,
            // not an "Invalid email" of its own words, nor a second account for one mailbox.
            body.email = email;
            // Whoever signs up for an address nobody has verified yet replaces that account: the
            // first password dies with it, its sessions and mailed links too (they carry its id).
            // Only the holder of the mailbox can ever verify, and then only their own sign-up.
            const password = check(newPasswordField, body.password ?? "", "password");
            // The sign-up form's two other rules hold for every caller of this endpoint, not only our
            // pages: the password typed twice, and the terms accepted.
            if (body.confirmPassword !== password) reject(PASSWORDS_DONT_MATCH, "confirmPassword");
            check(agreeToTermsField, body.agreeToTerms, "agreeToTerms");
            delete body.confirmPassword;
            const existing = await findAccountByEmail(db, email);
            const replacing = existing && !existing.emailVerified ? existing.id : null;
            const holder = await findUserIdByUsername(db, name);
            if (usernameRefused(name, holder, replacing)) reject(TAKEN_MESSAGE, "username");
            body.username = name;
            body.displayUsername = name;
            // The profile fields sign-up also accepts follow the profile rules.
            body.name = typeof body.name === "string" && body.name.trim() !== "" ? check(nameField, body.name, "name") : name;
            if (body.image !== undefined) body.image = check(avatarUrlField, body.image, "image");
            // An account that does not exist yet has uploaded nothing: any picture named would be someone else's.
            if (body.image !== undefined && body.image !== null) reject(AVATAR_NOT_YOURS_MESSAGE, "image");
            // This browser made the sign-up: the verification link signs the account in only here
            // (pending-sign-up.server.ts). Set for every accepted sign-up, whatever the address's state.
            const mark = ctx.context.createAuthCookie(PENDING_SIGN_UP, { maxAge: VERIFICATION_EXPIRES_IN });
            ctx.setCookie(mark.name, pendingSignUpValue(ctx.context.secret, email), mark.attributes);
            if (replacing === null) return;
            // Nobody has proved this address yet, so no password chosen before the proof may survive
            // it: neither the earlier sign-up's nor this one's. The account starts again without a
            // password and the mailbox gets a link to choose one.
            await ctx.context.password.hash(password); // the same work (and time) as a fresh sign-up
            await restartSignUp(ctx.context.internalAdapter, replacing, {
              email: email.trim().toLowerCase(),
              username: name.toLowerCase(),
              displayUsername: name,
              name: body.name as string,
              image: typeof body.image === "string" ? body.image : null,
            });
            return ctx.json(SIGN_UP_ANSWER);
          }
          case "/update-user": {
            const raw: unknown = ctx.body;
            if (raw === null || typeof raw !== "object" || Array.isArray(raw)) reject("Invalid request body", "form");
            const parsed = ProfileUpdate.safeParse(raw);
            if (!parsed.success) {
              const issue = parsed.error.issues[0];
              reject(issue?.message ?? "Invalid request body", typeof issue?.path[0] === "string" ? issue.path[0] : "form");
            }
            const update = parsed.data;
            if (update.displayUsername !== undefined) {
              const session = await getSessionFromCtx(ctx);
              const own = update.username ?? (session?.user as { username?: string | null } | undefined)?.username ?? null;
              if (own === null || update.displayUsername.toLowerCase() !== own) reject(DISPLAY_USERNAME_MESSAGE, "displayUsername");
            }
            if (update.username !== undefined) {
              // Someone else's name gets the form's words, not the username plugin's. Without a session
              // the answer is 401, and nothing is said about the name.
              const session = await getSessionFromCtx(ctx);
              if (!session) reject("Unauthorized", "form", "UNAUTHORIZED");
              const holder = await findUserIdByUsername(db, update.username);
              if (usernameRefused(update.username, holder, session.user.id)) reject(TAKEN_MESSAGE, "username");
              body.username = update.username;
              // The shown @handle follows the username: left as it was, two profiles could show one handle
              // (the old one, which someone else may take once it is free).
              body.displayUsername = update.displayUsername ?? update.username;
            }
            if (update.image !== undefined) {
              // The avatar may stay as it is or go; a new one comes only by uploading it (saveAvatar). Never
              // another member's picture (or a deleted member's), nor a name no file has.
              const session = await getSessionFromCtx(ctx);
              if (!session) reject("Unauthorized", "form", "UNAUTHORIZED");
              const current = await findAvatarUrl(db, Number(session.user.id));
              if (!avatarChangeAllowed(update.image, current)) reject(AVATAR_NOT_YOURS_MESSAGE, "image");
              body.image = update.image;
              if (update.image === null && current !== null) removedAvatars.set(ctx.context, current);
            }
            if (update.name !== undefined) body.name = update.name;
            return;
          }
          case "/is-username-available": {
            // The same answer as our own check (api.username-available): a reserved name is never available.
            const asked = typeof body.username === "string" ? body.username.trim().toLowerCase() : "";
            if (asked !== "" && usernameRefused(asked, null, null)) return ctx.json({ available: false });
            return;
          }
          case "/request-password-reset":
          case "/send-verification-email":
            // Mails are sent on behalf of our own pages only, never from another site's form.
            if (!ctx.request || !isTrustedOriginOf(ctx.request.headers, [new URL(appUrl).origin])) reject("Forbidden", "form", "FORBIDDEN");
            return;
          case "/reset-password":
          case "/set-password":
            check(newPasswordField, body.newPassword ?? "", "newPassword");
            return;
          case "/change-password":
            check(newPasswordField, body.newPassword ?? "", "newPassword");
            // A password change ends every other session.
            body.revokeOtherSessions = true;
            return;
          case "/sign-in/email": {
            // The login form's rules and words for every caller (Better Auth would say "Invalid email").
            const email = typeof body.email === "string" ? emailField.safeParse(body.email) : null;
            if (!email?.success) reject(LOGIN_EMAIL_MESSAGE, "email");
            if (typeof body.password !== "string" || body.password === "") reject(PASSWORD_REQUIRED_MESSAGE, "password");
            // The address as the rules read it (trimmed, lower case), for Better Auth and for the counts below.
            body.email = email.data;
            // Counted as a failure now, in the statement that checks the limit (see lockout.server.ts).
            const wait = await reserveAttempt(db, email.data, clientAddress(ctx));
            if (wait !== null) {
              const minutes = Math.max(1, Math.ceil(wait / 60));
              reject(
                `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"} or reset your password.`,
                "form",
                "TOO_MANY_REQUESTS",
              );
            }
            return;
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        // Better Auth's errors come in two classes (its own and its request parser's, better-call's): a
        // body of the wrong shape is refused by the latter, which `instanceof APIError` does not see.
        const failed = isAPIError(returned);
        if (ctx.path === "/get-session" || ctx.path === "/list-sessions") {
          // A session's token is its cookie's value: kept out of JSON, so a script that ever ran in a
          // page (an XSS) could not read it, as the HttpOnly cookie means (no page of ours needs it).
          if (failed || returned === null || typeof returned !== "object") return;
          return ctx.json(withoutSessionTokens(returned));
        }
        if (ctx.path === "/sign-up/email") {
          if (failed) return;
          return ctx.json(SIGN_UP_ANSWER);
        }
        if (ctx.path === "/update-user") {
          // A removed avatar's files go once the profile no longer shows it (a member keeps only their current one).
          const previous = removedAvatars.get(ctx.context);
          const userId = ctx.context.session?.user.id;
          if (failed || previous === undefined || !userId) return;
          await tidyAfterAvatarChange(Number(userId), previous);
          return;
        }
        if (ctx.path === "/change-password") {
          if (failed) return;
          // The session the change was made with (set by the endpoint's session check).
          const userId = ctx.context.session?.user.id;
          if (userId) await deleteResetTokens(db, userId, null);
          return returned !== null && typeof returned === "object" ? ctx.json(withoutToken(returned)) : undefined;
        }
        if (ctx.path !== "/sign-in/email") return;
        const email = (ctx.body as Record<string, unknown> | undefined)?.email;
        if (typeof email !== "string") return;
        if (failed) {
          // A wrong password keeps the count taken before the check; a refusal by the limit took none.
          if (returned.statusCode === 401 || (returned.body as { code?: unknown } | undefined)?.code === CODES.TOO_MANY_REQUESTS) return;
          await releaseAttempt(db, email, clientAddress(ctx));
          return;
        }
        if (returned === null || typeof returned !== "object" || !("user" in returned)) return;
        // Only a sign-in that happened (an answer with its user) clears the counts.
        await clearFailures(db, email, clientAddress(ctx));
        // Its answer carries the new session's token (the cookie's value): kept out, as above.
        return ctx.json(withoutToken(returned));
      }),
    },
  });
  const handler = auth.handler;
  auth.handler = (request: Request) => authLog.during(() => handler(request));
  return auth;
}

/** A sign-in's or password change's answer without the session token (the HttpOnly cookie's value). */
function withoutToken(returned: object): Record<string, unknown> {
  const { token: _token, ...rest } = returned as Record<string, unknown>;
  return rest;
}

/** get-session's { session, user } or list-sessions' array, each session without its token. */
export function withoutSessionTokens(returned: object): Record<string, unknown> {
  const strip = (s: unknown) => {
    if (s === null || typeof s !== "object") return s;
    const { token: _token, ...rest } = s as Record<string, unknown>;
    return rest;
  };
  // (ctx.json types its argument as an object; list-sessions answers an array.)
  if (Array.isArray(returned)) return returned.map(strip) as unknown as Record<string, unknown>;
  const body = returned as Record<string, unknown>;
  return "session" in body ? { ...body, session: strip(body.session) } : body;
}

export type Auth = ReturnType<typeof createAuth>;

const AUTH_KEY = Symbol.for("savepoint.auth");
type Cached = { auth: Auth; config: Config; db: AuthDatabase };
type WithAuth = typeof globalThis & { [AUTH_KEY]?: Cached };

/**
 * The process-wide instance, created on first use from getConfig() and the process database, and
 * kept on globalThis (the server build bundles its own copy of this module).
 * A new database or configuration (tests) gets a new instance.
 */
export function getAuth(): Auth {
  const g = globalThis as WithAuth;
  const config = getConfig();
  const db = processDatabase();
  const cached = g[AUTH_KEY];
  if (cached && cached.config === config && cached.db === db) return cached.auth;
  const auth = createAuth({ config, db });
  g[AUTH_KEY] = { auth, config, db };
  return auth;
}

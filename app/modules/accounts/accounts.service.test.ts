import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/database";
import { createGame, createRating, createUser } from "../../../tests/factories";
import {
  contextFor,
  cookieFrom,
  freshAccount,
  linkFromOutbox,
  nextIp,
  outboxMails,
  pageRequest,
  TEST_PASSWORD,
  useAuthConfig,
  verifiedAccount as verifiedAccountWith,
} from "../../../tests/support/auth";
import { optionalUser } from "~/auth/session.server";
import { createAuth, getAuth } from "~/auth/auth.server";
import { account, game, rating, session, user, verification } from "~/db/schema";
import type { Config } from "~/config.server";
import {
  checkResetToken,
  deleteAccount,
  isUsernameAvailable,
  MESSAGES,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from "./accounts.service.server";

const db = useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

const PASSWORD = TEST_PASSWORD;
const fresh = () => freshAccount();
const verifiedAccount = () => verifiedAccountWith(config);

describe("sign-up, verification, sign-in", () => {
  it("creates the account with its user row, mails a link to /auth/callback, verifies and signs in", async () => {
    const f = fresh();
    const ctx = contextFor(nextIp());
    const up = await signUp(pageRequest("/signup", { method: "POST" }), ctx, f);
    expect(up).toMatchObject({ ok: true, data: { email: f.email } });
    const [row] = await db.handle().db.select().from(user).where(eq(user.email, f.email));
    expect(row).toMatchObject({ username: f.username.toLowerCase(), emailVerified: false, followerCount: 0 });
    const accounts = await db.handle().db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, row!.id));
    expect(accounts).toEqual([{ providerId: "credential" }]);
    expect(up.ok && up.data.setCookies.some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);

    // Sign-in before verification is refused.
    const early = await signIn(pageRequest("/login", { method: "POST" }), ctx, { email: f.email, password: PASSWORD, rememberMe: false });
    expect(early).toMatchObject({ ok: false, status: 403, error: MESSAGES.emailNotVerified });

    const link = linkFromOutbox(config, f.email, "/auth/callback");
    expect(outboxMails(config, f.email)[0]).toContain("Savepoint");
    const mark = cookieFrom(up.ok ? up.data.setCookies : []);
    const verified = await verifyEmail(pageRequest(link.pathname + link.search, { cookie: mark }), ctx, link.searchParams.get("token"));
    expect(verified.ok).toBe(true);
    const [after] = await db.handle().db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, row!.id));
    expect(after!.emailVerified).toBe(true);
    // Verification signs the user in.
    const me = await optionalUser(pageRequest("/", { cookie: cookieFrom(verified.ok ? verified.data.setCookies : []) }));
    expect(me).toMatchObject({ id: row!.id, username: f.username.toLowerCase(), email: f.email });

    const ok = await signIn(pageRequest("/login", { method: "POST" }), ctx, { email: f.email, password: PASSWORD, rememberMe: true });
    expect(ok).toMatchObject({ ok: true, data: { userId: row!.id } });
  });

  it("refuses a wrong password with the same message as an unknown e-mail", async () => {
    const f = await verifiedAccount();
    const wrong = await signIn(pageRequest("/login", { method: "POST" }), f.ctx, {
      email: f.email,
      password: "Wr0ng!pass",
      rememberMe: false,
    });
    const unknown = await signIn(pageRequest("/login", { method: "POST" }), f.ctx, {
      email: "nobody@example.test",
      password: PASSWORD,
      rememberMe: false,
    });
    expect(wrong).toMatchObject({ ok: false, status: 401, error: "Invalid email or password" });
    expect(unknown).toMatchObject({ ok: false, status: 401, error: "Invalid email or password" });
  });

  it("rejects a taken username, and answers a taken e-mail without creating or revealing anything", async () => {
    const f = await verifiedAccount();
    const dupName = await signUp(pageRequest("/signup"), contextFor(nextIp()), { ...fresh(), username: f.username.toUpperCase() });
    expect(dupName).toMatchObject({ ok: false, status: 400, fieldErrors: { username: "This username is already taken" } });
    const dupEmail = await signUp(pageRequest("/signup"), contextFor(nextIp()), { ...fresh(), email: f.email.toUpperCase() });
    expect(dupEmail.ok).toBe(true);
    const rows = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, f.email));
    expect(rows).toHaveLength(1);
  });

  it("a wrong or expired verification token fails with the spec's texts", async () => {
    const ctx = contextFor(nextIp());
    expect(await verifyEmail(pageRequest("/auth/callback"), ctx, null)).toMatchObject({ ok: false, error: MESSAGES.verificationNoToken });
    expect(await verifyEmail(pageRequest("/auth/callback"), ctx, "not-a-token")).toMatchObject({
      ok: false,
      error: "Email verification failed",
    });
    const { createEmailVerificationToken } = await import("better-auth/api");
    const expired = await createEmailVerificationToken(config.authSecret, "someone@example.test", undefined, -10);
    expect(await verifyEmail(pageRequest("/auth/callback"), ctx, expired)).toMatchObject({
      ok: false,
      error: MESSAGES.verificationExpired,
    });
  });

  it("resends the verification mail", async () => {
    const f = fresh();
    const ctx = contextFor(nextIp());
    await signUp(pageRequest("/signup"), ctx, f);
    const r = await resendVerification(pageRequest("/signup"), ctx, f.email);
    expect(r).toMatchObject({ ok: true, data: { message: "Verification email resent! Please check your inbox." } });
    expect(outboxMails(config, f.email)).toHaveLength(2);
  });
});

describe("mail failures", () => {
  it("never lose the account: sign-up succeeds, the failure is logged, and a resend delivers the link", async () => {
    const failing = createAuth({
      config,
      db: db.handle().db,
      mailer: { send: () => Promise.reject(new Error("SMTP down")), close: () => undefined },
      logger: (await import("pino")).pino({ level: "silent" }),
    });
    const f = fresh();
    const res = await failing.handler(
      new Request("http://localhost:5199/api/auth/sign-up/email", {
        method: "POST",
        headers: { origin: "http://localhost:5199", "content-type": "application/json", "x-savepoint-client-ip": nextIp() },
        body: JSON.stringify({ name: f.username, ...f }),
      }),
    );
    expect(res.status).toBe(200);
    const rows = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, f.email));
    expect(rows).toHaveLength(1);
    expect(outboxMails(config, f.email)).toHaveLength(0);
    const again = await resendVerification(pageRequest("/signup"), contextFor(nextIp()), f.email);
    expect(again.ok).toBe(true);
    expect(linkFromOutbox(config, f.email, "/auth/callback").searchParams.get("token")).toBeTruthy();
  });
});

describe("rules enforced on the server, whoever calls", () => {
  const direct = (body: Record<string, unknown>, ip = nextIp()) =>
    getAuth().handler(
      new Request("http://localhost:5199/api/auth/sign-up/email", {
        method: "POST",
        headers: { origin: "http://localhost:5199", "content-type": "application/json", "x-savepoint-client-ip": ip },
        body: JSON.stringify(body),
      }),
    );

  it.each([
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "a".repeat(22) }, "Username must be 21 characters or less"],
    [{ username: "bad-name!" }, "Username can only contain letters, numbers, and underscores"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ password: "Sh0rt!" }, "Password must be at least 8 characters"],
    [{ password: "lower0!case" }, "Password must contain at least one uppercase letter"],
    [{ password: "UPPER0!CASE" }, "Password must contain at least one lowercase letter"],
    [{ password: "NoDigits!here" }, "Password must contain at least one number"],
    [{ password: "NoSpecial0here" }, "Password must contain at least one special character"],
    [{ confirmPassword: "Other0!pass" }, "Passwords don't match"],
    [{ confirmPassword: undefined }, "Passwords don't match"],
    [{ agreeToTerms: undefined }, "You must agree to the terms and conditions"],
    [{ agreeToTerms: false }, "You must agree to the terms and conditions"],
    [{ agreeToTerms: "yes" }, "You must agree to the terms and conditions"],
  ])("POST /api/auth/sign-up/email %j → %s", async (override, message) => {
    const f = { name: "x", ...fresh(), ...override };
    const res = await direct(f);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, f.email))).toEqual([]);
  });

  it("takes the terms box and the confirmation as a plain form posts them (no JavaScript)", async () => {
    const f = fresh();
    const res = await getAuth().handler(
      new Request("http://localhost:5199/api/auth/sign-up/email", {
        method: "POST",
        headers: {
          origin: "http://localhost:5199",
          "content-type": "application/x-www-form-urlencoded",
          "x-savepoint-client-ip": nextIp(),
        },
        body: new URLSearchParams({ ...f, name: f.username, agreeToTerms: "on" }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, f.email))).toHaveLength(1);
  });

  it("stores the username lowercase", async () => {
    const base = fresh();
    const f = { ...base, username: base.username.replace(/^Player_/, "MiXeD_") };
    const res = await direct({ name: "x", ...f });
    expect(res.status).toBe(200);
    const [row] = await db.handle().db.select({ username: user.username }).from(user).where(eq(user.email, f.email));
    expect(row!.username).toBe(f.username.toLowerCase());
  });

  it("rejects a cross-site POST (Origin not trusted)", async () => {
    const res = await getAuth().handler(
      new Request("http://localhost:5199/api/auth/sign-in/email", {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json", cookie: "x=1" },
        body: JSON.stringify({ email: "a@example.test", password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(403);
  });

  it("checks username availability (lowercase, at least 3 characters)", async () => {
    const u = await createUser({ username: `taken_${process.pid % 1000}` });
    const taken = { available: false, reason: "taken", message: "This username is already taken" };
    expect(await isUsernameAvailable(u.username!.toUpperCase())).toEqual(taken);
    expect(await isUsernameAvailable("ab")).toEqual({
      available: false,
      reason: "invalid",
      message: "Username must be at least 3 characters",
    });
    expect(await isUsernameAvailable(`free_${process.pid % 1000}_x`)).toEqual({ available: true });
  });

  it("two sign-ups for one name at the same moment: one account, the other hears the name is taken", async () => {
    const name = `race_${process.pid % 1000}_${Date.now() % 10_000}`;
    const [a, b] = [fresh(), fresh()];
    const results = await Promise.all([
      signUp(pageRequest("/signup"), contextFor(nextIp()), { ...a, username: name }),
      signUp(pageRequest("/signup"), contextFor(nextIp()), { ...b, username: name }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { username: "This username is already taken" },
    });
    expect(await db.handle().db.select({ id: user.id }).from(user).where(eq(user.username, name))).toHaveLength(1);
  });

  it("answers a reserved name as taken, and refuses it at sign-up whoever calls", async () => {
    const taken = { available: false, reason: "taken", message: "This username is already taken" };
    expect(await isUsernameAvailable("Admin")).toEqual(taken);
    expect(await isUsernameAvailable("savepoint")).toEqual(taken);
    const account = fresh();
    const r = await signUp(pageRequest("/signup"), contextFor(nextIp()), { ...account, username: "Support" });
    expect(r).toMatchObject({ ok: false, status: 400, fieldErrors: { username: "This username is already taken" } });
    expect(await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, account.email))).toHaveLength(0);
  });

  it("answers a badly formatted name with the username rule it breaks, not as taken", async () => {
    const invalid = (message: string) => ({ available: false, reason: "invalid", message });
    expect(await isUsernameAvailable("john-doe")).toEqual(invalid("Username can only contain letters, numbers, and underscores"));
    expect(await isUsernameAvailable("a".repeat(22))).toEqual(invalid("Username must be 21 characters or less"));
    expect(await isUsernameAvailable("x".repeat(10_000))).toEqual(invalid("Username must be 21 characters or less"));
    // 21 characters is within the rule.
    expect(await isUsernameAvailable(`f${process.pid % 1000}`.padEnd(21, "_"))).toEqual({ available: true });
  });
});

describe("password reset", () => {
  it("sends the same answer for known and unknown e-mails, and resets once", async () => {
    const f = await verifiedAccount();
    const known = await requestPasswordReset(pageRequest("/forgot-password"), f.ctx, f.email);
    const unknown = await requestPasswordReset(pageRequest("/forgot-password"), f.ctx, "nobody@example.test");
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ ok: true, data: { message: "Password reset email sent! Check your inbox for instructions." } });

    const link = linkFromOutbox(config, f.email, "/reset-password");
    const token = link.searchParams.get("token")!;
    expect(await checkResetToken(token)).toEqual({ valid: true });

    const weak = await resetPassword(pageRequest("/reset-password"), f.ctx, token, "weakpass");
    expect(weak).toMatchObject({ ok: false, error: "Password must contain at least one uppercase letter" });

    const NEW = "N3w!password";
    expect(await resetPassword(pageRequest("/reset-password"), f.ctx, token, NEW)).toMatchObject({ ok: true });
    // The used token is gone.
    expect(await checkResetToken(token)).toEqual({ valid: false, error: MESSAGES.resetLinkMissing });
    expect(await resetPassword(pageRequest("/reset-password"), f.ctx, token, "An0ther!pass")).toMatchObject({
      ok: false,
      error: MESSAGES.resetSessionExpired,
    });
    expect(await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: PASSWORD, rememberMe: false })).toMatchObject({
      status: 401,
    });
    expect(await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: NEW, rememberMe: false })).toMatchObject({ ok: true });
  });

  it("reports an expired link", async () => {
    const f = await verifiedAccount();
    await requestPasswordReset(pageRequest("/forgot-password"), f.ctx, f.email);
    const token = linkFromOutbox(config, f.email, "/reset-password").searchParams.get("token")!;
    await db
      .handle()
      .db.update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(await checkResetToken(token)).toEqual({ valid: false, error: MESSAGES.resetLinkExpired });
    expect(await resetPassword(pageRequest("/reset-password"), f.ctx, token, "N3w!password")).toMatchObject({
      ok: false,
      error: MESSAGES.resetSessionExpired,
    });
    expect(await checkResetToken(null)).toEqual({ valid: false, error: MESSAGES.resetLinkMissing });
  });
});

describe("rate limits", () => {
  it("answers 429 with a clear message after 5 sign-ups from one address in 15 minutes", async () => {
    const ctx = contextFor(nextIp());
    for (let i = 0; i < 5; i++) expect((await signUp(pageRequest("/signup"), ctx, fresh())).ok).toBe(true);
    const sixth = await signUp(pageRequest("/signup"), ctx, fresh());
    expect(sixth).toMatchObject({ ok: false, status: 429 });
    expect(!sixth.ok && sixth.error).toMatch(/^Too many attempts\. Please wait 1[45] minutes and try again\.$/);
    // Another address is not affected.
    expect((await signUp(pageRequest("/signup"), contextFor(nextIp()), fresh())).ok).toBe(true);
  });

  // Per-account sign-in throttling (strangers throttle themselves, not the owner): account-security.test.ts.
});

describe("sessions", () => {
  it("sets HttpOnly SameSite=Lax cookies: a browser-session cookie without rememberMe, 30 days with it", async () => {
    const f = await verifiedAccount();
    const short = await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: PASSWORD, rememberMe: false });
    const long = await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: PASSWORD, rememberMe: true });
    const tokenCookie = (cookies: string[]) => cookies.find((c) => c.startsWith("savepoint.session_token="))!;
    expect(short.ok && long.ok).toBe(true);
    const s = tokenCookie(short.ok ? short.data.setCookies : []);
    const l = tokenCookie(long.ok ? long.data.setCookies : []);
    for (const c of [s, l]) {
      expect(c).toMatch(/; HttpOnly/i);
      expect(c).toMatch(/; SameSite=Lax/i);
      expect(c).not.toMatch(/; Secure/i);
    }
    expect(s).not.toMatch(/Max-Age|Expires/i);
    expect(l).toMatch(/Max-Age=2592000/);
  });

  it("sign-out ends the session on the server", async () => {
    const f = await verifiedAccount();
    const r = await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: PASSWORD, rememberMe: true });
    const cookie = cookieFrom(r.ok ? r.data.setCookies : []);
    expect(await optionalUser(pageRequest("/", { cookie }))).not.toBeNull();
    const out = await signOut(pageRequest("/logout", { cookie }), f.ctx);
    expect(out.setCookies.some((c) => c.startsWith("savepoint.session_token=;") || /session_token=.*Max-Age=0/.test(c))).toBe(true);
    // The old cookie no longer works.
    expect(await optionalUser(pageRequest("/", { cookie }))).toBeNull();
  });
});

describe("account deletion", () => {
  it("needs the typed confirmation, then removes the user, their rows and the session", async () => {
    const f = await verifiedAccount();
    const r = await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: PASSWORD, rememberMe: true });
    const cookie = cookieFrom(r.ok ? r.data.setCookies : []);
    const me = (await optionalUser(pageRequest("/", { cookie })))!;
    const g = await createGame();
    await createRating({ userId: me.id, gameId: g.id, rating: 8 });

    expect(await deleteAccount(pageRequest("/account/delete", { cookie }), f.ctx, me.id, "delete")).toMatchObject({
      ok: false,
      fieldErrors: { confirmation: "Type DELETE to confirm." },
    });
    const done = await deleteAccount(pageRequest("/account/delete", { cookie }), f.ctx, me.id, "DELETE");
    expect(done.ok).toBe(true);
    const d = db.handle().db;
    expect(await d.select({ id: user.id }).from(user).where(eq(user.id, me.id))).toEqual([]);
    expect(await d.select({ id: rating.id }).from(rating).where(eq(rating.userId, me.id))).toEqual([]);
    expect(await d.select({ id: session.id }).from(session).where(eq(session.userId, me.id))).toEqual([]);
    expect(await d.select({ id: account.id }).from(account).where(eq(account.userId, me.id))).toEqual([]);
    const [stats] = await d.select({ count: game.ratingCount, sum: game.ratingSum }).from(game).where(eq(game.id, g.id));
    expect(stats).toEqual({ count: 0, sum: 0 });
    expect(await optionalUser(pageRequest("/", { cookie }))).toBeNull();
  });
});

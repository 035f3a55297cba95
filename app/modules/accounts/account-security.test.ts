import { createHmac } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createActor } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import {
  APP_URL,
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
import { pino } from "pino";
import { CLIENT_IP_HEADER, createAuth, getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { ACCOUNT_MAX, CLIENT_MAX, recordFailure } from "~/auth/lockout.server";
import { account, session, user, userFollow, verification } from "~/db/schema";
import { setFollow } from "~/modules/social/follow.service.server";
import type { Config } from "~/config.server";
import { checkResetToken, MESSAGES, requestPasswordReset, resetPassword, signIn, signUp, verifyEmail } from "./accounts.service.server";

/** What an attacker tried against accounts: each rule holds for every caller of the HTTP API. */

const db = useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

const verifiedAccount = () => verifiedAccountWith(config);

function api(
  path: string,
  init: { body?: unknown; raw?: string; ip?: string; cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const headers = new Headers({ "content-type": "application/json", [CLIENT_IP_HEADER]: init.ip ?? nextIp(), ...init.headers });
  if (init.origin !== null) headers.set("origin", init.origin ?? APP_URL);
  if (init.cookie) headers.set("cookie", init.cookie);
  return getAuth().handler(
    new Request(`${APP_URL}/api/auth${path}`, { method: "POST", headers, body: init.raw ?? JSON.stringify(init.body ?? {}) }),
  );
}

/** Every /auth/callback token mailed to an address, oldest first. */
function verificationTokens(to: string): string[] {
  return outboxMails(config, to).flatMap((m) => {
    const match = /\/auth\/callback\?token=([^\s"<>&]+)/.exec(m);
    return match ? [decodeURIComponent(match[1]!)] : [];
  });
}

/** A user's stored following count and the follow rows behind it. */
const followCounts = async (userId: number) => {
  const [row] = await db.handle().db.select({ n: user.followingCount }).from(user).where(eq(user.id, userId));
  const rows = await db.handle().db.select({ id: userFollow.followingId }).from(userFollow).where(eq(userFollow.followerId, userId));
  return { following: row?.n, rows: rows.length };
};

const userByEmail = async (email: string) => {
  const rows = await db
    .handle()
    .db.select({ id: user.id, username: user.username, displayUsername: user.displayUsername, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email));
  return rows;
};

describe("sign-up for an address nobody has verified", () => {
  const VICTIM_NEW = "V1ctim!own-pass";
  const attempt = (email: string, password: string) =>
    signIn(pageRequest("/login"), contextFor(nextIp()), { email, password, rememberMe: false });
  const credentialRows = (userId: number) =>
    db
      .handle()
      .db.select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  const sessionRows = (userId: number) => db.handle().db.select({ id: session.id }).from(session).where(eq(session.userId, userId));

  /** A session of an account, however it was obtained: it must not survive the restart. */
  async function sessionCookieOf(userId: number): Promise<string> {
    const ctx = await getAuth().$context;
    const s = await ctx.internalAdapter.createSession(String(userId));
    // Signed as Better Auth signs it (HMAC-SHA256 with the secret): an unsigned token is never a session,
    // so a check that it no longer works would pass whatever happened to the session.
    const signature = createHmac("sha256", ctx.secret).update(s.token).digest("base64");
    const cookie = `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${s.token}.${signature}`)}`;
    expect(await optionalUser(pageRequest("/", { cookie }))).toMatchObject({ id: userId });
    return cookie;
  }

  /** The mailbox owner uses the newest mail (the set-password link) and ends up signed in. */
  async function finishFromNewestMail(email: string) {
    const link = linkFromOutbox(config, email, "/reset-password").searchParams.get("token")!;
    expect(await checkResetToken(link)).toEqual({ valid: true });
    const done = await resetPassword(pageRequest("/reset-password"), contextFor(nextIp()), link, VICTIM_NEW);
    expect(done.ok).toBe(true);
    const cookies = done.ok ? done.data.setCookies : [];
    expect(cookies.length).toBeGreaterThan(0);
    return optionalUser(pageRequest("/", { cookie: cookieFrom(cookies) }));
  }

  it("attacker first, then the victim: no chosen password survives; the mailbox owner sets theirs and gets in", async () => {
    const victim = freshAccount("Victim");
    const attacker = { ...freshAccount("Attacker"), email: victim.email, password: "Att4cker!pass", confirmPassword: "Att4cker!pass" };

    expect((await signUp(pageRequest("/signup"), contextFor(nextIp()), attacker)).ok).toBe(true);
    const [attackerRow] = await userByEmail(victim.email);
    const attackerCookie = await sessionCookieOf(attackerRow!.id);

    // The victim signs up: the ordinary answer; the account starts again with no password at all.
    const second = await signUp(pageRequest("/signup"), contextFor(nextIp()), victim);
    expect(second).toMatchObject({ ok: true, data: { email: victim.email } });
    const rows = await userByEmail(victim.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: victim.username.toLowerCase(), emailVerified: false });
    expect(rows[0]!.id).not.toBe(attackerRow!.id);
    expect(await credentialRows(rows[0]!.id)).toEqual([]);
    expect(await sessionRows(attackerRow!.id)).toEqual([]);
    expect(await attempt(victim.email, attacker.password)).toMatchObject({ ok: false, status: 401 });

    // The verification link of the attacker's sign-up is void.
    const [attackerToken] = verificationTokens(victim.email);
    expect(await verifyEmail(pageRequest("/auth/callback"), contextFor(nextIp()), attackerToken!)).toMatchObject({
      ok: false,
      error: MESSAGES.verificationFailed,
    });

    // The newest mail lets the mailbox owner choose the password; that verifies and signs in.
    const me = await finishFromNewestMail(victim.email);
    expect(me).toMatchObject({ id: rows[0]!.id, email: victim.email });
    expect(await userByEmail(victim.email)).toEqual([expect.objectContaining({ id: rows[0]!.id, emailVerified: true })]);
    expect(await attempt(victim.email, attacker.password)).toMatchObject({ ok: false, status: 401 });
    expect(await optionalUser(pageRequest("/", { cookie: attackerCookie }))).toBeNull();
    expect(await attempt(victim.email, VICTIM_NEW)).toMatchObject({ ok: true, data: { userId: rows[0]!.id } });

    // The account is verified now: a later sign-up leaves it alone.
    expect((await signUp(pageRequest("/signup"), contextFor(nextIp()), { ...attacker, username: freshAccount("Again").username })).ok).toBe(
      true,
    );
    expect(await attempt(victim.email, VICTIM_NEW)).toMatchObject({ ok: true, data: { userId: rows[0]!.id } });
    expect(await attempt(victim.email, attacker.password)).toMatchObject({ ok: false, status: 401 });
  });

  it("victim first, then the attacker: the attacker's password never works once the victim verifies", async () => {
    const victim = freshAccount("Victim");
    const attacker = { ...freshAccount("Attacker"), email: victim.email, password: "Att4cker!pass", confirmPassword: "Att4cker!pass" };

    expect((await signUp(pageRequest("/signup"), contextFor(nextIp()), victim)).ok).toBe(true);
    const [victimRow] = await userByEmail(victim.email);
    const victimCookie = await sessionCookieOf(victimRow!.id);
    expect((await signUp(pageRequest("/signup"), contextFor(nextIp()), attacker)).ok).toBe(true);

    const rows = await userByEmail(victim.email);
    expect(rows).toHaveLength(1);
    expect(await credentialRows(rows[0]!.id)).toEqual([]);
    expect(await optionalUser(pageRequest("/", { cookie: victimCookie }))).toBeNull();

    // The victim's own (older) verification link no longer verifies anything.
    const [victimToken] = verificationTokens(victim.email);
    expect(await verifyEmail(pageRequest("/auth/callback"), contextFor(nextIp()), victimToken!)).toMatchObject({ ok: false });
    expect(await userByEmail(victim.email)).toEqual([expect.objectContaining({ emailVerified: false })]);

    // The victim clicks the newest mail: a password only they know, verified, signed in.
    const me = await finishFromNewestMail(victim.email);
    expect(me).toMatchObject({ id: rows[0]!.id, email: victim.email });
    expect(await userByEmail(victim.email)).toEqual([expect.objectContaining({ id: rows[0]!.id, emailVerified: true })]);
    expect(await attempt(victim.email, attacker.password)).toMatchObject({ ok: false, status: 401 });
    expect(await attempt(victim.email, TEST_PASSWORD)).toMatchObject({ ok: false, status: 401 });
    expect(await attempt(victim.email, VICTIM_NEW)).toMatchObject({ ok: true, data: { userId: rows[0]!.id } });
  });

  it("signing up again voids the earlier set-password link", async () => {
    const victim = freshAccount("Victim");
    const attacker = { ...freshAccount("Attacker"), email: victim.email, password: "Att4cker!pass", confirmPassword: "Att4cker!pass" };
    await signUp(pageRequest("/signup"), contextFor(nextIp()), victim);
    await signUp(pageRequest("/signup"), contextFor(nextIp()), attacker);
    // Without the mailbox the attacker can only start over again, which voids the earlier link.
    const first = linkFromOutbox(config, victim.email, "/reset-password").searchParams.get("token")!;
    await signUp(pageRequest("/signup"), contextFor(nextIp()), { ...attacker, username: freshAccount("Again").username });
    expect(await checkResetToken(first)).toMatchObject({ valid: false });
    expect(await attempt(victim.email, attacker.password)).toMatchObject({ ok: false, status: 401 });
  });

  it("the replaced account's followers lose it from their following count (the counter never drifts)", async () => {
    const pending = freshAccount("Pending");
    await signUp(pageRequest("/signup"), contextFor(nextIp()), pending);
    const [ghost] = await userByEmail(pending.email);
    // An unverified account cannot be followed (docs/decisions/025)...
    const fan = await createActor();
    expect(await setFollow(fan, ghost!.id, "follow")).toMatchObject({ ok: false, status: 404 });
    // ...but a follow made before that rule may still be there.
    await db.handle().db.insert(userFollow).values({ followerId: fan.id, followingId: ghost!.id });
    await db.handle().db.update(user).set({ followingCount: 1 }).where(eq(user.id, fan.id));
    expect(await followCounts(fan.id)).toEqual({ following: 1, rows: 1 });

    // Someone signs up with the address again: the unverified account is replaced (its follows go by cascade).
    await signUp(pageRequest("/signup"), contextFor(nextIp()), { ...pending, username: freshAccount("Again").username });
    expect((await userByEmail(pending.email))[0]!.id).not.toBe(ghost!.id);
    expect(await followCounts(fan.id)).toEqual({ following: 0, rows: 0 });
  });

  it("never replaces a verified account: the owner's password stays and the owner is told by mail", async () => {
    const owner = await verifiedAccount();
    const before = outboxMails(config, owner.email).length;
    const r = await signUp(pageRequest("/signup"), contextFor(nextIp()), {
      ...freshAccount("Other"),
      email: owner.email,
      password: "0Ther!pass",
      confirmPassword: "0Ther!pass",
    });
    expect(r.ok).toBe(true);
    expect(await userByEmail(owner.email)).toEqual([
      expect.objectContaining({ username: owner.username.toLowerCase(), emailVerified: true }),
    ]);
    const mails = outboxMails(config, owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain("already has one");
    expect(
      await signIn(pageRequest("/login"), owner.ctx, { email: owner.email, password: TEST_PASSWORD, rememberMe: false }),
    ).toMatchObject({ ok: true });
  });
});

describe("sign-up answers", () => {
  it("are the same for a new address, an unverified one and a verified one (no id, no count)", async () => {
    const owner = await verifiedAccount();
    const pending = freshAccount("Pending");
    expect((await api("/sign-up/email", { body: { name: pending.username, ...pending } })).status).toBe(200);

    const answers = [];
    for (const email of [freshAccount("New").email, pending.email, owner.email]) {
      const f = { ...freshAccount("Probe"), email };
      const res = await api("/sign-up/email", { body: { name: f.username, ...f } });
      // Cookie names only: the one cookie is this browser's sign-up mark, an HMAC of the address typed.
      const cookies = res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("=")));
      answers.push({ status: res.status, body: await res.text(), cookies });
    }
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ status: true }), cookies: ["savepoint.pending_sign_up"] });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("take an address with spaces around it or capitals as the address itself, at sign-up and sign-in", async () => {
    const f = freshAccount("Spaced");
    const res = await api("/sign-up/email", { body: { name: f.username, ...f, email: `  ${f.email.toUpperCase()}\t` } });
    expect({ status: res.status, body: await res.text() }).toEqual({ status: 200, body: JSON.stringify({ status: true }) });
    expect(await userByEmail(f.email)).toHaveLength(1);
    // The same address typed another way is the same account: no second one.
    expect((await api("/sign-up/email", { body: { name: f.username, ...freshAccount("Spaced2"), email: ` ${f.email} ` } })).status).toBe(
      200,
    );
    expect(await userByEmail(f.email)).toHaveLength(1);
    const owner = await verifiedAccount();
    const signIn = await api("/sign-in/email", { body: { email: ` ${owner.email.toUpperCase()} `, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(200);
  });
});

describe("password reset links", () => {
  const resetRows = (userId: number) =>
    db
      .handle()
      .db.select({ id: verification.id })
      .from(verification)
      .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, String(userId))));

  it("a new link voids the older ones, and using a link voids every other", async () => {
    const f = await verifiedAccount();
    const me = (await optionalUser(pageRequest("/", { cookie: f.cookie })))!;
    await requestPasswordReset(pageRequest("/forgot-password"), f.ctx, f.email);
    const link1 = linkFromOutbox(config, f.email, "/reset-password").searchParams.get("token")!;
    await requestPasswordReset(pageRequest("/forgot-password"), f.ctx, f.email);
    const link2 = linkFromOutbox(config, f.email, "/reset-password").searchParams.get("token")!;
    expect(link2).not.toBe(link1);
    expect(await checkResetToken(link1)).toEqual({ valid: false, error: MESSAGES.resetLinkMissing });
    expect(await checkResetToken(link2)).toEqual({ valid: true });

    expect(await resetPassword(pageRequest("/reset-password"), f.ctx, link2, "N3w!password")).toMatchObject({ ok: true });
    expect(await resetPassword(pageRequest("/reset-password"), f.ctx, link1, "Ev1l!password")).toMatchObject({
      ok: false,
      error: MESSAGES.resetSessionExpired,
    });
    expect(await resetRows(me.id)).toEqual([]);
    expect(await signIn(pageRequest("/login"), f.ctx, { email: f.email, password: "N3w!password", rememberMe: false })).toMatchObject({
      ok: true,
    });
  });

  it("mailed links reach the outbox but never the log (a link there signs in or sets a password)", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const auth = createAuth({ config, db: getDb(), logger });
    const post = (path: string, body: unknown) =>
      auth.handler(
        new Request(`${APP_URL}/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: APP_URL, [CLIENT_IP_HEADER]: nextIp() },
          body: JSON.stringify(body),
        }),
      );
    const f = freshAccount();
    expect((await post("/sign-up/email", { ...f, name: f.username })).status).toBe(200);
    expect((await post("/sign-up/email", { ...f, name: f.username })).status).toBe(200); // restarts it: a set-password link
    const token = linkFromOutbox(config, f.email, "/reset-password").searchParams.get("token")!;
    expect((await post("/reset-password", { token, newPassword: "N3w!password" })).status).toBe(200);
    expect((await post("/request-password-reset", { email: f.email })).status).toBe(200);
    const other = freshAccount();
    // Verified now: a sign-up with the address tells the owner (a link to /forgot-password, no token).
    expect((await post("/sign-up/email", { ...other, email: f.email, name: other.username })).status).toBe(200);

    const mails = outboxMails(config, f.email);
    expect(mails).toHaveLength(4);
    const tokens = mails.flatMap((m) => [...m.matchAll(/token=([A-Za-z0-9._~%-]+)/g)].map((t) => t[1]!));
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const outboxLines = lines.filter((l) => l.includes("written to the outbox"));
    expect(outboxLines).toHaveLength(4);
    for (const t of tokens) expect(lines.join("\n")).not.toContain(t);
    expect(lines.join("\n")).not.toContain("token=");
  });

  it("/api/auth/request-password-reset refuses another site's Origin (and a cross-site fetch without one)", async () => {
    const f = await verifiedAccount();
    const before = outboxMails(config, f.email).length;
    expect((await api("/request-password-reset", { body: { email: f.email }, origin: "https://evil.example" })).status).toBe(403);
    expect(
      (await api("/request-password-reset", { body: { email: f.email }, origin: null, headers: { "sec-fetch-site": "cross-site" } }))
        .status,
    ).toBe(403);
    expect((await api("/send-verification-email", { body: { email: f.email }, origin: "https://evil.example" })).status).toBe(403);
    expect(outboxMails(config, f.email)).toHaveLength(before);
    expect((await api("/request-password-reset", { body: { email: f.email } })).status).toBe(200);
    expect(outboxMails(config, f.email)).toHaveLength(before + 1);
  });
});

describe("sign-in throttling", () => {
  const attempt = (email: string, password: string, ip: string) =>
    signIn(pageRequest("/login"), contextFor(ip), { email, password, rememberMe: false });

  it("a stranger's wrong passwords throttle the stranger, not the owner", async () => {
    const f = await verifiedAccount();
    const stranger = nextIp();
    for (let i = 0; i < 6; i++) await attempt(f.email, "Wr0ng!pass", stranger);
    const blocked = await attempt(f.email, "Wr0ng!pass", stranger);
    expect(blocked).toMatchObject({ ok: false, status: 429 });
    expect(!blocked.ok && blocked.error).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes/);
    // Even the right password is refused to that client while it is throttled.
    expect(await attempt(f.email, TEST_PASSWORD, stranger)).toMatchObject({ ok: false, status: 429 });

    // The owner, from their own device, gets in.
    expect(await attempt(f.email, TEST_PASSWORD, nextIp())).toMatchObject({ ok: true });
    // And the stranger is still throttled afterwards.
    expect(await attempt(f.email, "Wr0ng!pass", stranger)).toMatchObject({ ok: false, status: 429 });
  });

  it("attempts sent all at once get no more password checks than the limits allow", async () => {
    const f = await verifiedAccount();
    const statuses = async (ips: string[]) =>
      (await Promise.all(ips.map((ip, i) => attempt(f.email, `Wr0ng!pass${i}`, ip)))).map((r) => (r.ok ? 200 : r.status));
    // One client: CLIENT_MAX wrong passwords are checked, the rest are refused unchecked.
    const one = nextIp();
    const fromOne = await statuses(Array.from({ length: CLIENT_MAX + 3 }, () => one));
    expect(fromOne.filter((s) => s === 401)).toHaveLength(CLIENT_MAX);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(3);
    // Many clients at once: the account-wide limit holds as well.
    const fromMany = await statuses(Array.from({ length: ACCOUNT_MAX + 10 }, () => nextIp()));
    expect(fromMany.filter((s) => s === 401)).toHaveLength(ACCOUNT_MAX - CLIENT_MAX);
    expect(fromMany.filter((s) => s === 429)).toHaveLength(CLIENT_MAX + 10);
    expect(await attempt(f.email, TEST_PASSWORD, nextIp())).toMatchObject({ ok: false, status: 429 });
  });

  it("an attempt that ends without a wrong password gives its count back", async () => {
    const f = await verifiedAccount();
    const ip = nextIp();
    for (let i = 0; i < CLIENT_MAX - 1; i++) await attempt(f.email, "Wr0ng!pass", ip);
    // The right password clears this client's count; so the next CLIENT_MAX - 1 wrong ones are allowed again.
    expect(await attempt(f.email, TEST_PASSWORD, ip)).toMatchObject({ ok: true });
    for (let i = 0; i < CLIENT_MAX - 1; i++) expect(await attempt(f.email, "Wr0ng!pass", ip)).toMatchObject({ status: 401 });
    // An unverified account's right password (403) is no failure: it leaves the count where it was.
    const g = freshAccount();
    expect((await signUp(pageRequest("/signup"), contextFor(nextIp()), g)).ok).toBe(true);
    const other = nextIp();
    for (let i = 0; i < CLIENT_MAX + 2; i++) expect(await attempt(g.email, g.password, other)).toMatchObject({ ok: false, status: 403 });
  });

  it("a request Better Auth refuses as malformed never clears the count (no reset between guesses)", async () => {
    const f = await verifiedAccount();
    const ip = nextIp();
    const guess = (i: number) => api("/sign-in/email", { body: { email: f.email, password: `Wr0ng!pass${i}` }, ip });
    // A field of the wrong type passes our checks and is refused by Better Auth's own body validation (400).
    const malformed = () => api("/sign-in/email", { body: { email: f.email, password: "Wr0ng!pass", rememberMe: "zzz" }, ip });
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_MAX - 1; i++) statuses.push((await guess(i)).status);
    expect((await malformed()).status).toBe(400);
    for (let i = 0; i < 3; i++) statuses.push((await guess(100 + i)).status);
    // CLIENT_MAX wrong passwords were checked in all; the rest were refused, the malformed request in between or not.
    expect(statuses.filter((s) => s === 401)).toHaveLength(CLIENT_MAX);
    expect(statuses.slice(CLIENT_MAX)).toEqual([429, 429]);
  });

  it("a distributed attack locks the account for everyone until a password reset lifts it", async () => {
    const f = await verifiedAccount();
    for (let i = 0; i < ACCOUNT_MAX; i++) await recordFailure(db.handle().db, f.email, nextIp());
    expect(await attempt(f.email, TEST_PASSWORD, nextIp())).toMatchObject({ ok: false, status: 429 });
    await requestPasswordReset(pageRequest("/forgot-password"), f.ctx, f.email);
    const token = linkFromOutbox(config, f.email, "/reset-password").searchParams.get("token")!;
    expect(await resetPassword(pageRequest("/reset-password"), f.ctx, token, "N3w!password")).toMatchObject({ ok: true });
    expect(await attempt(f.email, "N3w!password", nextIp())).toMatchObject({ ok: true });
  });
});

describe("/api/auth/sign-in/email", () => {
  const messageOf = async (res: Response) => ((await res.json()) as { message?: string }).message;

  it.each([
    ["a malformed address", { email: "not-an-email", password: TEST_PASSWORD }, "Please enter a valid email address"],
    ["no address", { password: TEST_PASSWORD }, "Please enter a valid email address"],
    ["an address that is not text", { email: ["a@example.test"], password: TEST_PASSWORD }, "Please enter a valid email address"],
    ["no password", { email: "someone@example.test" }, "Password is required"],
    ["an empty password", { email: "someone@example.test", password: "" }, "Password is required"],
  ])("refuses %s with 400 and the login form's words", async (_label, body, message) => {
    const res = await api("/sign-in/email", { body });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
  });
});

describe("/api/auth/update-user", () => {
  const update = (cookie: string, body: unknown, raw?: string) => api("/update-user", { cookie, body, raw });
  const messageOf = async (res: Response) => ((await res.json()) as { message?: string }).message;

  it.each([
    ["a 100 KB name", { name: "x".repeat(100_000) }, "Name must be 50 characters or less"],
    ["an array name", { name: ["a", "b"] }, "Name must be text"],
    ["an object name", { name: { a: 1 } }, "Name must be text"],
    ["a whitespace name", { name: "   " }, "Name is required"],
    ["a null name", { name: null }, "Name must be text"],
    ["a javascript: avatar", { image: "javascript:alert(1)" }, "Avatar must be an uploaded image"],
    ["a data: avatar", { image: "data:image/png;base64,AAAA" }, "Avatar must be an uploaded image"],
    ["another site's avatar", { image: "https://evil.example/a.png" }, "Avatar must be an uploaded image"],
    ["a protocol-relative avatar", { image: "//evil.example/uploads/a.png" }, "Avatar must be an uploaded image"],
    ["a path escaping uploads", { image: "/uploads/../admin" }, "Avatar must be an uploaded image"],
    ["an invalid username", { username: "no spaces!" }, "Username can only contain letters, numbers, and underscores"],
    ["an admin flag", { isAdmin: true }, "Unknown field: isAdmin"],
  ])("refuses %s with 400 and a clear message", async (_label, body, message) => {
    const f = await verifiedAccount();
    const res = await update(f.cookie, body);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
  });

  it("refuses a body that is not an object", async () => {
    const f = await verifiedAccount();
    for (const raw of ["null", "[]", '"name"', "42"]) {
      const res = await update(f.cookie, undefined, raw);
      expect(res.status, raw).toBe(400);
    }
  });

  it("lets displayUsername change only the letter case of one's own username", async () => {
    const f = await verifiedAccount();
    const other = await verifiedAccount();
    const res = await update(f.cookie, { displayUsername: other.username });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("Display name can only change the letter case of your username");
    const ok = await update(f.cookie, { displayUsername: f.username.toUpperCase() });
    expect(ok.status).toBe(200);
  });

  it("answers someone else's username with the spec's words, and keeps one's own (any case) or a free one", async () => {
    const f = await verifiedAccount();
    const other = await verifiedAccount();
    const taken = await update(f.cookie, { username: other.username.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(await messageOf(taken)).toBe("This username is already taken");
    // A reserved name nobody holds is taken too.
    const reserved = await update(f.cookie, { username: "Admin" });
    expect(reserved.status).toBe(400);
    expect(await messageOf(reserved)).toBe("This username is already taken");
    expect((await update(f.cookie, { username: f.username.toUpperCase() })).status).toBe(200);
    const free = `free_${process.pid % 1000}_${Date.now() % 1000}`;
    expect((await update(f.cookie, { username: free })).status).toBe(200);
    expect((await userByEmail(f.email))[0]?.username).toBe(free);
    // The shown handle follows: the old one is free for others, so it must not stay on this profile.
    expect((await userByEmail(f.email))[0]?.displayUsername).toBe(free);
    // Without a session the endpoint refuses before saying anything about the name.
    const visitor = await api("/update-user", { body: { username: other.username } });
    expect(visitor.status).toBe(401);
  });

  it("Better Auth's own availability check answers a reserved name as taken, like /api/username-available", async () => {
    for (const name of ["admin", "Admin", " support "]) {
      const res = await api("/is-username-available", { body: { username: name } });
      expect(res.status, name).toBe(200);
      expect(await res.json(), name).toEqual({ available: false });
    }
    const res = await api("/is-username-available", { body: { username: `free_${process.pid % 1000}_q` } });
    expect(await res.json()).toEqual({ available: true });
  });

  it("sign-up applies the same rules to the name and avatar it accepts", async () => {
    const f = freshAccount("Fields");
    const long = await api("/sign-up/email", { body: { ...f, name: "x".repeat(100_000) } });
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toBe("Name must be 50 characters or less");
    const script = await api("/sign-up/email", { body: { ...f, name: f.username, image: "javascript:alert(1)" } });
    expect(script.status).toBe(400);
    expect(await messageOf(script)).toBe("Avatar must be an uploaded image");
    expect(await userByEmail(f.email)).toEqual([]);
  });

  it("accepts a valid name with one's own avatar (kept as it is), and no avatar (removed)", async () => {
    const f = await verifiedAccount();
    const [row] = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, f.email));
    const own = `/uploads/${row!.id}-${"a".repeat(64)}.webp`;
    await db.handle().db.update(user).set({ avatarUrl: own }).where(eq(user.id, row!.id));
    const res = await update(f.cookie, { name: "  Ada  ", image: own });
    expect(res.status).toBe(200);
    const me = await optionalUser(pageRequest("/", { cookie: f.cookie }));
    expect(me).toMatchObject({ name: "Ada", avatarUrl: own });
    expect((await update(f.cookie, { image: null })).status).toBe(200);
    expect((await optionalUser(pageRequest("/", { cookie: f.cookie })))?.avatarUrl).toBeNull();
  });

  it("refuses an avatar that is not one's own current upload: another's, a name no file has", async () => {
    const f = await verifiedAccount();
    const other = await createActor({ avatarUrl: `/uploads/${"b".repeat(64)}.webp` });
    for (const image of [
      `/uploads/${"b".repeat(64)}.webp`,
      `/uploads/${other.id}-${"c".repeat(64)}.webp`,
      "/uploads/logout",
      "/uploads/avatar-1.webp",
    ]) {
      const res = await update(f.cookie, { image });
      expect(res.status, image).toBe(400);
      expect(await messageOf(res), image).toBe("Avatar must be an image you uploaded");
    }
    expect((await optionalUser(pageRequest("/", { cookie: f.cookie })))?.avatarUrl).toBeNull();
  });
});

describe("session tokens stay in the HttpOnly cookie", () => {
  const get = (path: string, cookie: string) =>
    getAuth().handler(new Request(`${APP_URL}/api/auth${path}`, { headers: { cookie, [CLIENT_IP_HEADER]: nextIp() } }));

  it("get-session and list-sessions answer without the token a script could steal", async () => {
    const f = await verifiedAccount();
    const pair = f.cookie.split("; ").find((c) => c.startsWith("savepoint.session_token="))!;
    const cookieToken = decodeURIComponent(pair.slice(pair.indexOf("=") + 1)).split(".")[0]!;
    expect(cookieToken.length).toBeGreaterThan(10);

    const one = await get("/get-session", f.cookie);
    expect(one.status).toBe(200);
    const text = await one.text();
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: { username: string } };
    expect(body.user.username).toBe(f.username.toLowerCase());
    expect(body.session).toMatchObject({ userId: expect.anything(), expiresAt: expect.any(String) });
    expect(body.session).not.toHaveProperty("token");
    expect(text).not.toContain(cookieToken);

    const all = await get("/list-sessions", f.cookie);
    expect(all.status).toBe(200);
    const listed = await all.text();
    expect((JSON.parse(listed) as unknown[]).length).toBeGreaterThan(0);
    expect(listed).not.toContain(cookieToken);
    expect(listed).not.toContain('"token"');
  });
});

describe("Better Auth endpoints no page of ours uses are off", () => {
  it.each([
    // A password check with no sign-in throttling: a stolen session could guess the password behind it.
    ["/verify-password", { password: "Wr0ng!pass" }],
    // Provider tokens and profile data handed to any script running in a signed-in page.
    ["/get-access-token", { providerId: "github" }],
    ["/refresh-token", { providerId: "github" }],
    ["/unlink-account", { providerId: "credential" }],
  ])("%s answers 404, signed in", async (path, body) => {
    const f = await verifiedAccount();
    const res = await api(path, { body, cookie: f.cookie });
    expect(res.status).toBe(404);
  });

  it("/account-info answers 404, signed in", async () => {
    const f = await verifiedAccount();
    const res = await getAuth().handler(
      new Request(`${APP_URL}/api/auth/account-info?accountId=1`, { headers: { cookie: f.cookie, [CLIENT_IP_HEADER]: nextIp() } }),
    );
    expect(res.status).toBe(404);
  });

  it("a sign-in or password change answers without the new session's token (it is the HttpOnly cookie's value)", async () => {
    const f = await verifiedAccount();
    const signedIn = await api("/sign-in/email", { body: { email: f.email, password: TEST_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty("token");
    expect(body.user).toMatchObject({ email: f.email.toLowerCase() });
    const cookie = cookieFrom(signedIn.headers.getSetCookie());
    const changed = await api("/change-password", { body: { currentPassword: TEST_PASSWORD, newPassword: "N3w!password" }, cookie });
    expect(changed.status).toBe(200);
    expect((await changed.json()) as Record<string, unknown>).not.toHaveProperty("token");
  });
});

describe("a verification link opened in a browser that did not sign up for it", () => {
  it("a stranger signs up with the owner's address: the owner's click verifies but opens no session in the stranger's account", async () => {
    const owner = freshAccount("Owner");
    const stranger = { ...freshAccount("Stranger"), email: owner.email, password: "Str4nger!pass", confirmPassword: "Str4nger!pass" };
    const up = await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), stranger);
    expect(up.ok).toBe(true);
    // The stranger signs in to get the mail sent again, then the owner clicks the newest link in their own browser.
    await api("/sign-in/email", { body: { email: owner.email, password: stranger.password } });
    const r = await verifyEmail(pageRequest("/auth/callback"), contextFor(nextIp()), verificationTokens(owner.email).at(-1)!);
    expect(r).toEqual({ ok: true, data: { setCookies: [], signInNeeded: true } });
    const [row] = await userByEmail(owner.email);
    expect(row?.emailVerified).toBe(true);
    // No session was opened for the account (the stranger's password is the only way in, and the
    // owner's 'Forgot password?' ends it).
    expect(await db.handle().db.select({ id: session.id }).from(session).where(eq(session.userId, row!.id))).toEqual([]);
  });

  it("in the browser that signed up, the link signs in as before; the mark is set whatever the address's state", async () => {
    const f = freshAccount("Here");
    const up = await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), f);
    const mark = up.ok ? up.data.setCookies.filter((c) => c.startsWith("savepoint.pending_sign_up=")) : [];
    expect(mark).toHaveLength(1);
    expect(mark[0]).toMatch(/HttpOnly/);
    expect(mark[0]).toMatch(/SameSite=Lax/i);
    expect(mark[0]).not.toContain(encodeURIComponent(f.email));
    const r = await verifyEmail(
      pageRequest("/auth/callback", { cookie: cookieFrom(mark) }),
      contextFor(nextIp()),
      verificationTokens(f.email).at(-1)!,
    );
    expect(r.ok && r.data.setCookies.some((c) => c.startsWith("savepoint.session_token="))).toBe(true);
    // Another address's mark does not count.
    const g = freshAccount("Other");
    expect((await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), g)).ok).toBe(true);
    const other = await verifyEmail(
      pageRequest("/auth/callback", { cookie: cookieFrom(mark) }),
      contextFor(nextIp()),
      verificationTokens(g.email).at(-1)!,
    );
    expect(other).toEqual({ ok: true, data: { setCookies: [], signInNeeded: true } });
  });
});

describe("a set-password link opened in someone else's signed-in browser", () => {
  it("sets the link account's password but keeps the browser's session (no switch into the link's account)", async () => {
    const member = await verifiedAccount();
    // Someone signs up twice with an address of theirs: the second sign-up mails a set-password link.
    const other = freshAccount("Setter");
    expect((await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), other)).ok).toBe(true);
    expect((await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), other)).ok).toBe(true);
    const token = linkFromOutbox(config, other.email, "/reset-password").searchParams.get("token")!;

    const done = await resetPassword(pageRequest("/reset-password", { cookie: member.cookie }), contextFor(nextIp()), token, "S3tter!pass");
    expect(done).toEqual({ ok: true, data: { setCookies: [] } });
    expect(await userByEmail(other.email.toLowerCase())).toEqual([expect.objectContaining({ emailVerified: true })]);
    expect(await optionalUser(pageRequest("/", { cookie: member.cookie }))).toMatchObject({ username: member.username.toLowerCase() });
  });
});

describe("a verification link opened in someone else's signed-in browser", () => {
  it("verifies the link's address but keeps the browser's session (no switch into the link's account)", async () => {
    const member = await verifiedAccount();
    const other = freshAccount("Linker");
    const ctx = contextFor(nextIp());
    expect((await signUp(pageRequest("/signup", { method: "POST" }), ctx, other)).ok).toBe(true);
    const token = verificationTokens(other.email).at(-1)!;

    const r = await verifyEmail(pageRequest("/auth/callback", { cookie: member.cookie }), contextFor(nextIp()), token);
    expect(r).toEqual({ ok: true, data: { setCookies: [], keptSession: true } });
    const [row] = await userByEmail(other.email.toLowerCase());
    expect(row?.emailVerified).toBe(true);
    // No session was left open for the link's account, and the browser is still the member's.
    expect(await db.handle().db.select({ id: session.id }).from(session).where(eq(session.userId, row!.id))).toEqual([]);
    expect(await optionalUser(pageRequest("/", { cookie: member.cookie }))).toMatchObject({ username: member.username.toLowerCase() });
  });

  it("signed out, the link still signs its own account in (the spec's flow) in the browser that signed up", async () => {
    const other = freshAccount("Linker");
    const up = await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), other);
    expect(up.ok).toBe(true);
    const mark = cookieFrom(up.ok ? up.data.setCookies : []);
    const r = await verifyEmail(
      pageRequest("/auth/callback", { cookie: mark }),
      contextFor(nextIp()),
      verificationTokens(other.email).at(-1)!,
    );
    expect(r.ok && r.data.setCookies.some((c) => c.startsWith("savepoint.session_token="))).toBe(true);
    expect(r.ok && r.data.keptSession).toBeFalsy();
  });
});

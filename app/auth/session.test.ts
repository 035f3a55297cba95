import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { optionalUser } from "~/auth/session.server";
import { session, user, userPreferences } from "~/db/schema";
import { recordedConsent } from "~/modules/privacy/privacy.service.server";
import { useTestDatabase } from "../../tests/setup/database";
import { pageRequest, useAuthConfig, verifiedAccount } from "../../tests/support/auth";

/**
 * optionalUser reads the common session itself (signed cookie + one statement) and leaves the rest to
 * Better Auth; both paths must answer what Better Auth's getSession answers.
 */

const db = useTestDatabase();
const config = useAuthConfig();

const DAY = 24 * 60 * 60 * 1000;

async function signed(token: string): Promise<string> {
  const ctx = await getAuth().$context;
  const sig = createHmac("sha256", ctx.secret).update(token).digest("base64");
  return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${sig}`)}`;
}

async function tokenOf(cookie: string): Promise<string> {
  const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
  return value.slice(0, value.lastIndexOf("."));
}

async function sessionRow(token: string) {
  const [row] = await db.handle().db.select().from(session).where(eq(session.token, token));
  return row;
}

const get = (cookie: string) => optionalUser(pageRequest("/", { cookie }));

/** The session's expiry moved a second into the past. */
async function expire(token: string) {
  await db
    .handle()
    .db.update(session)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(session.token, token));
}

describe("optionalUser", () => {
  it("reads a signed-in account's session: id, names, e-mail, avatar, admin flag", async () => {
    const a = await verifiedAccount(config, "Sess");
    const [row] = await db.handle().db.select().from(user).where(eq(user.email, a.email));
    await db.handle().db.update(user).set({ avatarUrl: "/uploads/abc.webp", isAdmin: true }).where(eq(user.id, row!.id));
    const got = await get(a.cookie);
    expect(got).toEqual({
      id: row!.id,
      username: a.username.toLowerCase(),
      name: row!.name,
      email: a.email,
      avatarUrl: "/uploads/abc.webp",
      isAdmin: true,
      storedConsent: null,
    });
    // The same answer as Better Auth's own getSession.
    const ba = await getAuth().api.getSession({ headers: new Headers({ cookie: a.cookie }) });
    expect(ba?.user.id).toBe(String(got!.id));
    expect(ba?.user.email).toBe(got!.email);
  });

  it("reads the account's privacy choice in the same statement, and the banner's consent comes from it without a query", async () => {
    const a = await verifiedAccount(config, "Sess");
    const [row] = await db.handle().db.select().from(user).where(eq(user.email, a.email));
    const consentDate = new Date("2026-11-01T10:00:00Z");
    await db.handle().db.insert(userPreferences).values({ userId: row!.id, analyticsOptedIn: true, trackingLevel: "full", consentDate });
    const got = await get(a.cookie);
    expect(got?.storedConsent).toEqual({ analyticsOptedIn: true, trackingLevel: "full", consentDate });
    expect(await recordedConsent(pageRequest("/"), got)).toEqual({
      analyticsOptedIn: true,
      trackingLevel: "full",
      timestamp: consentDate.toISOString(),
      source: "account",
    });
    // What was read with the session is what counts: no second read of user_preferences.
    await db.handle().db.delete(userPreferences).where(eq(userPreferences.userId, row!.id));
    expect((await recordedConsent(pageRequest("/"), got))?.source).toBe("account");
    // Without it (Better Auth's path leaves it undefined) the privacy module reads the table itself.
    expect(await recordedConsent(pageRequest("/"), { id: row!.id })).toBeNull();
  });

  it("refuses a cookie whose signature does not match, an unsigned token and a forged one", async () => {
    const a = await verifiedAccount(config, "Sess");
    const token = await tokenOf(a.cookie);
    const name = (await getAuth().$context).authCookies.sessionToken.name;
    expect(await get(a.cookie)).not.toBeNull();
    const wrongKey = createHmac("sha256", "another-secret").update(token).digest("base64");
    expect(await get(`${name}=${encodeURIComponent(`${token}.${wrongKey}`)}`)).toBeNull();
    expect(await get(`${name}=${token}`)).toBeNull();
    // A valid signature of another value, with this token in front.
    const other = (await signed("someone-elses-token")).split("=").slice(1).join("=");
    const otherSig = decodeURIComponent(other).split(".").pop()!;
    expect(await get(`${name}=${encodeURIComponent(`${token}.${otherSig}`)}`)).toBeNull();
    expect(await get(`${name}=%E0%A4%A`)).toBeNull();
  });

  it("a signed token with no session (signed out, deleted) is nobody", async () => {
    expect(await get(await signed("no-such-session-token"))).toBeNull();
    const a = await verifiedAccount(config, "Sess");
    const token = await tokenOf(a.cookie);
    await db.handle().db.delete(session).where(eq(session.token, token));
    expect(await get(a.cookie)).toBeNull();
  });

  it("an expired session is nobody, and Better Auth removes it", async () => {
    const a = await verifiedAccount(config, "Sess");
    const token = await tokenOf(a.cookie);
    await expire(token);
    expect(await get(a.cookie)).toBeNull();
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("a session a day old is extended as Better Auth's updateAge says, and still signed in", async () => {
    const a = await verifiedAccount(config, "Sess");
    const token = await tokenOf(a.cookie);
    const { expiresIn } = (await getAuth().$context).sessionConfig;
    // Created two days ago: expires two days earlier than a fresh one.
    const old = new Date(Date.now() + expiresIn * 1000 - 2 * DAY);
    await db.handle().db.update(session).set({ expiresAt: old }).where(eq(session.token, token));
    expect(await get(a.cookie)).not.toBeNull();
    const after = await sessionRow(token);
    expect(after!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY);
  });

  it("a fresh session is read without Better Auth's endpoint and without writing; an old one goes through it", async () => {
    const a = await verifiedAccount(config, "Sess");
    const token = await tokenOf(a.cookie);
    const before = await sessionRow(token);
    const spy = vi.spyOn(getAuth().api, "getSession");
    try {
      expect(await get(a.cookie)).not.toBeNull();
      expect(spy).not.toHaveBeenCalled();
      expect((await sessionRow(token))!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
      await expire(token);
      expect(await get(a.cookie)).toBeNull();
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("the cookie twice: Better Auth's reading (the first one) decides", async () => {
    const a = await verifiedAccount(config, "Sess");
    const name = (await getAuth().$context).authCookies.sessionToken.name;
    const junk = `${name}=${encodeURIComponent(`not-a-token.${"A".repeat(43)}=`)}`;
    expect(await get(`${a.cookie}; ${junk}`)).not.toBeNull();
    expect(await get(`${junk}; ${a.cookie}`)).toBeNull();
  });
});

import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/database";
import { createGame, createUser } from "../../../tests/factories";
import { APP_URL, contextFor, nextIp, pageRequest, TEST_PASSWORD, useAuthConfig, verifiedAccount } from "../../../tests/support/auth";
import { callAuth } from "~/auth/auth-request.server";
import { optionalUser } from "~/auth/session.server";
import { pageView, privacyAuditLog, rateLimit, user, userPreferences } from "~/db/schema";
import { deleteAccount } from "~/modules/accounts/accounts.service.server";
import { loadConfig, setConfig, type Config } from "~/config.server";
import * as adminPage from "../../routes/admin.privacy";
import * as consentApi from "../../routes/api.consent";
import * as eventsApi from "../../routes/api.events";
import * as statsApi from "../../routes/api.privacy.stats";
import { PAGE_VIEW_RATE_LIMIT } from "./privacy.service.server";
import { purgeExpiredPrivacyData, startRetentionJob } from "./retention.server";

/** Consent, tracking, statistics and retention through the real routes against the real database. */

const db = useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

/** A verified, signed-in account: its user id and session cookie. */
async function signedInUser(): Promise<{ id: number; cookie: string }> {
  const { cookie } = await verifiedAccount(config, "privacy");
  const me = await optionalUser(pageRequest("/", { cookie }));
  return { id: me!.id, cookie };
}

const args = (request: Request, ip = nextIp()) => ({ request, context: contextFor(ip), params: {} }) as never;
type DataResult = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
const asData = (r: unknown) => r as DataResult;
const headersOf = (r: DataResult) => new Headers(r.init?.headers);

function consentPost(form: Record<string, string>, opts: { cookie?: string; json?: boolean; country?: string } = {}): Request {
  const headers = new Headers({ origin: APP_URL, "content-type": "application/x-www-form-urlencoded" });
  if (opts.json !== false) headers.set("accept", "application/json");
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.country) headers.set("CF-IPCountry", opts.country);
  return new Request(`${APP_URL}/api/consent`, { method: "POST", headers, body: new URLSearchParams(form) });
}

function eventPost(body: unknown, opts: { cookie?: string; country?: string; raw?: string; origin?: string; ua?: string } = {}): Request {
  const headers = new Headers({ origin: opts.origin ?? APP_URL, "content-type": "application/json" });
  headers.set("user-agent", opts.ua ?? "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36");
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.country) headers.set("CF-IPCountry", opts.country);
  return new Request(`${APP_URL}/api/events`, { method: "POST", headers, body: opts.raw ?? JSON.stringify(body) });
}

const sessionId = () => `${Date.now()}-${Math.random().toString(36).slice(2, 14).padEnd(12, "0")}`;
const view = (gameId: number, over: Record<string, unknown> = {}) => ({
  type: "game_view",
  gameId,
  source: "search",
  sessionId: sessionId(),
  ...over,
});
const consentCookieFrom = (r: DataResult | Response) => {
  const headers = r instanceof Response ? r.headers : headersOf(r);
  return headers.getSetCookie().find((c) => c.startsWith("savepoint_consent="));
};

async function prefsOf(userId: number) {
  return db
    .handle()
    .db.select({
      analyticsOptedIn: userPreferences.analyticsOptedIn,
      trackingLevel: userPreferences.trackingLevel,
      consentIpCountry: userPreferences.consentIpCountry,
      consentDate: userPreferences.consentDate,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
}
async function auditOf(userId: number) {
  return db
    .handle()
    .db.select({ action: privacyAuditLog.action, details: privacyAuditLog.details, ipCountry: privacyAuditLog.ipCountry })
    .from(privacyAuditLog)
    .where(eq(privacyAuditLog.userId, userId))
    .orderBy(privacyAuditLog.id);
}
async function viewsOf(gameId: number) {
  return db
    .handle()
    .db.select({
      userId: pageView.userId,
      trackingLevel: pageView.trackingLevel,
      navigationSource: pageView.navigationSource,
      sessionHash: pageView.sessionHash,
      country: pageView.country,
    })
    .from(pageView)
    .where(eq(pageView.gameId, gameId));
}

describe("consent: every button stores its level", () => {
  const cases = [
    [{ intent: "accept_all" }, true, "full", "consent_given"],
    [{ intent: "accept_essential" }, true, "anonymous", "consent_given"],
    [{ intent: "decline" }, false, "none", "consent_withdrawn"],
    [{ intent: "save", level: "anonymous" }, true, "anonymous", "consent_given"],
    [{ intent: "save", level: "full" }, true, "full", "consent_given"],
    [{ intent: "save", level: "none" }, false, "none", "consent_withdrawn"],
  ] as const;

  for (const [form, optedIn, level, action] of cases) {
    it(`${JSON.stringify(form)} → ${optedIn ? "on" : "off"}/${level}: preferences upserted, one audit row, the cookie`, async () => {
      const u = await signedInUser();
      const r = asData(await consentApi.action(args(consentPost(form, { cookie: u.cookie, country: "de" }))));
      expect(r.init?.status ?? 200).toBe(200);
      expect(r.data).toMatchObject({ ok: true, consent: { analyticsOptedIn: optedIn, trackingLevel: level, source: "account" } });
      expect(consentCookieFrom(r)).toMatch(new RegExp(`^savepoint_consent=${level}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`));
      const [prefs] = await prefsOf(u.id);
      expect(prefs).toMatchObject({ analyticsOptedIn: optedIn, trackingLevel: level, consentIpCountry: "DE" });
      expect(await auditOf(u.id)).toEqual([{ action, details: { tracking_level: level }, ipCountry: "DE" }]);
    });
  }

  it("a second choice updates the one preferences row and adds a second audit row (give, then withdraw)", async () => {
    const u = await signedInUser();
    await consentApi.action(args(consentPost({ intent: "accept_all" }, { cookie: u.cookie })));
    const [first] = await prefsOf(u.id);
    await new Promise((r) => setTimeout(r, 5));
    await consentApi.action(args(consentPost({ intent: "decline" }, { cookie: u.cookie, country: "XX" })));
    const rows = await prefsOf(u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ analyticsOptedIn: false, trackingLevel: "none", consentIpCountry: null });
    expect(rows[0]!.consentDate.getTime()).toBeGreaterThan(first!.consentDate.getTime());
    expect((await auditOf(u.id)).map((a) => a.action)).toEqual(["consent_given", "consent_withdrawn"]);
  });

  it("a signed-out visitor gets the cookie only: no rows are written", async () => {
    const before = await db
      .handle()
      .db.select({ n: sql<number>`count(*)` })
      .from(privacyAuditLog);
    const r = asData(await consentApi.action(args(consentPost({ intent: "accept_essential" }))));
    expect(r.data).toMatchObject({ ok: true, consent: { analyticsOptedIn: true, trackingLevel: "anonymous", source: "cookie" } });
    expect(consentCookieFrom(r)).toContain("savepoint_consent=anonymous;");
    const after = await db
      .handle()
      .db.select({ n: sql<number>`count(*)` })
      .from(privacyAuditLog);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it("without JavaScript the form redirects back (303, same site only) with the cookie set", async () => {
    const r = (await consentApi.action(
      args(consentPost({ intent: "accept_all", redirectTo: "/game/halo?x=1" }, { json: false })),
    )) as Response;
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/game/halo?x=1");
    expect(consentCookieFrom(r)).toContain("savepoint_consent=full;");
    const off = (await consentApi.action(
      args(consentPost({ intent: "decline", redirectTo: "//evil.example/" }, { json: false })),
    )) as Response;
    expect(off.headers.get("location")).toBe("/");
    expect(consentCookieFrom(off)).toContain("savepoint_consent=none;");
  });

  it("'clear' forgets the cookie and keeps the account's record", async () => {
    const u = await signedInUser();
    await consentApi.action(args(consentPost({ intent: "accept_all" }, { cookie: u.cookie })));
    const r = asData(await consentApi.action(args(consentPost({ intent: "clear" }, { cookie: u.cookie }))));
    expect(r.data).toEqual({ ok: true, consent: null });
    expect(consentCookieFrom(r)).toContain("savepoint_consent=; Path=/; Max-Age=0");
    expect(await prefsOf(u.id)).toHaveLength(1);
    expect(await auditOf(u.id)).toHaveLength(1);
  });

  it("refuses bad input with 400 and foreign origins with 403, writing nothing", async () => {
    const u = await signedInUser();
    for (const form of [{}, { intent: "accept_everything" }, { intent: "save" }, { intent: "save", level: "some" }]) {
      const r = asData(await consentApi.action(args(consentPost(form as Record<string, string>, { cookie: u.cookie }))));
      expect(r.init?.status).toBe(400);
      expect(r.data).toEqual({ ok: false, error: "Choose one of the privacy options." });
    }
    const foreign = new Request(`${APP_URL}/api/consent`, {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: u.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "accept_all" }),
    });
    expect(asData(await consentApi.action(args(foreign))).init?.status).toBe(403);
    expect(await prefsOf(u.id)).toEqual([]);
    expect(await auditOf(u.id)).toEqual([]);
  });
});

describe("consent sync (server side of both directions)", () => {
  it("GET /api/consent gives the account's record (database → local), else the cookie, else null", async () => {
    const u = await signedInUser();
    const none = asData(await consentApi.loader(args(pageRequest("/api/consent", { cookie: u.cookie }))));
    expect(none.data).toEqual({ signedIn: true, consent: null });
    // Local → database: the banner sends the local record of a signed-in user without one.
    await consentApi.action(args(consentPost({ intent: "save", level: "full" }, { cookie: u.cookie })));
    const [prefs] = await prefsOf(u.id);
    const got = asData(await consentApi.loader(args(pageRequest("/api/consent", { cookie: `${u.cookie}; savepoint_consent=none` }))));
    expect(got.data).toEqual({
      signedIn: true,
      consent: { analyticsOptedIn: true, trackingLevel: "full", timestamp: prefs!.consentDate.toISOString(), source: "account" },
    });
    const visitor = asData(await consentApi.loader(args(pageRequest("/api/consent", { cookie: "savepoint_consent=anonymous" }))));
    expect(visitor.data).toEqual({
      signedIn: false,
      consent: { analyticsOptedIn: true, trackingLevel: "anonymous", timestamp: null, source: "cookie" },
    });
    expect(asData(await consentApi.loader(args(pageRequest("/api/consent")))).data).toEqual({ signedIn: false, consent: null });
  });
});

describe("page views obey the stored consent", () => {
  it("stores nothing without consent, with 'none', or for a signed-in user whose account has no record (cookie alone does not count)", async () => {
    const g = await createGame();
    const u = await signedInUser();
    const noRecord = await signedInUser();
    await consentApi.action(args(consentPost({ intent: "decline" }, { cookie: u.cookie })));
    const attempts = [
      eventPost(view(g.id)),
      eventPost(view(g.id), { cookie: "savepoint_consent=none" }),
      eventPost(view(g.id), { cookie: `${u.cookie}; savepoint_consent=full` }),
      eventPost(view(g.id), { cookie: `${noRecord.cookie}; savepoint_consent=full` }),
      // A robot is never tracked.
      eventPost(view(g.id), { cookie: "savepoint_consent=full", ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" }),
    ];
    for (const request of attempts) {
      const r = (await eventsApi.action(args(request))) as Response;
      expect(r.status).toBe(204);
    }
    expect(await viewsOf(g.id)).toEqual([]);
  });

  it("'anonymous' stores no user id; 'full' stores it for a signed-in user; the session id only as SHA-256", async () => {
    const g = await createGame();
    const anon = await signedInUser();
    const full = await signedInUser();
    await consentApi.action(args(consentPost({ intent: "accept_essential" }, { cookie: anon.cookie })));
    await consentApi.action(args(consentPost({ intent: "accept_all" }, { cookie: full.cookie })));

    const e1 = view(g.id, { source: "home" });
    const r1 = asData(await eventsApi.action(args(eventPost(e1, { cookie: anon.cookie, country: "fr" }))));
    expect(r1.init?.status).toBe(202);
    const e2 = view(g.id, { source: "external" });
    expect(asData(await eventsApi.action(args(eventPost(e2, { cookie: full.cookie, country: "T1" })))).init?.status).toBe(202);
    // A signed-out visitor with Accept All: there is no user to store.
    const e3 = view(g.id, { source: "direct" });
    expect(asData(await eventsApi.action(args(eventPost(e3, { cookie: "savepoint_consent=full" })))).init?.status).toBe(202);

    const rows = await viewsOf(g.id);
    const hash = (s: string) => createHash("sha256").update(s).digest("hex");
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: null, trackingLevel: "anonymous", navigationSource: "home", sessionHash: hash(e1.sessionId), country: "FR" },
        { userId: full.id, trackingLevel: "full", navigationSource: "external", sessionHash: hash(e2.sessionId), country: null },
        { userId: null, trackingLevel: "full", navigationSource: "direct", sessionHash: hash(e3.sessionId), country: null },
      ]),
    );
    expect(rows).toHaveLength(3);
    // The database refuses a user id at the anonymous level, whoever writes.
    await expect(
      db
        .handle()
        .db.insert(pageView)
        .values({
          gameId: g.id,
          userId: anon.id,
          trackingLevel: "anonymous",
          navigationSource: "home",
          sessionHash: hash("x"),
        }),
    ).rejects.toThrow();
  });

  it("validates the event: 400 for bad fields or JSON, 404 for an unknown game, 413 too large, 415 not JSON, 403 foreign origin, 405 GET", async () => {
    const g = await createGame();
    const cookie = "savepoint_consent=full";
    const bad = [
      view(g.id, { type: "click" }),
      view(g.id, { gameId: "12" }),
      view(g.id, { gameId: -1 }),
      view(g.id, { source: "https://evil.example" }),
      view(g.id, { sessionId: "abc" }),
    ];
    for (const body of bad) expect(asData(await eventsApi.action(args(eventPost(body, { cookie })))).init?.status).toBe(400);
    expect(asData(await eventsApi.action(args(eventPost(null, { cookie, raw: "{nope" })))).init?.status).toBe(400);
    expect(asData(await eventsApi.action(args(eventPost(view(2_000_000_000), { cookie })))).data).toEqual({ error: "Game not found" });
    expect(
      asData(await eventsApi.action(args(eventPost(null, { cookie, raw: JSON.stringify({ pad: "x".repeat(2000) }) })))).init?.status,
    ).toBe(413);
    const form = new Request(`${APP_URL}/api/events`, { method: "POST", headers: { origin: APP_URL, cookie }, body: "a=1" });
    expect(asData(await eventsApi.action(args(form))).init?.status).toBe(415);
    expect(asData(await eventsApi.action(args(eventPost(view(g.id), { cookie, origin: "https://evil.example" })))).init?.status).toBe(403);
    expect(asData(eventsApi.loader()).init?.status).toBe(405);
    expect(await viewsOf(g.id)).toEqual([]);
  });

  it("limits events per client address (429) and stores none past the limit", async () => {
    const g = await createGame();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < PAGE_VIEW_RATE_LIMIT.max + 2; i++) {
      const r = await eventsApi.action(args(eventPost(view(g.id), { cookie: "savepoint_consent=anonymous" }), ip));
      statuses.push(r instanceof Response ? r.status : (asData(r).init?.status ?? 200));
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(PAGE_VIEW_RATE_LIMIT.max);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(await viewsOf(g.id)).toHaveLength(PAGE_VIEW_RATE_LIMIT.max);
    // Another address is not affected.
    expect(asData(await eventsApi.action(args(eventPost(view(g.id), { cookie: "savepoint_consent=anonymous" })))).init?.status).toBe(202);
  });

  it("takes the country from the configured header only, and none when COUNTRY_HEADER=none", async () => {
    const g = await createGame();
    const base = { NODE_ENV: "test", DATA_DIR: config.dataDir, APP_URL, BETTER_AUTH_SECRET: config.authSecret, LOG_LEVEL: "silent" };
    try {
      setConfig(loadConfig({ ...base, COUNTRY_HEADER: "X-Country" }));
      const r = eventPost(view(g.id), { cookie: "savepoint_consent=anonymous", country: "DE" });
      r.headers.set("x-country", "se");
      await eventsApi.action(args(r));
      setConfig(loadConfig({ ...base, COUNTRY_HEADER: "none" }));
      const r2 = eventPost(view(g.id), { cookie: "savepoint_consent=anonymous", country: "DE" });
      await eventsApi.action(args(r2));
    } finally {
      setConfig(config);
    }
    expect((await viewsOf(g.id)).map((v) => v.country).sort()).toEqual(["SE", null]);
    expect(() => loadConfig({ ...base, COUNTRY_HEADER: "bad header!" })).toThrow(/COUNTRY_HEADER/);
  });
});

describe("retention: 90 days", () => {
  it("deletes page views and audit entries older than 90 days, keeps newer ones and the preferences", async () => {
    const g = await createGame();
    const u = await createUser();
    const d = db.handle().db;
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * day);
    const hash = "a".repeat(64);
    await d.insert(pageView).values([
      { gameId: g.id, trackingLevel: "anonymous", navigationSource: "home", sessionHash: hash, createdAt: at(91) },
      { gameId: g.id, trackingLevel: "anonymous", navigationSource: "home", sessionHash: hash, createdAt: at(89) },
    ]);
    await d.insert(privacyAuditLog).values([
      { userId: u.id, action: "consent_given", details: { tracking_level: "full" }, createdAt: at(120) },
      { userId: u.id, action: "consent_withdrawn", details: { tracking_level: "none" }, createdAt: at(1) },
    ]);
    await d.insert(userPreferences).values({ userId: u.id, analyticsOptedIn: false, trackingLevel: "none", consentDate: at(200) });
    await d.insert(rateLimit).values({ key: "page-view:stale-test", count: 3, lastRequest: now.getTime() - 2 * day });

    const r = await purgeExpiredPrivacyData(now);
    expect(r.pageViews).toBeGreaterThanOrEqual(1);
    expect(r.auditEntries).toBeGreaterThanOrEqual(1);
    const left = await d.select({ createdAt: pageView.createdAt }).from(pageView).where(eq(pageView.gameId, g.id));
    expect(left.map((v) => v.createdAt.getTime())).toEqual([at(89).getTime()]);
    expect((await auditOf(u.id)).map((a) => a.action)).toEqual(["consent_withdrawn"]);
    expect(await prefsOf(u.id)).toHaveLength(1);
    expect(await d.select().from(rateLimit).where(eq(rateLimit.key, "page-view:stale-test"))).toEqual([]);
  });

  it("the job runs at once, then on its interval, and stops cleanly", async () => {
    const g = await createGame();
    const d = db.handle().db;
    const old = new Date(Date.now() - 100 * 24 * 60 * 60 * 1000);
    await d
      .insert(pageView)
      .values({ gameId: g.id, trackingLevel: "anonymous", navigationSource: "home", sessionHash: "b".repeat(64), createdAt: old });
    const lines: string[] = [];
    const log = { info: (_: object, m: string) => lines.push(m), error: (_: object, m: string) => lines.push(`error: ${m}`) };
    const job = startRetentionJob(log, 50);
    await job.lastRun;
    expect(await viewsOf(g.id)).toEqual([]);
    expect(lines[0]).toContain("deleted data older than 90 days");

    await d
      .insert(pageView)
      .values({ gameId: g.id, trackingLevel: "anonymous", navigationSource: "home", sessionHash: "c".repeat(64), createdAt: old });
    await new Promise((r) => setTimeout(r, 200));
    await job.lastRun;
    expect(await viewsOf(g.id)).toEqual([]);
    await job.stop();

    await d
      .insert(pageView)
      .values({ gameId: g.id, trackingLevel: "anonymous", navigationSource: "home", sessionHash: "d".repeat(64), createdAt: old });
    await new Promise((r) => setTimeout(r, 150));
    expect(await viewsOf(g.id)).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("error"))).toEqual([]);
  });
});

describe("privacy statistics: operators only", () => {
  it("403 for visitors and members, 200 with the counts for an admin", async () => {
    const member = await signedInUser();
    const anonymous = asData(await statsApi.loader(args(pageRequest("/api/privacy/stats"))));
    expect(anonymous.init?.status).toBe(403);
    const denied = asData(await statsApi.loader(args(pageRequest("/api/privacy/stats", { cookie: member.cookie }))));
    expect(denied.init?.status).toBe(403);
    expect(denied.data).toEqual({ error: "You do not have access to this page." });
    await expect(adminPage.loader(args(pageRequest("/admin/privacy", { cookie: member.cookie })))).rejects.toMatchObject({
      init: { status: 403 },
    });

    const admin = await signedInUser();
    await db.handle().db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    const expected = await db
      .handle()
      .db.select({
        total: sql<number>`count(*)`,
        optedIn: sql<number>`count(*) filter (where analytics_opted_in)`,
        anonymousOnly: sql<number>`count(*) filter (where analytics_opted_in and tracking_level = 'anonymous')`,
      })
      .from(userPreferences);
    const before = asData(await statsApi.loader(args(pageRequest("/api/privacy/stats", { cookie: admin.cookie }))));
    expect(before.init?.status ?? 200).toBe(200);
    expect(before.data).toEqual({
      total: Number(expected[0]!.total),
      optedIn: Number(expected[0]!.optedIn),
      optedOut: Number(expected[0]!.total) - Number(expected[0]!.optedIn),
      anonymousOnly: Number(expected[0]!.anonymousOnly),
    });
    // Three more choices move the counts by exactly these amounts.
    await consentApi.action(args(consentPost({ intent: "accept_essential" }, { cookie: member.cookie })));
    await consentApi.action(args(consentPost({ intent: "decline" }, { cookie: admin.cookie })));
    const third = await signedInUser();
    await consentApi.action(args(consentPost({ intent: "accept_all" }, { cookie: third.cookie })));
    const after = asData(await statsApi.loader(args(pageRequest("/api/privacy/stats", { cookie: admin.cookie })))).data as Record<
      string,
      number
    >;
    const b = before.data as Record<string, number>;
    expect(after).toEqual({ total: b.total! + 3, optedIn: b.optedIn! + 2, optedOut: b.optedOut! + 1, anonymousOnly: b.anonymousOnly! + 1 });
    const page = asData(await adminPage.loader(args(pageRequest("/admin/privacy", { cookie: admin.cookie }))));
    expect(page.data).toEqual(after);
  });

  it("users cannot make themselves admins through sign-up or update-user", async () => {
    const ctx = contextFor(nextIp());
    const email = `sneaky${process.pid}@example.test`;
    const up = await callAuth(pageRequest("/signup", { method: "POST" }), ctx, "/sign-up/email", {
      body: {
        name: "sneaky",
        username: `sneaky_${process.pid % 1000}`,
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        agreeToTerms: true,
        isAdmin: true,
      },
    });
    expect(up.ok).toBe(true);
    const [row] = await db.handle().db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.email, email));
    expect(row).toEqual({ isAdmin: false });

    const u = await signedInUser();
    const upd = await callAuth(pageRequest("/settings", { method: "POST", cookie: u.cookie }), ctx, "/update-user", {
      body: { isAdmin: true },
    });
    expect(upd.ok).toBe(false);
    expect(upd.status).toBe(400);
    const [after] = await db.handle().db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.id, u.id));
    expect(after).toEqual({ isAdmin: false });
  });
});

describe("account deletion", () => {
  it("removes the user's preferences, audit entries and tracked page views", async () => {
    const g = await createGame();
    const u = await signedInUser();
    await consentApi.action(args(consentPost({ intent: "accept_all" }, { cookie: u.cookie })));
    expect(asData(await eventsApi.action(args(eventPost(view(g.id), { cookie: u.cookie })))).init?.status).toBe(202);
    expect((await viewsOf(g.id)).map((v) => v.userId)).toEqual([u.id]);

    const done = await deleteAccount(pageRequest("/account/delete", { cookie: u.cookie }), contextFor(nextIp()), u.id, "DELETE");
    expect(done.ok).toBe(true);
    expect(await prefsOf(u.id)).toEqual([]);
    expect(await auditOf(u.id)).toEqual([]);
    expect(await viewsOf(g.id)).toEqual([]);
  });
});

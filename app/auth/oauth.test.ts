import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { createUser } from "../../tests/factories";
import { startOidcProvider, type TestAccount, type TestOidcProvider } from "../../tests/support/oidc";
import { APP_URL, contextFor, nextIp } from "../../tests/support/auth";
import { loadConfig, setConfig } from "~/config.server";
import { account, user } from "~/db/schema";
import * as apiAuth from "~/routes/api.auth.$";
import * as login from "~/routes/login";
import * as oauthRoute from "~/routes/auth.oauth.$provider";
import { getAuth } from "./auth.server";
import { OAUTH_MESSAGES } from "./oauth";
import { providerName } from "./providers.server";
import { optionalUser } from "./session.server";

/**
 * OpenID Connect sign-in end to end against a real provider (oidc-provider on
 * 127.0.0.1, discovery + signed ID tokens + userinfo), driven like a browser:
 * every redirect followed by hand, with one cookie jar per browser.
 */

const db = useTestDatabase();
let idp: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${APP_URL}/api/auth/callback/oidc` });
  setConfig(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-oauth-")),
      APP_URL,
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: "silent",
      OIDC_ISSUER_URL: `${idp.issuer}/`,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_DISPLAY_NAME: "Test ID",
    }),
  );
});

afterAll(async () => {
  await idp?.close();
});

/** A browser's cookies: per host, with paths; Set-Cookie with a past expiry or Max-Age=0 deletes. */
class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(url: string, setCookies: string[]): void {
    const host = new URL(url).host;
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      let cookiePath = "/";
      let expired = value === "";
      for (const attr of attrs) {
        const [k, v = ""] = attr.split("=");
        const key = k!.toLowerCase();
        if (key === "path") cookiePath = v;
        if (key === "max-age" && Number(v) <= 0) expired = true;
        if (key === "expires" && Date.parse(v) < Date.now()) expired = true;
      }
      const id = `${host}|${cookiePath}|${name}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, { value, path: cookiePath });
    }
  }

  header(url: string): string {
    const u = new URL(url);
    const out: string[] = [];
    for (const [id, c] of this.cookies) {
      const [host, , name] = id.split("|");
      if (host === u.host && u.pathname.startsWith(c.path)) out.push(`${name}=${c.value}`);
    }
    return out.join("; ");
  }
}

type Args = Parameters<typeof oauthRoute.loader>[0];
const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: contextFor(nextIp()) }) as unknown as Args;

function appRequest(jar: CookieJar, pathAndQuery: string): Request {
  const url = new URL(pathAndQuery, APP_URL).toString();
  const headers = new Headers();
  const cookie = jar.header(url);
  if (cookie) headers.set("cookie", cookie);
  return new Request(url, { headers });
}

/** Runs our app's side of a request the way the server would: the route module for the path. */
async function appGet(jar: CookieJar, location: string): Promise<Response> {
  const url = new URL(location, APP_URL);
  const request = appRequest(jar, url.pathname + url.search);
  let res: Response;
  if (url.pathname.startsWith("/auth/oauth/")) {
    res = (await oauthRoute.loader(routeArgs(request, { provider: url.pathname.split("/")[3]! }))) as Response;
  } else if (url.pathname.startsWith("/api/auth/")) {
    res = await apiAuth.loader(routeArgs(request) as never);
  } else {
    throw new Error(`appGet: no route for ${url.pathname}`);
  }
  jar.store(url.toString(), res.headers.getSetCookie());
  return res;
}

interface FlowResult {
  /** Where the browser ended up on our site (path + query). */
  landedOn: string;
  jar: CookieJar;
  /** Every URL visited, in order. */
  visited: string[];
}

/** Clicks "Continue with Test ID" and follows every redirect until the browser is back on a page of ours. */
async function signInWithOidc(who: TestAccount | "deny", opts: { redirectTo?: string; jar?: CookieJar } = {}): Promise<FlowResult> {
  if (who === "deny") idp.deny();
  else idp.loginAs(who);
  const jar = opts.jar ?? new CookieJar();
  const visited: string[] = [];
  let location = `/auth/oauth/oidc${opts.redirectTo ? `?redirectTo=${encodeURIComponent(opts.redirectTo)}` : ""}`;
  for (let hop = 0; hop < 20; hop++) {
    const url = new URL(location, APP_URL);
    visited.push(url.toString());
    let res: Response;
    if (url.origin === new URL(APP_URL).origin) {
      if (!url.pathname.startsWith("/auth/oauth/") && !url.pathname.startsWith("/api/auth/")) {
        return { landedOn: url.pathname + url.search, jar, visited };
      }
      res = await appGet(jar, url.toString());
    } else {
      const headers = new Headers();
      const cookie = jar.header(url.toString());
      if (cookie) headers.set("cookie", cookie);
      res = await fetch(url, { redirect: "manual", headers });
      jar.store(url.toString(), res.headers.getSetCookie());
    }
    const next = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !next) {
      throw new Error(`${url} answered ${res.status} without a redirect: ${await res.text()}`);
    }
    location = new URL(next, url).toString();
  }
  throw new Error(`too many redirects: ${visited.join(" → ")}`);
}

async function sessionUser(jar: CookieJar) {
  return optionalUser(appRequest(jar, "/"));
}

/** The sign-up form's confirmation and terms box, which the sign-up endpoint requires. */
const SIGN_UP_EXTRAS = { confirmPassword: "Str0ng!pass", agreeToTerms: true };

let n = 0;
const sub = () => `subject-${process.pid}-${++n}`;

async function accountsOf(userId: number) {
  return db
    .handle()
    .db.select({ providerId: account.providerId, accountId: account.accountId })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(account.providerId);
}

describe("OpenID Connect sign-in", () => {
  it("signs a new user up with a username from the e-mail, lands back on redirectTo, and signs the same subject in again", async () => {
    const who = { sub: sub(), email: "Jane.Doe+Games@Example.test", email_verified: true, name: "Jane Doe" };
    const first = await signInWithOidc(who, { redirectTo: "/settings" });

    // The whole trip: our start route → provider authorize → interaction (login, consent) → our callback → back home.
    expect(first.visited[0]).toBe(`${APP_URL}/auth/oauth/oidc?redirectTo=%2Fsettings`);
    expect(first.visited[1]).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    expect(first.visited.some((u) => u.startsWith(`${idp.issuer}/interaction/`))).toBe(true);
    expect(first.visited.some((u) => u.startsWith(`${APP_URL}/api/auth/callback/oidc?code=`))).toBe(true);
    expect(first.landedOn).toBe("/settings");

    const me = await sessionUser(first.jar);
    expect(me).toMatchObject({ username: "janedoegames", name: "Jane Doe", email: "jane.doe+games@example.test" });
    const [row] = await db.handle().db.select().from(user).where(eq(user.id, me!.id));
    expect(row).toMatchObject({ username: "janedoegames", displayUsername: "janedoegames", emailVerified: true });
    expect(await accountsOf(me!.id)).toEqual([{ providerId: "oidc", accountId: who.sub }]);

    // A second sign-in (a new browser) with the same subject is the same account, not a second one.
    const second = await signInWithOidc(who);
    expect(second.landedOn).toBe("/");
    const again = await sessionUser(second.jar);
    expect(again?.id).toBe(me!.id);
    const [{ count }] = (await db
      .handle()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.email, "jane.doe+games@example.test"))) as [{ count: number }];
    expect(count).toBe(1);
    expect(await accountsOf(me!.id)).toHaveLength(1);
  });

  it("links to an existing verified e-mail/password account with the same e-mail instead of creating another", async () => {
    const email = `linked${process.pid}@example.test`;
    await getAuth().api.signUpEmail({
      body: { ...SIGN_UP_EXTRAS, email, password: "Str0ng!pass", name: "linked_user", username: "linked_user" },
    });
    // Sign-up answers carry no id (the same answer for every address): look it up.
    const [row] = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const id = row!.id;
    await db.handle().db.update(user).set({ emailVerified: true }).where(eq(user.id, id));

    const who = { sub: sub(), email: email.toUpperCase(), email_verified: true, name: "Someone Else" };
    const flow = await signInWithOidc(who);
    expect(flow.landedOn).toBe("/");
    const me = await sessionUser(flow.jar);
    expect(me).toMatchObject({ id, username: "linked_user", email });
    expect(await accountsOf(id)).toEqual([
      { providerId: "credential", accountId: String(id) },
      { providerId: "oidc", accountId: who.sub },
    ]);
    const rows = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
  });

  it("does not link when the provider does not vouch for the e-mail: /login explains", async () => {
    const existing = await createUser({ email: `unvouched${process.pid}@example.test`, emailVerified: true });
    const flow = await signInWithOidc({ sub: sub(), email: existing.email, email_verified: false });
    expect(flow.landedOn).toBe("/login?error=account_not_linked");
    expect(await sessionUser(flow.jar)).toBeNull();
    expect(await accountsOf(existing.id)).toEqual([]);

    const page = await login.loader(routeArgs(appRequest(new CookieJar(), flow.landedOn)) as never);
    expect(page).toEqual({ providers: [{ id: "oidc", name: "Test ID" }], oauthError: OAUTH_MESSAGES.accountNotLinked });
  });

  it("does not link to an account whose own e-mail is unverified", async () => {
    const existing = await createUser({ email: `squatted${process.pid}@example.test`, emailVerified: false });
    const flow = await signInWithOidc({ sub: sub(), email: existing.email, email_verified: true });
    expect(flow.landedOn).toBe("/login?error=account_not_linked");
    expect(await accountsOf(existing.id)).toEqual([]);
  });

  it("creates no account for an address the provider does not vouch for (no pre-hijack of a later owner)", async () => {
    // Someone signs in with a provider account carrying another person's address, unverified there.
    const email = `prehijack${process.pid}@example.test`;
    const attacker = { sub: sub(), email, email_verified: false, name: "Squatter" };
    const flow = await signInWithOidc(attacker);
    const landed = new URL(flow.landedOn, APP_URL);
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("error")).toBe("email_not_verified");
    expect(await sessionUser(flow.jar)).toBeNull();
    // No account holds the address (nor a provider link the owner would inherit on proving it).
    expect(await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([]);
    expect(await db.handle().db.select({ id: account.id }).from(account).where(eq(account.accountId, attacker.sub))).toEqual([]);
    const page = await login.loader(routeArgs(appRequest(new CookieJar(), flow.landedOn)) as never);
    expect(page).toMatchObject({ oauthError: OAUTH_MESSAGES.emailMissing });

    // The owner signs up and proves the address; the same provider account still cannot get in.
    await getAuth().api.signUpEmail({
      body: { ...SIGN_UP_EXTRAS, email, password: "Str0ng!pass", name: "owner_one", username: "owner_one" },
    });
    await db.handle().db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const again = await signInWithOidc(attacker);
    expect(new URL(again.landedOn, APP_URL).searchParams.get("error")).toBe("account_not_linked");
    expect(await sessionUser(again.jar)).toBeNull();
  });

  it("adds suffix 1, then 2 when the generated username is taken; pads a short one with zeros", async () => {
    await createUser({ username: "collide" });
    const a = await signInWithOidc({ sub: sub(), email: `Collide@one${process.pid}.test`, email_verified: true });
    expect((await sessionUser(a.jar))?.username).toBe("collide1");
    const b = await signInWithOidc({ sub: sub(), email: `collide@two${process.pid}.test`, email_verified: true });
    expect((await sessionUser(b.jar))?.username).toBe("collide2");

    const short = await signInWithOidc({ sub: sub(), email: `a.b@three${process.pid}.test`, email_verified: true });
    const me = await sessionUser(short.jar);
    expect(me?.username).toBe("ab0");
    // No name from the provider: the username stands in.
    expect(me?.name).toBe("ab0");
  });

  it("keeps a generated username within 21 characters and off every taken name, with no error for the user", async () => {
    const base = `longlocal${process.pid}`.padEnd(18, "x").slice(0, 18);
    // The base, base1 … base99, and every 17-character base + 4 digits (all the time fallback could pick).
    const taken = [base, ...Array.from({ length: 99 }, (_, i) => `${base}${i + 1}`)];
    for (let d = 0; d < 10_000; d++) taken.push(`${base.slice(0, 17)}${String(d).padStart(4, "0")}`);
    await db.handle().db.execute(sql`
      INSERT INTO "user" (username, name, email)
      SELECT u, u, u || '@taken.test' FROM unnest(${`{${taken.join(",")}}`}::text[]) AS u`);
    const flow = await signInWithOidc({ sub: sub(), email: `${base}moreletters@five${process.pid}.test`, email_verified: true });
    expect(flow.landedOn).toBe("/");
    const me = await sessionUser(flow.jar);
    expect(me?.username).toMatch(/^[a-z0-9_]{3,21}$/);
    expect(me?.username?.startsWith(base.slice(0, 15))).toBe(true);
    expect(taken).not.toContain(me?.username);
  });

  it("keeps a provider's display name to the rules a typed name follows (no control characters, 50 at most)", async () => {
    const long = `Ada\u0007 Lovelace\n${"x".repeat(80)}`;
    const flow = await signInWithOidc({ sub: sub(), email: `ada@four${process.pid}.test`, email_verified: true, name: long });
    const me = await sessionUser(flow.jar);
    expect(me?.name).toBe(`Ada Lovelace ${"x".repeat(37)}`);
    expect(me?.name).toHaveLength(50);
    expect(providerName("  \u0000\t ")).toBe("");
    expect(providerName(42)).toBe("");
    // Whole characters only: an emoji is never cut in half.
    expect(providerName(`${"a".repeat(49)}😀`)).toBe("a".repeat(49));
  });

  it("sends a cancelled sign-in back to /login with a clear message, keeping redirectTo", async () => {
    const flow = await signInWithOidc("deny", { redirectTo: "/settings" });
    const landed = new URL(flow.landedOn, APP_URL);
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("redirectTo")).toBe("/settings");
    expect(landed.searchParams.get("error")).toBe("access_denied");
    expect(await sessionUser(flow.jar)).toBeNull();
    // Our own text, never the provider's error_description from the URL.
    expect(landed.searchParams.get("error_description")).toBe("The user cancelled");
    const page = await login.loader(routeArgs(appRequest(flow.jar, flow.landedOn)) as never);
    expect(page).toMatchObject({ oauthError: OAUTH_MESSAGES.cancelled });
  });

  it("refuses a callback from another browser (state cookie missing)", async () => {
    const who = { sub: sub(), email: `stolen${process.pid}@example.test`, email_verified: true };
    idp.loginAs(who);
    const victim = new CookieJar();
    const start = await appGet(victim, "/auth/oauth/oidc");
    // Follow the provider's redirects in the victim's browser up to our callback, then replay it in another browser.
    let location = start.headers.get("location")!;
    while (!location.startsWith(`${APP_URL}/api/auth/callback/`)) {
      const headers = new Headers({ cookie: victim.header(location) });
      const res = await fetch(location, { redirect: "manual", headers });
      victim.store(location, res.headers.getSetCookie());
      location = new URL(res.headers.get("location")!, location).toString();
    }
    const attacker = new CookieJar();
    const res = await appGet(attacker, location);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/login\?error=(state_mismatch|state_not_found|please_restart_the_process)/);
    expect(await sessionUser(attacker)).toBeNull();
    const [row] = await db.handle().db.select({ id: user.id }).from(user).where(eq(user.email, who.email));
    expect(row).toBeUndefined();
  });

  it("signing out ends our session only (no redirect to the provider's logout)", async () => {
    const flow = await signInWithOidc({ sub: sub(), email: `leaving${process.pid}@example.test`, email_verified: true });
    expect(await sessionUser(flow.jar)).not.toBeNull();
    const headers = new Headers({
      origin: APP_URL,
      cookie: flow.jar.header(`${APP_URL}/api/auth/sign-out`),
      "content-type": "application/json",
    });
    const res = await apiAuth.action(
      routeArgs(new Request(`${APP_URL}/api/auth/sign-out`, { method: "POST", headers, body: "{}" })) as never,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.json()).toEqual({ success: true });
    flow.jar.store(APP_URL, res.headers.getSetCookie());
    expect(await sessionUser(flow.jar)).toBeNull();
  });

  it("start route: unknown provider → /login with a message; a signed-in user goes straight to redirectTo", async () => {
    const unknown = (await oauthRoute.loader(
      routeArgs(appRequest(new CookieJar(), "/auth/oauth/github?redirectTo=/settings"), { provider: "github" }),
    )) as Response;
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/login?redirectTo=%2Fsettings&error=oauth_provider_not_found");

    const flow = await signInWithOidc({ sub: sub(), email: `again${process.pid}@example.test`, email_verified: true });
    const res = (await oauthRoute.loader(
      routeArgs(appRequest(flow.jar, "/auth/oauth/oidc?redirectTo=//evil.example"), { provider: "oidc" }),
    )) as Response;
    expect(res.headers.get("location")).toBe("/");
  });
});

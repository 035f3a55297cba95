import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { contextFor, cookieFrom, linkFromOutbox, nextIp, pageRequest, useAuthConfig } from "../../tests/support/auth";
import type { Config } from "~/config.server";
import * as callback from "./auth.callback";
import * as login from "./login";
import * as signup from "./signup";

/**
 * The auth modal posts to /login with a fetcher and `_modal=1`: it needs the
 * session cookie and an answer, not a redirect. Without the field the page
 * behaves as before (redirect).
 */

useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

const PASSWORD = "Str0ng!pass";
const args = (request: Request) => ({ request, context: contextFor(nextIp()), params: {} }) as never;
type DataResult = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

async function verifiedAccount(email: string, username: string) {
  const form = { intent: "signup", username, email, password: PASSWORD, confirmPassword: PASSWORD, agreeToTerms: "on" };
  const up = (await signup.action(args(pageRequest("/signup", { form })))) as unknown as DataResult;
  const link = linkFromOutbox(config, email, "/auth/callback");
  // In the browser that signed up (the sign-up's mark): the link signs in there.
  const mark = cookieFrom(new Headers(up.init?.headers).getSetCookie());
  await callback.action(args(pageRequest("/auth/callback", { form: { token: link.searchParams.get("token")! }, cookie: mark })));
}

describe("login action answering the auth modal", () => {
  it("with _modal=1 returns ok and the session cookie instead of redirecting", async () => {
    const email = `modal${process.pid}@example.test`;
    await verifiedAccount(email, `modal_${process.pid}`.slice(0, 21));
    const r = (await login.action(
      args(pageRequest("/login", { form: { email, password: PASSWORD, _modal: "1", redirectTo: "/settings" } })),
    )) as unknown as DataResult;
    expect(r).not.toBeInstanceOf(Response);
    expect(r.data).toMatchObject({ ok: true, error: null, errors: {} });
    const cookie = cookieFrom(new Headers(r.init?.headers).getSetCookie());
    expect(cookie).toContain("savepoint.session_token=");

    // The same form without the field still redirects (no-JS page).
    const page = (await login.action(
      args(pageRequest("/login", { form: { email, password: PASSWORD, redirectTo: "/settings" } })),
    )) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/settings");
  });

  it("with _modal=1 a wrong password is the banner message, not ok", async () => {
    const r = (await login.action(
      args(pageRequest("/login", { form: { email: "nobody@example.test", password: "Wrong!pass1", _modal: "1" } })),
    )) as unknown as DataResult;
    expect(r.init?.status).toBe(401);
    expect(r.data).toMatchObject({ error: "Invalid email or password" });
    expect(r.data.ok).toBeUndefined();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { contextFor, cookieFrom, nextIp, pageRequest, TEST_PASSWORD, useAuthConfig, verifiedAccount } from "../../tests/support/auth";
import { optionalUser } from "~/auth/session.server";
import { signIn } from "~/modules/accounts/accounts.service.server";
import type { Config } from "~/config.server";
import * as password from "./account.password";

/** Settings → Change password, through the route's action as a plain form post. */

useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

const args = (request: Request) => ({ request, context: contextFor(nextIp()), params: {} }) as never;
type DataResult = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };
const post = async (cookie: string, form: Record<string, string>) =>
  (await password.action(args(pageRequest("/account/password", { form, cookie })))) as unknown as DataResult;
const NEW = "N3w!password";

describe("change password", () => {
  it("needs the current password, ends every other session and keeps this browser signed in", async () => {
    const f = await verifiedAccount(config, "Changer");
    const other = await signIn(pageRequest("/login"), contextFor(nextIp()), { email: f.email, password: TEST_PASSWORD, rememberMe: true });
    const otherCookie = cookieFrom(other.ok ? other.data.setCookies : []);
    expect(await optionalUser(pageRequest("/", { cookie: otherCookie }))).not.toBeNull();

    const wrong = await post(f.cookie, { currentPassword: "Wr0ng!pass", newPassword: NEW, confirmPassword: NEW });
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data).toMatchObject({ error: null, errors: { currentPassword: "Current password is incorrect" } });

    const weak = await post(f.cookie, { currentPassword: TEST_PASSWORD, newPassword: "weak", confirmPassword: "weak" });
    expect(weak.init?.status).toBe(400);
    expect(weak.data.errors).toEqual({ newPassword: "Password must be at least 8 characters" });

    const mismatch = await post(f.cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW, confirmPassword: "x" });
    expect(mismatch.data.errors).toEqual({ confirmPassword: "Passwords don't match" });

    const same = await post(f.cookie, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
    expect(same.data.errors).toEqual({ newPassword: "New password must be different from the current one" });

    const done = await post(f.cookie, { currentPassword: TEST_PASSWORD, newPassword: NEW, confirmPassword: NEW });
    expect(done.init?.status ?? 200).toBe(200);
    expect(done.data).toMatchObject({
      done: "Your password has been changed. You have been signed out on every other device.",
      error: null,
    });

    // The other device is signed out; this browser carries on with the fresh cookie.
    expect(await optionalUser(pageRequest("/", { cookie: otherCookie }))).toBeNull();
    const fresh = cookieFrom(new Headers(done.init?.headers).getSetCookie());
    expect(await optionalUser(pageRequest("/", { cookie: fresh }))).toMatchObject({ email: f.email });

    const ctx = contextFor(nextIp());
    expect(await signIn(pageRequest("/login"), ctx, { email: f.email, password: TEST_PASSWORD, rememberMe: false })).toMatchObject({
      status: 401,
    });
    expect(await signIn(pageRequest("/login"), ctx, { email: f.email, password: NEW, rememberMe: false })).toMatchObject({ ok: true });
  }, 120_000); // a dozen password hashes: slow on a busy machine

  it("asks a visitor to sign in and refuses another site's form", async () => {
    await expect(password.loader(args(pageRequest("/account/password")) as never)).rejects.toMatchObject({ status: 302 });
    const f = await verifiedAccount(config, "Csrf");
    const request = new Request("http://localhost:5199/account/password", {
      method: "POST",
      headers: { origin: "https://evil.example", cookie: f.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ currentPassword: TEST_PASSWORD, newPassword: NEW, confirmPassword: NEW }),
    });
    await expect(password.action(args(request))).rejects.toMatchObject({ init: { status: 403 } });
  });
});

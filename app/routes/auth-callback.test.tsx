import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/setup/database";
import { contextFor, cookieFrom, freshAccount, linkFromOutbox, nextIp, pageRequest, useAuthConfig } from "../../tests/support/auth";
import { renderRoute } from "../../tests/support/render-route";
import type { Config } from "~/config.server";
import { signUp } from "~/modules/accounts/accounts.service.server";
import AuthCallbackRoute, { action } from "./auth.callback";

useTestDatabase();
let config: Config;
beforeAll(() => {
  config = useAuthConfig();
});

type Result = { data: Record<string, unknown>; init: { status?: number; headers?: Headers } | null } & Record<string, unknown>;
const post = async (token: string, cookie?: string): Promise<Result> =>
  (await action({
    request: pageRequest("/auth/callback", { form: { token }, cookie }),
    context: contextFor(nextIp()),
    params: {},
  } as never)) as unknown as Result;

function render(actionData: unknown): string {
  return renderRoute(AuthCallbackRoute, "routes/auth.callback", "/auth/callback", "/auth/callback", { token: "t" }, actionData);
}

describe("e-mail verification page", () => {
  it("a link used a second time says the address is verified and asks to sign in, without a session", async () => {
    const f = freshAccount("Verify");
    const up = await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), f);
    expect(up.ok).toBe(true);
    const token = linkFromOutbox(config, f.email, "/auth/callback").searchParams.get("token")!;

    // In the browser that signed up (its mark): the first use signs in.
    const mark = cookieFrom(up.ok ? up.data.setCookies : []);
    const first = await post(token, mark);
    expect(first.data).toEqual({ ok: true, error: null });
    expect(first.init?.headers?.get("set-cookie")).toMatch(/session_token=/);

    const again = await post(token, mark);
    expect(again).toEqual({ ok: true, error: null, alreadyVerified: true });
    const html = render(again);
    expect(html).toContain("Email Already Verified");
    expect(html).toContain("Sign in to continue.");
    expect(html).not.toContain("Redirecting");
    expect(html).toContain('href="/login"');
  });

  it("opened in another browser than the sign-up's: verified, and the page asks for the password (no session)", async () => {
    const f = freshAccount("Elsewhere");
    expect((await signUp(pageRequest("/signup", { method: "POST" }), contextFor(nextIp()), f)).ok).toBe(true);
    const token = linkFromOutbox(config, f.email, "/auth/callback").searchParams.get("token")!;
    const r = await post(token);
    expect(r).toEqual({ ok: true, error: null, signInNeeded: true });
    const html = render(r);
    expect(html).toContain("Email Verified Successfully!");
    expect(html).toContain("Sign in with your password to continue.");
    expect(html).not.toContain("Redirecting");
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/forgot-password"');
  });

  it("a bad token says what is wrong once and what to do", async () => {
    const bad = await post("not-a-token");
    expect(bad.init?.status).toBe(400);
    const html = render(bad.data);
    // The heading, then the spec's message, then what may be wrong with the link on a line of its own.
    expect(html.match(/Email Verification Failed/g)).toHaveLength(1);
    expect(html).toMatch(/<p[^>]*>Email verification failed<\/p><p[^>]*>This verification link is not valid\./);
    expect(html.indexOf("Email Verification Failed")).toBeLessThan(html.indexOf("Email verification failed"));
    expect(html).toContain("Resend verification email");
    expect(html).toContain('href="/login"');
  });
});

import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../../app/config.server";

/** Helpers for tests against the real HTTP app (tests/support/real-app.ts). */

let ipSeq = 0;
/** A distinct client address (the app trusts X-Forwarded-For from loopback), so rate limits never meet. */
export function nextForwardedIp(): string {
  ipSeq += 1;
  return `10.${(process.pid % 200) + 20}.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
}

export function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

export function cookieHeader(lines: string[]): string {
  return lines
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

let accountSeq = 0;
export const HTTP_TEST_PASSWORD = "Str0ng!pass";

/** A new account signed up through /api/auth and verified through /auth/callback: its e-mail and session cookie. */
export async function signedInAccount(base: string): Promise<{ email: string; cookie: string }> {
  accountSeq += 1;
  const username = `http_${process.pid % 10000}_${accountSeq}`;
  const email = `${username}@example.test`;
  const headers = { origin: base, "content-type": "application/json", "x-forwarded-for": nextForwardedIp() };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: username,
      username,
      email,
      password: HTTP_TEST_PASSWORD,
      confirmPassword: HTTP_TEST_PASSWORD,
      agreeToTerms: true,
    }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const outbox = path.join(getConfig().dataDir, "outbox");
  const mail = fs
    .readdirSync(outbox)
    .filter((f) => f.includes(email.replace(/[^A-Za-z0-9@._-]/g, "_")))
    .map((f) =>
      fs
        .readFileSync(path.join(outbox, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .at(-1);
  const token = /auth\/callback\?token=([^\s"<>&]+)/.exec(mail ?? "");
  if (!token) throw new Error(`no verification link for ${email}`);
  // Posted from the browser that signed up (the sign-up's mark): the link signs in there.
  const verified = await fetch(`${base}/auth/callback`, {
    method: "POST",
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextForwardedIp(),
      cookie: cookieHeader(setCookies(up)),
    },
    body: new URLSearchParams({ token: decodeURIComponent(token[1]!) }),
  });
  const cookie = cookieHeader(setCookies(verified));
  if (!cookie) throw new Error(`verification did not sign in: ${verified.status}`);
  return { email, cookie };
}

/** True when `location` (a Location header) stays on `base`'s origin and cannot be read as another host. */
export function staysOnSite(location: string | null, base: string): boolean {
  if (location === null) return true;
  if (/[\u0000-\u0020\\]/.test(location) || location.startsWith("//")) return false;
  return new URL(location, base).origin === new URL(base).origin;
}

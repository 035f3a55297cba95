import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signUp, verifyEmail } from "../../app/modules/accounts/accounts.service.server";
import { RouterContextProvider } from "react-router";
import { loadConfig, setConfig, type Config } from "../../app/config.server";
import { requestInfoContext } from "../../app/context.server";

/** Test helpers for the accounts tests: a config with a temporary DATA_DIR, requests, the outbox. */

export const APP_URL = "http://localhost:5199";

export function useAuthConfig(): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-auth-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    APP_URL,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
  });
  setConfig(config);
  return config;
}

let ipSeq = 0;
/** A distinct client address, so rate-limit buckets do not leak between tests. */
export function nextIp(): string {
  ipSeq += 1;
  return `10.${process.pid % 250}.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`;
}

/**
 * A React Router context carrying the client address the HTTP layer would provide (a real provider,
 * so a route can also set and read a context of its own within the request, as it does in the app).
 */
export function contextFor(ip: string) {
  return new RouterContextProvider(new Map([[requestInfoContext, { nonce: "", requestId: "test", ip }]])) as never;
}

export function pageRequest(pathname: string, init: { method?: string; form?: Record<string, string>; cookie?: string } = {}): Request {
  const headers = new Headers({ origin: APP_URL });
  if (init.cookie) headers.set("cookie", init.cookie);
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  if (body) headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${APP_URL}${pathname}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Cookie header value from Set-Cookie lines (name=value pairs only). */
export function cookieFrom(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** All mails written to the outbox for an address, oldest first, decoded. */
export function outboxMails(config: Config, to: string): string[] {
  const dir = path.join(config.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml") && f.includes(to.replace(/[^A-Za-z0-9@._-]/g, "_")))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** The first link to `pathname` in the newest mail for `to`. */
export function linkFromOutbox(config: Config, to: string, pathname: string): URL {
  const mails = outboxMails(config, to);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail for ${to}`);
  const escaped = `${APP_URL}${pathname}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`${escaped}\\?token=[^\\s"<>]+`).exec(last);
  if (!match) throw new Error(`no ${pathname} link in the mail for ${to}`);
  return new URL(match[0].replace(/&amp;/g, "&"));
}

export const TEST_PASSWORD = "Str0ng!pass";
let accountSeq = 0;

/** Sign-up form values no other test file uses (process id and a counter in both names). */
export function freshAccount(prefix = "Player") {
  accountSeq += 1;
  const tag = `${process.pid % 1000}_${accountSeq}`;
  return {
    username: `${prefix}_${tag}`,
    email: `${prefix.toLowerCase()}${process.pid}_${accountSeq}@example.test`,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    agreeToTerms: true as const,
  };
}

/**
 * A new account, signed up and verified through the link in the outbox; verification signs it in, so
 * `cookie` is its session.
 */
export async function verifiedAccount(config: Config, prefix = "Player") {
  const f = freshAccount(prefix);
  const ctx = contextFor(nextIp());
  const up = await signUp(pageRequest("/signup", { method: "POST" }), ctx, f);
  if (!up.ok) throw new Error(`sign-up of ${f.username} failed: ${JSON.stringify(up)}`);
  const link = linkFromOutbox(config, f.email, "/auth/callback");
  // Opened in the browser that signed up (its mark from the sign-up answer): the link signs in there.
  const verified = await verifyEmail(
    pageRequest(link.pathname + link.search, { cookie: cookieFrom(up.data.setCookies) }),
    ctx,
    link.searchParams.get("token"),
  );
  if (!verified.ok) throw new Error(`verification of ${f.username} failed: ${JSON.stringify(verified)}`);
  return { ...f, ctx, cookie: cookieFrom(verified.data.setCookies) };
}

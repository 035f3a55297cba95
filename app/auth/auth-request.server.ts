import type { RouterContextProvider } from "react-router";
import { requestInfoContext, type RequestInfo } from "~/context.server";
import { getConfig } from "~/config.server";
import { CLIENT_IP_HEADER, getAuth } from "./auth.server";

/**
 * Calls a Better Auth endpoint through auth.handler on behalf of the page
 * request: the browser's cookies and client address go along, so our form
 * actions get the same hooks, rate limits and Set-Cookie headers as
 * /api/auth/*, and never a way around them.
 */

export interface AuthCallResult<T = unknown> {
  ok: boolean;
  status: number;
  data: T | null;
  /** Better Auth's error message (or ours from the hooks). */
  message: string | null;
  code: string | null;
  /** The form field a validation error belongs to (our hooks set it). */
  field: string | null;
  /** Seconds to wait after a 429. */
  retryAfter: number | null;
  /** Set-Cookie headers to pass on to the browser. */
  setCookies: string[];
}

type ContextLike = Pick<RouterContextProvider, "get"> | undefined;

/**
 * The client address the HTTP layer determined (Express req.ip behind
 * `trust proxy`), when it hands one over in the request context; the incoming
 * request's own headers are never trusted for it.
 */
export function clientIp(context: ContextLike): string | undefined {
  if (!context) return undefined;
  try {
    const info = context.get(requestInfoContext) as RequestInfo & { ip?: string; clientIp?: string };
    return info.ip ?? info.clientIp ?? undefined;
  } catch {
    return undefined;
  }
}

/** Headers for a request to Better Auth: the caller's, minus any client-supplied address, plus the trusted one. */
export function forwardedHeaders(request: Request, context: ContextLike): Headers {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientIp(context);
  if (ip) headers.set(CLIENT_IP_HEADER, ip.replace(/^::ffff:/, ""));
  return headers;
}

export async function callAuth<T = unknown>(
  request: Request,
  context: ContextLike,
  endpoint: string,
  init: { method?: "GET" | "POST"; body?: Record<string, unknown>; query?: Record<string, string> } = {},
): Promise<AuthCallResult<T>> {
  const { appUrl } = getConfig();
  const url = new URL(`${appUrl}/api/auth${endpoint}`);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers();
  const source = forwardedHeaders(request, context);
  for (const name of ["cookie", "user-agent", "accept-language", CLIENT_IP_HEADER]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("origin", appUrl);
  const method = init.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const response = await getAuth().handler(
    new Request(url, { method, headers, body: method === "POST" ? JSON.stringify(init.body ?? {}) : undefined }),
  );
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  const ok = response.status >= 200 && response.status < 400;
  const retry = response.headers.get("x-retry-after");
  return {
    ok,
    status: response.status,
    data: ok ? (json as T) : null,
    message: !ok && typeof json?.message === "string" ? json.message : null,
    code: !ok && typeof json?.code === "string" ? json.code : null,
    field: !ok && typeof json?.field === "string" ? json.field : null,
    retryAfter: retry ? Number(retry) : null,
    setCookies: response.headers.getSetCookie(),
  };
}

/** Response headers carrying the Set-Cookie lines of one or more auth calls. */
export function cookieHeaders(...results: { setCookies: string[] }[]): Headers {
  const headers = new Headers();
  for (const r of results) for (const c of r.setCookies) headers.append("set-cookie", c);
  return headers;
}

/** How long to wait after a 429, as a sentence. */
export function waitMessage(retryAfter: number | null): string {
  const minutes = Math.max(1, Math.ceil((retryAfter ?? 60) / 60));
  return `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** A clear sentence for a 429. */
export function tooManyRequestsMessage(retryAfter: number | null): string {
  return `Too many attempts. ${waitMessage(retryAfter)}`;
}

import type { Route } from "./+types/api.auth.$";
import { checkAuthRequest } from "~/auth/auth-front.server";
import { forwardedHeaders } from "~/auth/auth-request.server";
import { getAuth } from "~/auth/auth.server";

/**
 * Better Auth's HTTP API under /api/auth/*. Redirect parameters must be paths on this site
 * (auth-front.server.ts). The client address header is replaced by the one the HTTP layer
 * determined (never the client's own).
 */
async function handle(request: Request, context: Route.LoaderArgs["context"]) {
  const checked = await checkAuthRequest(request);
  if (!checked.ok) return checked.response;
  // A verification link is opened through its page (/auth/callback), which verifies without switching a
  // signed-in browser into the link's account; Better Auth's own endpoint would switch it.
  const url = new URL(request.url);
  if (url.pathname === "/api/auth/verify-email") {
    const token = url.searchParams.get("token") ?? "";
    return new Response(null, {
      status: 302,
      headers: { location: `/auth/callback${token ? `?token=${encodeURIComponent(token)}` : ""}`, "cache-control": "no-store" },
    });
  }
  const headers = forwardedHeaders(request, context);
  const init: RequestInit = { method: request.method, headers, signal: request.signal };
  if (checked.body !== undefined) init.body = checked.body;
  return getAuth().handler(new Request(request.url, init));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}

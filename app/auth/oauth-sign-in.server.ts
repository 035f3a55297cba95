import type { RouterContextProvider } from "react-router";
import { callAuth } from "./auth-request.server";
import { oauthProviders } from "./providers.server";
import { optionalUser } from "./session.server";

type ContextLike = Pick<RouterContextProvider, "get"> | undefined;

export interface OAuthStart {
  /** Where to send the browser: the provider's authorization page, or back to our site. */
  location: string;
  /** The sign-in state cookie Better Auth sets (the callback must come back to the same browser). */
  setCookies: string[];
}

/** /login with an error code (and the page to return to), for a sign-in that could not start or finish. */
export function loginErrorPath(code: string, redirectTo = "/"): string {
  const params = new URLSearchParams();
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  params.set("error", code);
  return `/login?${params.toString()}`;
}

/**
 * Starts an OAuth / OpenID Connect sign-in: Better Auth's /sign-in/social
 * (through auth.handler, so its rate limit and Origin check apply) creates the
 * state and returns the provider's authorization URL. After the provider, the
 * callback (/api/auth/callback/<id>) signs the user in and lands on
 * `redirectTo`; a failure lands on /login?error=<code>.
 */
export async function startOAuthSignIn(
  request: Request,
  context: ContextLike,
  providerId: string,
  redirectTo: string,
): Promise<OAuthStart> {
  if (!oauthProviders().some((p) => p.id === providerId))
    return { location: loginErrorPath("oauth_provider_not_found", redirectTo), setCookies: [] };
  if (await optionalUser(request)) return { location: redirectTo, setCookies: [] };
  const errorPath = redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  const r = await callAuth<{ url?: unknown }>(request, context, "/sign-in/social", {
    body: { provider: providerId, callbackURL: redirectTo, errorCallbackURL: errorPath, disableRedirect: true },
  });
  if (r.status === 429) return { location: loginErrorPath("rate_limited", redirectTo), setCookies: [] };
  const url = typeof r.data?.url === "string" ? r.data.url : null;
  if (!r.ok || !url) return { location: loginErrorPath("oauth_unavailable", redirectTo), setCookies: [] };
  return { location: url, setCookies: r.setCookies };
}

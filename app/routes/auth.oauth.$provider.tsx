import { redirect } from "react-router";
import type { Route } from "./+types/auth.oauth.$provider";
import { cookieHeaders } from "~/auth/auth-request.server";
import { startOAuthSignIn } from "~/auth/oauth-sign-in.server";
import { safeRedirectTo } from "~/auth/session.server";

/**
 * GET /auth/oauth/:provider?redirectTo=/path — the target of the "Continue with …"
 * buttons (plain links, so they work without JavaScript and under the CSP's
 * form-action 'self'). Sends the browser to the provider; afterwards it lands on
 * redirectTo, or on /login?error=<code> when the sign-in fails.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  const start = await startOAuthSignIn(request, context, params.provider, redirectTo);
  const headers = cookieHeaders(start);
  headers.set("Cache-Control", "no-store");
  return redirect(start.location, { headers });
}

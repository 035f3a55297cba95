/**
 * OAuth sign-in, the parts the browser needs too: the provider list's shape,
 * where a button points, and the messages for a failed sign-in (shown on
 * /login?error=<code>). The server side is providers.server.ts.
 */

/** One configured sign-in provider, as the UI shows it. */
export interface OAuthProviderInfo {
  /** "oidc", "github", "google", "discord" or "twitch". */
  id: string;
  /** Button label: "GitHub", ... or OIDC_DISPLAY_NAME (default "OpenID"). */
  name: string;
}

/**
 * Where a provider button points: a plain link (GET), so it works without
 * JavaScript and under the site's CSP (`form-action 'self'` would block a form
 * POST that redirects to the provider). `redirectTo` is where the user lands
 * after signing in (a local path; default "/").
 */
export function oauthStartHref(providerId: string, redirectTo?: string | null): string {
  const base = `/auth/oauth/${encodeURIComponent(providerId)}`;
  return redirectTo && redirectTo !== "/" ? `${base}?redirectTo=${encodeURIComponent(redirectTo)}` : base;
}

export const OAUTH_MESSAGES = {
  cancelled: "Sign-in was cancelled. You can try again or use your email and password.",
  accountNotLinked:
    "An account with this email already exists. Sign in with your email and password, or use 'Forgot password?' to get a link by email; accounts are linked automatically only when both email addresses are verified.",
  emailMissing: "The provider did not share a verified email address. Allow access to your email address and try again.",
  expired: "Your sign-in attempt expired or was started in another browser. Please try again.",
  unavailable: "This sign-in method is not available right now. Please try again later or use your email and password.",
  rateLimited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  failed: "Sign-in with the provider failed. Please try again.",
} as const;

const BY_CODE: Record<string, string> = {
  access_denied: OAUTH_MESSAGES.cancelled,
  account_not_linked: OAUTH_MESSAGES.accountNotLinked,
  unable_to_link_account: OAUTH_MESSAGES.accountNotLinked,
  email_does_not_match: OAUTH_MESSAGES.accountNotLinked,
  email_not_found: OAUTH_MESSAGES.emailMissing,
  email_not_verified: OAUTH_MESSAGES.emailMissing,
  state_mismatch: OAUTH_MESSAGES.expired,
  state_not_found: OAUTH_MESSAGES.expired,
  please_restart_the_process: OAUTH_MESSAGES.expired,
  invalid_callback_request: OAUTH_MESSAGES.expired,
  no_code: OAUTH_MESSAGES.expired,
  oauth_provider_not_found: OAUTH_MESSAGES.unavailable,
  provider_not_found: OAUTH_MESSAGES.unavailable,
  oauth_unavailable: OAUTH_MESSAGES.unavailable,
  rate_limited: OAUTH_MESSAGES.rateLimited,
};

/**
 * The message for `?error=<code>` on /login. Only known codes map to their
 * text; anything else gets the generic one (the provider's own error_description
 * is never shown: it comes from the URL, so anyone could write it).
 */
export function oauthErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  // Own keys only: "__proto__", "constructor" or "toString" in the URL are no codes (the prototype's members are no messages).
  return Object.hasOwn(BY_CODE, code) ? (BY_CODE[code] ?? OAUTH_MESSAGES.failed) : OAUTH_MESSAGES.failed;
}

import { getCurrentAdapter, type BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { isUsernameTaken } from "~/modules/accounts/accounts.queries.server";
import { usernameTakenInAuthTransaction, type AuthDatabase } from "./auth.queries.server";
import { generateUsername, NAME_MAX } from "~/modules/accounts/accounts.schema";
import { cleanName, hasVisibleText } from "~/lib/user-text";
import { getConfig, type Config, type OAuthSettings } from "~/config.server";
import type { OAuthProviderInfo } from "./oauth";

/**
 * OAuth / OpenID Connect sign-in providers, from the environment (app/config.server.ts):
 *
 * - any OpenID Connect provider (OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET,
 *   OIDC_DISPLAY_NAME) through Better Auth's genericOAuth plugin with discovery;
 * - GitHub, Google, Discord and Twitch through Better Auth's built-in social providers.
 *
 * Each provider redirects back to `${APP_URL}/api/auth/callback/<id>` (a GET: the
 * authorization response comes as query parameters, so React Router's check on
 * cross-origin POSTs never sees it). Register that URL with the provider.
 */

/** The id of the generic OpenID Connect provider (its callback is /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

const BUILT_IN = [
  { id: "github", name: "GitHub" },
  { id: "google", name: "Google" },
  { id: "discord", name: "Discord" },
  { id: "twitch", name: "Twitch" },
] as const satisfies readonly { id: keyof Omit<OAuthSettings, "oidc">; name: string }[];

/** The configured providers in button order: the self-hoster's own OpenID provider first. */
export function oauthProvidersFor(settings: OAuthSettings): OAuthProviderInfo[] {
  const list: OAuthProviderInfo[] = [];
  if (settings.oidc) list.push({ id: OIDC_PROVIDER_ID, name: settings.oidc.displayName });
  for (const p of BUILT_IN) if (settings[p.id]) list.push({ id: p.id, name: p.name });
  return list;
}

/** The sign-in buttons to show: one per configured provider, none when none is configured. */
export function oauthProviders(): OAuthProviderInfo[] {
  return oauthProvidersFor(getConfig().oauth);
}

/** The callback URL to register with a provider. */
export function oauthCallbackUrl(appUrl: string, providerId: string): string {
  return `${appUrl}/api/auth/callback/${providerId}`;
}

/** Better Auth `socialProviders` for the configured built-in providers. */
export function socialProvidersFor(settings: OAuthSettings): NonNullable<BetterAuthOptions["socialProviders"]> {
  const out: NonNullable<BetterAuthOptions["socialProviders"]> = {};
  if (settings.github) out.github = { ...settings.github };
  if (settings.google) out.google = { ...settings.google, prompt: "select_account" };
  if (settings.discord) out.discord = { ...settings.discord };
  if (settings.twitch) out.twitch = { ...settings.twitch };
  return out;
}

/** The genericOAuth plugin for the OpenID Connect provider, or none. */
export function oidcPluginsFor(settings: OAuthSettings) {
  const oidc = settings.oidc;
  if (!oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: oidc.displayName,
          discoveryUrl: `${oidc.issuerUrl}/.well-known/openid-configuration`,
          // Identity comes from the signed ID token; a discovery document without issuer/JWKS is refused.
          requireIdTokenVerification: true,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ["openid", "email", "profile"],
          pkce: true,
          // Authorization response as query parameters: the callback is a GET.
          responseMode: "query",
          // Signing out of Savepoint does not sign the user out of their identity provider.
          disableProviderLogout: true,
        },
      ],
    }),
  ];
}

/** Better Auth options for OAuth sign-in: providers, plugins and the linking policy. */
export function oauthOptionsFor(config: Config) {
  return {
    socialProviders: socialProvidersFor(config.oauth),
    plugins: oidcPluginsFor(config.oauth),
    account: {
      // Provider access/refresh tokens are kept encrypted with BETTER_AUTH_SECRET (we never call the providers' APIs).
      encryptOAuthTokens: true,
      accountLinking: {
        // Link to an existing account by e-mail only when the provider says the
        // address is verified AND our account's address is verified; no provider
        // is trusted blindly.
        enabled: true,
        trustedProviders: [],
        requireLocalEmailVerified: true,
        allowDifferentEmails: false,
      },
    },
  } satisfies Pick<BetterAuthOptions, "socialProviders" | "plugins" | "account">;
}

type UserCreateBefore = NonNullable<NonNullable<NonNullable<NonNullable<BetterAuthOptions["databaseHooks"]>["user"]>["create"]>["before"]>;

/** The one way in that may create an account whose address nobody has proved: it mails the proof first. */
const EMAIL_SIGN_UP_PATH = "/sign-up/email";

/**
 * An account may start with an unproved address only from the e-mail sign-up, which lets no one in
 * before the mailbox answers. A provider that does not vouch for the address (email_verified false)
 * creates nothing: such an account would be signed in at once, and its provider link would survive
 * the address's owner later proving it (a verification or reset link mailed to them), leaving the
 * provider account's holder a way into the owner's account. The sign-in ends on
 * /login?error=email_not_verified.
 */
function refuseUnprovedAddress(user: { emailVerified?: unknown }, ctx: { path?: string } | null | undefined): void {
  if (user.emailVerified === true || !ctx || ctx.path === EMAIL_SIGN_UP_PATH) return;
  throw new APIError("FORBIDDEN", {
    code: "email_not_verified",
    message: "The provider did not vouch for this email address",
  });
}

/**
 * databaseHooks.user.create.before: an address nobody has proved is refused (refuseUnprovedAddress)
 * outside the e-mail sign-up; an account created without a username (an
 * OAuth sign-up; the e-mail sign-up always brings one) gets one derived from its
 * e-mail, and an empty name falls back to it. Availability is checked
 * on the lowercase name through the adapter of the running transaction.
 */
/**
 * A provider's display name made to follow the rules a typed name follows (accounts.schema nameField):
 * control, invisible and direction characters dropped, spaces collapsed, at most 50 characters.
 * Empty when nothing visible is left.
 */
export function providerName(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const cleaned = cleanName(raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, " "));
  if (!hasVisibleText(cleaned)) return "";
  // (The rule counts UTF-16 units, as the form's check does; whole characters are dropped from the end.)
  const chars = Array.from(cleaned);
  while (chars.join("").length > NAME_MAX) chars.pop();
  return chars.join("").trim();
}

export function assignUsernameOnCreate(db: AuthDatabase): UserCreateBefore {
  return async (user, ctx) => {
    refuseUnprovedAddress(user, ctx);
    const current = (user as { username?: unknown }).username;
    if (typeof current === "string" && current !== "") return;
    const adapter = ctx ? await getCurrentAdapter(ctx.context.adapter) : null;
    const isTaken = (candidate: string) => (adapter ? usernameTakenInAuthTransaction(adapter, candidate) : isUsernameTaken(candidate, db));
    const username = await generateUsername(user.email, isTaken);
    const name = providerName(user.name) || username;
    return { data: { ...user, name, username, displayUsername: username } };
  };
}

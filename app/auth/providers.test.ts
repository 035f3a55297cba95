import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/config.server";
import { OAUTH_MESSAGES, oauthErrorMessage, oauthStartHref } from "./oauth";
import { oauthCallbackUrl, oauthOptionsFor, oauthProvidersFor, oidcPluginsFor, socialProvidersFor } from "./providers.server";

/** OAuth provider configuration from the environment (app/config.server.ts → providers.server.ts). */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savepoint-providers-"));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: "s".repeat(40), ...env });

describe("OAuth providers from the environment", () => {
  it("no variables → no providers, no plugin, no buttons", () => {
    const { oauth } = load({});
    expect(oauth).toEqual({ oidc: null, github: null, google: null, discord: null, twitch: null });
    expect(oauthProvidersFor(oauth)).toEqual([]);
    expect(socialProvidersFor(oauth)).toEqual({});
    expect(oidcPluginsFor(oauth)).toEqual([]);
  });

  it("empty values count as unset", () => {
    expect(oauthProvidersFor(load({ GITHUB_CLIENT_ID: "", GITHUB_CLIENT_SECRET: " ", OIDC_ISSUER_URL: "" }).oauth)).toEqual([]);
  });

  it("every provider with its variables: one button each, the OpenID provider first, its name defaulting to 'OpenID'", () => {
    const config = load({
      OIDC_ISSUER_URL: "https://auth.example.org/realms/main/",
      OIDC_CLIENT_ID: "oidc-id",
      OIDC_CLIENT_SECRET: "oidc-secret",
      GITHUB_CLIENT_ID: "gh-id",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GOOGLE_CLIENT_ID: "g-id",
      GOOGLE_CLIENT_SECRET: "g-secret",
      DISCORD_CLIENT_ID: "d-id",
      DISCORD_CLIENT_SECRET: "d-secret",
      TWITCH_CLIENT_ID: "t-id",
      TWITCH_CLIENT_SECRET: "t-secret",
    });
    expect(config.oauth.oidc).toEqual({
      issuerUrl: "https://auth.example.org/realms/main",
      clientId: "oidc-id",
      clientSecret: "oidc-secret",
      displayName: "OpenID",
    });
    expect(oauthProvidersFor(config.oauth)).toEqual([
      { id: "oidc", name: "OpenID" },
      { id: "github", name: "GitHub" },
      { id: "google", name: "Google" },
      { id: "discord", name: "Discord" },
      { id: "twitch", name: "Twitch" },
    ]);
    const social = socialProvidersFor(config.oauth);
    expect(Object.keys(social)).toEqual(["github", "google", "discord", "twitch"]);
    expect(social.github).toEqual({ clientId: "gh-id", clientSecret: "gh-secret" });
    const [plugin] = oidcPluginsFor(config.oauth);
    expect(plugin?.id).toBe("generic-oauth");
    expect(plugin?.options.config).toEqual([
      expect.objectContaining({
        providerId: "oidc",
        name: "OpenID",
        discoveryUrl: "https://auth.example.org/realms/main/.well-known/openid-configuration",
        clientId: "oidc-id",
        clientSecret: "oidc-secret",
        responseMode: "query",
        requireIdTokenVerification: true,
      }),
    ]);
    // Linking only by verified e-mail: no provider is trusted blindly.
    expect(oauthOptionsFor(config).account.accountLinking).toMatchObject({
      enabled: true,
      trustedProviders: [],
      requireLocalEmailVerified: true,
    });
    expect(oauthCallbackUrl(config.appUrl, "oidc")).toBe("http://localhost:3000/api/auth/callback/oidc");
  });

  it("OIDC_DISPLAY_NAME names the button", () => {
    const { oauth } = load({
      OIDC_ISSUER_URL: "http://127.0.0.1:9000",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
      OIDC_DISPLAY_NAME: "Company SSO",
    });
    expect(oauthProvidersFor(oauth)).toEqual([{ id: "oidc", name: "Company SSO" }]);
  });

  it.each([
    [{ GITHUB_CLIENT_ID: "x" }, /GITHUB_CLIENT_SECRET: expected a value as well, because GITHUB_CLIENT_ID is set/],
    [{ GOOGLE_CLIENT_SECRET: "x" }, /GOOGLE_CLIENT_ID: expected a value as well, because GOOGLE_CLIENT_SECRET is set/],
    [{ DISCORD_CLIENT_ID: "x" }, /DISCORD_CLIENT_SECRET: expected/],
    [{ TWITCH_CLIENT_SECRET: "x" }, /TWITCH_CLIENT_ID: expected/],
    [{ OIDC_ISSUER_URL: "https://auth.example.org" }, /OIDC_CLIENT_ID: expected a value as well, because OIDC_ISSUER_URL is set/],
    [{ OIDC_ISSUER_URL: "https://auth.example.org", OIDC_CLIENT_ID: "a" }, /OIDC_CLIENT_SECRET: expected a value as well/],
    [{ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, /OIDC_ISSUER_URL: expected a value as well/],
    [{ OIDC_DISPLAY_NAME: "SSO" }, /OIDC_ISSUER_URL: expected a value as well, because OIDC_DISPLAY_NAME is set/],
    [{ OIDC_ISSUER_URL: "auth.example.org", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, /OIDC_ISSUER_URL: expected the issuer URL/],
    [
      { OIDC_ISSUER_URL: "ftp://auth.example.org", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" },
      /OIDC_ISSUER_URL: expected an issuer URL starting with https:\/\//,
    ],
  ])("a half-configured or wrong provider is a config error naming the variable: %o", (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it("never echoes a secret in the error", () => {
    expect(() => load({ GITHUB_CLIENT_SECRET: "very-secret-value" })).toThrow(/GITHUB_CLIENT_ID/);
    try {
      load({ GITHUB_CLIENT_SECRET: "very-secret-value" });
    } catch (err) {
      expect(String(err)).not.toContain("very-secret-value");
    }
  });
});

describe("OAuth UI helpers", () => {
  it("button links carry a local redirectTo only when it is not the home page", () => {
    expect(oauthStartHref("github")).toBe("/auth/oauth/github");
    expect(oauthStartHref("github", "/")).toBe("/auth/oauth/github");
    expect(oauthStartHref("oidc", "/game/zelda?tab=reviews")).toBe("/auth/oauth/oidc?redirectTo=%2Fgame%2Fzelda%3Ftab%3Dreviews");
  });

  it("maps callback error codes to our messages; unknown codes get the generic one", () => {
    expect(oauthErrorMessage(null)).toBeNull();
    expect(oauthErrorMessage("")).toBeNull();
    expect(oauthErrorMessage("access_denied")).toBe(OAUTH_MESSAGES.cancelled);
    expect(oauthErrorMessage("account_not_linked")).toBe(OAUTH_MESSAGES.accountNotLinked);
    expect(oauthErrorMessage("state_mismatch")).toBe(OAUTH_MESSAGES.expired);
    expect(oauthErrorMessage("email_not_found")).toBe(OAUTH_MESSAGES.emailMissing);
    expect(oauthErrorMessage("rate_limited")).toBe(OAUTH_MESSAGES.rateLimited);
    // The names of an object's own prototype are no codes: "__proto__" returned an object (a 500 on /login).
    for (const code of ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"])
      expect(oauthErrorMessage(code), code).toBe(OAUTH_MESSAGES.failed);
    expect(oauthErrorMessage("<script>alert(1)</script>")).toBe(OAUTH_MESSAGES.failed);
  });
});

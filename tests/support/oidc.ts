import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for
 * the OAuth tests. No dev interactions: its interaction endpoint logs in the
 * account the test chose (`loginAs`) and grants the requested scopes, or denies
 * (`deny`), then hands back to the provider, which redirects to the client's
 * callback with a code. Everything else (discovery, authorize, token, userinfo,
 * JWKS, ID-token signing) is the library's own.
 */

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction logs in (replaces the previous one). */
  loginAs(account: TestAccount): void;
  /** The next interaction ends with access_denied (the user cancelled). */
  deny(): void;
  close(): Promise<void>;
}

export async function startOidcProvider(opts: { redirectUri: string }): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  let next: { kind: "login"; sub: string } | { kind: "deny" } | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "savepoint-test";
  const clientSecret = "savepoint-test-secret-0123456789";

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => {
          const claims: Record<string, unknown> = { sub };
          if (account.email !== undefined) claims.email = account.email;
          if (account.email_verified !== undefined) claims.email_verified = account.email_verified;
          if (account.name !== undefined) claims.name = account.name;
          return claims as { sub: string };
        },
      };
    },
  });
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const choice = next;
    if (!choice) throw new Error("test OIDC provider: no account chosen (call loginAs or deny)");
    if (choice.kind === "deny") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === "login") {
      await provider.interactionFinished(req, res, { login: { accountId: choice.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    // consent: grant what the client asked for
    const accountId = details.session?.accountId ?? choice.sub;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error("test OIDC provider: grant not found");
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on("request", (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(err instanceof Error ? err.message : String(err));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    loginAs(account) {
      accounts.set(account.sub, account);
      next = { kind: "login", sub: account.sub };
    },
    deny() {
      next = { kind: "deny" };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

import { deleteIgdbToken, readIgdbToken, storeIgdbToken } from "./igdb.queries.server";

/**
 * The Twitch app access token for IGDB (client-credentials grant,
 * https://dev.twitch.tv/docs/authentication/getting-tokens-oauth/#client-credentials-grant-flow).
 *
 * Kept in memory and in the igdb_token table with its expiry, so every process and every restart
 * shares one token. A token is used until 60 s before it ends; then (or after IGDB rejected it with
 * 401) one refresh runs and every concurrent caller waits for that same refresh. The database is
 * a shared cache only: when it cannot be read or written the token lives in memory.
 */

export interface TwitchCredentials {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
}

export interface TokenManagerOptions {
  fetch: typeof fetch;
  now: () => number;
  /** Refresh this long before the token ends (60 s). */
  refreshBeforeMs: number;
  timeoutMs: number;
}

export class TwitchTokenError extends Error {
  override name = "TwitchTokenError";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

interface Held {
  clientId: string;
  token: string;
  expiresAt: number;
}

export class TwitchTokenManager {
  private held: Held | null = null;
  private refreshing: Promise<string> | null = null;
  /** Tokens IGDB refused: never taken from the database again. */
  private readonly rejected = new Set<string>();
  /** Token requests sent to Twitch by this manager (for tests and logs). */
  requests = 0;

  constructor(private readonly opts: TokenManagerOptions) {}

  private usable(h: { token: string; expiresAt: number } | null): boolean {
    return !!h && !this.rejected.has(h.token) && h.expiresAt - this.opts.refreshBeforeMs > this.opts.now();
  }

  /** A valid token for these credentials: held, stored, or freshly requested (one request for all callers). */
  async get(creds: TwitchCredentials): Promise<string> {
    if (this.held && this.held.clientId === creds.clientId && this.usable(this.held)) return this.held.token;
    this.refreshing ??= this.refresh(creds).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** IGDB answered 401 with `token`: forget it (here and in the database) so the next get() refreshes. */
  async invalidate(creds: TwitchCredentials, token: string): Promise<void> {
    this.rejected.add(token);
    if (this.held?.token === token) this.held = null;
    try {
      await deleteIgdbToken(creds.clientId, token);
    } catch (err) {
      console.warn("[igdb] could not remove the rejected token from the database:", (err as Error).message);
    }
  }

  /** Forgets the held token (tests). The stored one stays. */
  clear(): void {
    this.held = null;
    this.rejected.clear();
  }

  private async refresh(creds: TwitchCredentials): Promise<string> {
    const stored = await this.readStored(creds.clientId);
    if (stored && this.usable(stored)) {
      this.held = { clientId: creds.clientId, ...stored };
      return stored.token;
    }
    const fresh = await this.request(creds);
    this.held = { clientId: creds.clientId, ...fresh };
    await this.store(creds.clientId, fresh);
    return fresh.token;
  }

  private async readStored(clientId: string): Promise<{ token: string; expiresAt: number } | null> {
    try {
      return await readIgdbToken(clientId);
    } catch (err) {
      console.warn("[igdb] could not read the stored token:", (err as Error).message);
      return null;
    }
  }

  private async store(clientId: string, t: { token: string; expiresAt: number }): Promise<void> {
    try {
      await storeIgdbToken(clientId, t.token, new Date(t.expiresAt));
    } catch (err) {
      console.warn("[igdb] could not store the token:", (err as Error).message);
    }
  }

  private async request(creds: TwitchCredentials): Promise<{ token: string; expiresAt: number }> {
    this.requests++;
    const body = new URLSearchParams({ client_id: creds.clientId, client_secret: creds.clientSecret, grant_type: "client_credentials" });
    let res: Response;
    try {
      res = await this.opts.fetch(creds.tokenUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      throw new TwitchTokenError(
        e.name === "TimeoutError" ? "Twitch token request timed out" : `Twitch token request failed: ${e.message}`,
        null,
      );
    }
    const text = await res.text().catch(() => "");
    if (!res.ok) throw new TwitchTokenError(`Twitch token request failed: ${res.status}`, res.status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new TwitchTokenError("Twitch token response is not JSON", res.status);
    }
    const { access_token: token, expires_in: expiresIn } = (json ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof token !== "string" || token === "" || typeof expiresIn !== "number" || !(expiresIn > 0)) {
      throw new TwitchTokenError("Twitch token response has no access_token / expires_in", res.status);
    }
    return { token, expiresAt: this.opts.now() + expiresIn * 1000 };
  }
}

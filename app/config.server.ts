import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Environment configuration, parsed once at boot. A wrong value names the
 * variable and what it expects; callers (the server and the CLIs) print the
 * message and exit 1.
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (expect: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .optional()
    .refine((v) => v === undefined || URL.canParse(v), { message: expect });

/** OAuth / OpenID Connect sign-in providers: each is on when its variables are set (app/auth/providers.server.ts). */
export const OAUTH_PAIRS = [
  ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"],
  ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"],
] as const;
const OIDC_REQUIRED = ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

const EnvObject = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "a port number between 0 and 65535" })
    .int("a port number between 0 and 65535")
    .min(0, "a port number between 0 and 65535")
    .max(65535, "a port number between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  APP_URL: url("an absolute URL such as https://savepoint.example.org"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: url("a PostgreSQL URL such as postgres://user:pass@host:5432/savepoint").refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    { message: "a PostgreSQL URL starting with postgres:// or postgresql://" },
  ),
  SMTP_URL: url("an SMTP URL such as smtp://user:pass@mail.example.org:587 or smtps://...").refine(
    (v) => v === undefined || /^smtps?:\/\//.test(v),
    { message: "an SMTP URL starting with smtp:// or smtps://" },
  ),
  MAIL_FROM: optionalString,
  BETTER_AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "at least 32 characters (or leave it unset to have one generated in DATA_DIR)",
  }),
  IGDB_CLIENT_ID: optionalString,
  IGDB_CLIENT_SECRET: optionalString,
  IGDB_API_URL: url("an absolute URL such as https://api.igdb.com/v4"),
  TWITCH_TOKEN_URL: url("an absolute URL such as https://id.twitch.tv/oauth2/token"),
  CONTENT_POLICY_FILE: optionalString,
  CONTENT_FILTER_LEVEL: z
    .enum(["BLOCK_ALL", "AGGRESSIVE", "MODERATE", "MOD_FRIENDLY"], {
      message: "one of BLOCK_ALL, AGGRESSIVE, MODERATE, MOD_FRIENDLY",
    })
    .default("MODERATE"),
  HTML_CACHE_TTL: z.coerce
    .number({ message: "a number of seconds between 0 and 60 (0 turns the anonymous page cache off)" })
    .min(0, "a number of seconds between 0 and 60 (0 turns the anonymous page cache off)")
    .max(60, "a number of seconds between 0 and 60 (0 turns the anonymous page cache off)")
    .default(2),
  WRITE_RATE_LIMIT: z.coerce
    .number({ message: "a number of changes per minute between 0 and 10000 (0 turns the limit off)" })
    .int("a number of changes per minute between 0 and 10000 (0 turns the limit off)")
    .min(0, "a number of changes per minute between 0 and 10000 (0 turns the limit off)")
    .max(10_000, "a number of changes per minute between 0 and 10000 (0 turns the limit off)")
    .default(60),
  WEB_CONCURRENCY: z.coerce
    .number({ message: "a number of server processes between 1 and 64" })
    .int("a number of server processes between 1 and 64")
    .min(1, "a number of server processes between 1 and 64")
    .max(64, "a number of server processes between 1 and 64")
    .optional(),
  COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^(?:[A-Za-z0-9-]{1,64})?$/, { message: 'a request header name such as CF-IPCountry, or "none"' })
    .optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  OIDC_ISSUER_URL: url("the issuer URL of an OpenID Connect provider, such as https://auth.example.org/realms/main").refine(
    (v) => v === undefined || /^https?:\/\//.test(v),
    { message: "an issuer URL starting with https:// (or http://), such as https://auth.example.org/realms/main" },
  ),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_DISPLAY_NAME: optionalString.refine((v) => v === undefined || v.length <= 40, {
    message: "a button label of at most 40 characters",
  }),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  TWITCH_CLIENT_ID: optionalString,
  TWITCH_CLIENT_SECRET: optionalString,
});

/** A provider is configured completely or not at all; a half-set one names the missing variable. */
const EnvSchema = EnvObject.superRefine((e, ctx) => {
  if (e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    ctx.addIssue({
      code: "custom",
      path: ["WEB_CONCURRENCY"],
      message: "1 with the embedded database (one process opens it); several server processes need PostgreSQL (set DATABASE_URL)",
    });
  for (const [id, secret] of OAUTH_PAIRS) {
    if (e[id] && !e[secret])
      ctx.addIssue({ code: "custom", path: [secret], message: `a value as well, because ${id} is set (set both or neither)` });
    if (e[secret] && !e[id])
      ctx.addIssue({ code: "custom", path: [id], message: `a value as well, because ${secret} is set (set both or neither)` });
  }
  const setOidc = [...OIDC_REQUIRED, "OIDC_DISPLAY_NAME" as const].filter((name) => e[name] !== undefined);
  if (setOidc.length > 0) {
    for (const name of OIDC_REQUIRED) {
      if (e[name] === undefined)
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `a value as well, because ${setOidc.join(", ")} ${setOidc.length === 1 ? "is" : "are"} set (OpenID Connect sign-in needs OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET)`,
        });
    }
  }
});

export type Env = z.infer<typeof EnvSchema>;

/** Credentials of a built-in OAuth provider. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Sign-in providers from the environment; null = not configured. */
export interface OAuthSettings {
  oidc: (OAuthClient & { issuerUrl: string; displayName: string }) | null;
  github: OAuthClient | null;
  google: OAuthClient | null;
  discord: OAuthClient | null;
  twitch: OAuthClient | null;
}

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  igdb: { clientId: string; clientSecret: string; apiUrl: string; tokenUrl: string } | null;
  igdbApiUrl: string;
  twitchTokenUrl: string;
  logLevel: Env["LOG_LEVEL"];
  oauth: OAuthSettings;
  /** Request header carrying the visitor's country code, set by the operator's proxy; null = none (no lookups ever). */
  countryHeader: string | null;
  /** The operator's content policy (docs/content-filter.md); relative paths from the working directory. */
  contentPolicyFile: string;
  /** Level of the policy's rights holders that name none. */
  contentFilterLevel: Env["CONTENT_FILTER_LEVEL"];
  /** Seconds an anonymous page stays in the HTML cache (server/html-cache.ts); 0 = off. */
  htmlCacheTtl: number;
  /** Changes (POSTs not refused) one signed-in member may make per minute (server/write-limit.ts); 0 = no limit. */
  writeRateLimit: number;
  /**
   * Server processes (`npm start`; docs/decisions/018): WEB_CONCURRENCY, else one per core on PostgreSQL
   * (at most 8) and always 1 on the embedded database, which only one process may open.
   */
  webConcurrency: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = env[name];
      // Secrets are never echoed (the message reaches logs).
      const shown = got !== undefined && !name.endsWith("_SECRET") ? ` (got ${JSON.stringify(got)})` : "";
      return `  ${name}: expected ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** Reads BETTER_AUTH_SECRET from DATA_DIR, generating and keeping one on first boot. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

const client = (clientId: string | undefined, clientSecret: string | undefined): OAuthClient | null =>
  clientId && clientSecret ? { clientId, clientSecret } : null;

function oauthSettings(e: Env): OAuthSettings {
  const oidc = client(e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
  return {
    oidc:
      oidc && e.OIDC_ISSUER_URL
        ? { ...oidc, issuerUrl: e.OIDC_ISSUER_URL.replace(/\/+$/, ""), displayName: e.OIDC_DISPLAY_NAME ?? "OpenID" }
        : null,
    github: client(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
    google: client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    discord: client(e.DISCORD_CLIENT_ID, e.DISCORD_CLIENT_SECRET),
    twitch: client(e.TWITCH_CLIENT_ID, e.TWITCH_CLIENT_SECRET),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const igdbApiUrl = (e.IGDB_API_URL ?? "https://api.igdb.com/v4").replace(/\/+$/, "");
  const twitchTokenUrl = e.TWITCH_TOKEN_URL ?? "https://id.twitch.tv/oauth2/token";
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Savepoint <no-reply@${new URL(appUrl).hostname}>`,
    authSecret: e.BETTER_AUTH_SECRET ?? persistentSecret(dataDir),
    igdb:
      e.IGDB_CLIENT_ID && e.IGDB_CLIENT_SECRET
        ? { clientId: e.IGDB_CLIENT_ID, clientSecret: e.IGDB_CLIENT_SECRET, apiUrl: igdbApiUrl, tokenUrl: twitchTokenUrl }
        : null,
    igdbApiUrl,
    twitchTokenUrl,
    logLevel: e.LOG_LEVEL,
    oauth: oauthSettings(e),
    countryHeader: !e.COUNTRY_HEADER ? "cf-ipcountry" : e.COUNTRY_HEADER.toLowerCase() === "none" ? null : e.COUNTRY_HEADER.toLowerCase(),
    contentPolicyFile: path.resolve(e.CONTENT_POLICY_FILE ?? "config/content-policy.json"),
    contentFilterLevel: e.CONTENT_FILTER_LEVEL,
    htmlCacheTtl: e.HTML_CACHE_TTL,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? Math.min(availableParallelism(), 8) : 1),
  };
}

const CONFIG_KEY = Symbol.for("savepoint.config");
type WithConfig = typeof globalThis & { [CONFIG_KEY]?: Config };

/**
 * The process-wide configuration. The server build bundles app/ code separately
 * from server/, so the value lives on globalThis to be shared by both copies.
 */
export function getConfig(): Config {
  const g = globalThis as WithConfig;
  g[CONFIG_KEY] ??= loadConfig();
  return g[CONFIG_KEY];
}

export function setConfig(config: Config): void {
  (globalThis as WithConfig)[CONFIG_KEY] = config;
}

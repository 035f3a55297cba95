import { randomBytes } from "node:crypto";
import fs from "node:fs";
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

const EnvSchema = z.object({
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
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

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
      return `  ${name}: expected ${issue.message}${got !== undefined ? ` (got ${JSON.stringify(got)})` : ""}`;
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

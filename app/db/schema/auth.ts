import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./users";

/**
 * Better Auth's tables next to `user` (app/auth/auth.server.ts). Property names
 * are the field names Better Auth uses (its Drizzle adapter looks them up), the
 * columns are snake_case like the rest of the schema. Ids are serial like
 * user.id (advanced.database.generateId: "serial").
 */

/** A signed-in browser. Deleted with its user. */
export const session = pgTable(
  "session",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("session_token_key").on(t.token), index("session_user_idx").on(t.userId)],
);

/** A way to sign in: "credential" (e-mail + password hash) or an OAuth/OIDC provider. */
export const account = pgTable(
  "account",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId), uniqueIndex("account_provider_account_key").on(t.providerId, t.accountId)],
);

/** One-time values: password-reset tokens, OAuth state. */
export const verification = pgTable(
  "verification",
  {
    id: serial("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters (Better Auth rateLimit.storage "database"), shared by every process. */
export const rateLimit = pgTable(
  "rate_limit",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique("rate_limit_key_key"),
    count: integer("count").notNull(),
    lastRequest: bigint("last_request", { mode: "number" }).notNull(),
  },
  // Idle counters are found by age: the sweep (rate-limit.server.ts) and Better Auth's own pruning.
  (t) => [index("rate_limit_last_request_idx").on(t.lastRequest)],
);

import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { game } from "./catalogue";
import { user } from "./users";

/**
 * Privacy consent (user_preferences and privacy_audit_log) and the
 * page-view events that consent allows. Everything here belongs to one user and goes with the
 * account (ON DELETE CASCADE); events and audit entries older than 90 days are deleted by the
 * retention job (app/modules/privacy/retention.server.ts).
 */

/** A signed-in user's consent: one row per user, upserted on every choice. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .unique("user_preferences_user_id_key")
      .references(() => user.id, { onDelete: "cascade" }),
    analyticsOptedIn: boolean("analytics_opted_in").notNull().default(false),
    trackingLevel: text("tracking_level").notNull().default("anonymous"),
    consentDate: timestamp("consent_date", { withTimezone: true }).notNull().defaultNow(),
    consentIpCountry: text("consent_ip_country"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_preferences_tracking_level", sql`${t.trackingLevel} in ('none', 'anonymous', 'full')`),
    // Withdrawal is "off and none"; any other level is opted in.
    check("user_preferences_opt_in_matches_level", sql`${t.analyticsOptedIn} = (${t.trackingLevel} <> 'none')`),
    check("user_preferences_country", sql`${t.consentIpCountry} is null or ${t.consentIpCountry} ~ '^[A-Z]{2}$'`),
  ],
);

/** One row per consent given or withdrawn. */
export const privacyAuditLog = pgTable(
  "privacy_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    /** { tracking_level } */
    details: jsonb("details").$type<{ tracking_level: string }>().notNull(),
    ipCountry: text("ip_country"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("privacy_audit_log_user_idx").on(t.userId),
    index("privacy_audit_log_created_idx").on(t.createdAt),
    check("privacy_audit_log_action", sql`${t.action} in ('consent_given', 'consent_withdrawn')`),
    check("privacy_audit_log_country", sql`${t.ipCountry} is null or ${t.ipCountry} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * A game page viewed with analytics consent: the game, the
 * navigation source, the SHA-256 of the browser's random session id and the country.
 * Only the 'full' level may carry the user id; the check makes 'anonymous' rows anonymous.
 */
export const pageView = pgTable(
  "page_view",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => user.id, { onDelete: "cascade" }),
    trackingLevel: text("tracking_level").notNull(),
    navigationSource: text("navigation_source").notNull(),
    sessionHash: text("session_hash").notNull(),
    country: text("country"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("page_view_created_idx").on(t.createdAt),
    index("page_view_game_idx").on(t.gameId),
    index("page_view_user_idx")
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check("page_view_tracking_level", sql`${t.trackingLevel} in ('anonymous', 'full')`),
    check("page_view_user_only_full", sql`${t.userId} is null or ${t.trackingLevel} = 'full'`),
    check("page_view_session_hash", sql`${t.sessionHash} ~ '^[0-9a-f]{64}$'`),
    check("page_view_country", sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
    check("page_view_source", sql`length(${t.navigationSource}) between 1 and 20`),
  ],
);

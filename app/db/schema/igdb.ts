import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The Twitch app access token the IGDB client uses (client-credentials grant), kept with its expiry so
 * every process (and every restart) shares one token instead of asking Twitch for a new one.
 * One row per IGDB client id: changing IGDB_CLIENT_ID starts a new row.
 */
export const igdbToken = pgTable("igdb_token", {
  clientId: text("client_id").primaryKey(),
  accessToken: text("access_token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

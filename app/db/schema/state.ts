import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Small facts the server keeps about its own data, by key. `search_derivation`: the fingerprint of the
 * rules that derived game.search_name / game.search_aliases from the titles (catalogue/search/
 * derived-refresh.server.ts): when a release changes the rules, start-up derives the stored rows again.
 */
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

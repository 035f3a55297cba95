import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The text Discover Users searches: username, name and bio, lower-case and without accents. Stored
 * (user.search_text) and trigram-indexed, so neither the index recheck nor the query recomputes it.
 */
function userSearchText(t: { username: AnyPgColumn; name: AnyPgColumn; bio: AnyPgColumn }): SQL {
  return sql`f_unaccent(lower(coalesce(${t.username}, '') || ' ' || coalesce(${t.name}, '') || ' ' || coalesce(${t.bio}, '')))`;
}

/**
 * The account and its public profile in one row.
 * Shaped so Better Auth can use it directly with numeric ids (the accounts
 * issue adds its session/account/verification tables next to it).
 */
export const user = pgTable(
  "user",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    username: text("username"),
    displayUsername: text("display_username"),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    location: text("location"),
    website: text("website"),
    platform: text("platform"),
    followerCount: integer("follower_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    /** The user's ratings (reviews), kept exact in the transaction of every rating insert and delete. */
    ratingCount: integer("rating_count").notNull().default(0),
    /** userSearchText, stored: Discover's search reads and indexes this column. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => userSearchText(user)),
    /** The name, lower-case and without accents: Discover's relevance order (name matches rank 3). */
    searchName: text("search_name")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${user.name}))`),
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("user_username_key").on(t.username),
    index("user_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    // Discover Users: username, name and bio searched together, case- and accent-insensitively.
    index("user_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Two-character searches (no trigram to look up): the text's bigrams (f_bigrams, migration 0015).
    index("user_search_bigram_idx").using("gin", sql`f_bigrams(${t.searchText})`),
    // Discover's sorts: Most Followers and Recently Joined read these backwards. Partial: Discover lists
    // only accounts whose address is verified (docs/decisions/025), and its queries say so.
    index("user_follower_count_idx")
      .on(t.followerCount, t.id)
      .where(sql`${t.emailVerified}`),
    index("user_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.emailVerified}`),
    // Top reviewers (most first, ties by id) read this forwards, hence DESC (NULLS FIRST, what ORDER BY
    // ... DESC means); Most Reviews reads it with an incremental sort on followers.
    index("user_rating_count_idx")
      .on(t.ratingCount.desc().nullsFirst(), t.id)
      .where(sql`${t.emailVerified}`),
    // The daily expiry of sign-ups never verified (app/modules/accounts/unverified-expiry.server.ts) reads
    // the oldest unverified accounts: a small partial index, only accounts still waiting.
    index("user_unverified_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`not ${t.emailVerified}`),
    check("user_username_format", sql`${t.username} is null or ${t.username} ~ '^[a-z0-9_]{3,21}$'`),
    check("user_counts_nonneg", sql`${t.followerCount} >= 0 and ${t.followingCount} >= 0`),
    check("user_rating_count_nonneg", sql`${t.ratingCount} >= 0`),
  ],
);

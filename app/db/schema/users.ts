import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The text Discover Users searches: username, name and bio, lower-case and without accents. The
 * index and the query must use this very expression for the planner to match them.
 */
export function userSearchText(t: { username: AnyPgColumn; name: AnyPgColumn; bio: AnyPgColumn }): SQL {
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
    isAdmin: boolean("is_admin").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("user_username_key").on(t.username),
    index("user_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    // Discover Users: username, name and bio searched together, case- and accent-insensitively.
    index("user_search_trgm_idx").using("gin", sql`${userSearchText(t)} gin_trgm_ops`),
    // Discover's sorts: Most Followers and Recently Joined read these backwards.
    index("user_follower_count_idx").on(t.followerCount, t.id),
    index("user_created_idx").on(t.createdAt, t.id),
    check("user_username_format", sql`${t.username} is null or ${t.username} ~ '^[a-z0-9_]{3,21}$'`),
    check("user_counts_nonneg", sql`${t.followerCount} >= 0 and ${t.followingCount} >= 0`),
  ],
);

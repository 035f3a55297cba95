import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { game, rating } from "./catalogue";
import { user } from "./users";

// Indexes are ascending on purpose: read backwards they serve ORDER BY ... DESC (NULLS FIRST), which
// an index declared with drizzle's .desc() (DESC NULLS LAST) does not match.

/** Longest comment or reply, in characters. */
export const COMMENT_MAX_LENGTH = 500;

/**
 * A comment on a review. Replies point at their top-level comment (one level; the service flattens
 * a reply to a reply). Comment counts are computed from this table (index on rating_id), so they
 * never drift when a user, review or parent comment is deleted by cascade.
 */
export const comment = pgTable(
  "comment",
  {
    id: serial("id").primaryKey(),
    // Null only for a '[deleted]' comment kept for others' replies after its author deleted the account
    // (deleteUserReleasingCounts removes every other comment of theirs first, explicitly).
    userId: integer("user_id").references(() => user.id, { onDelete: "set null" }),
    ratingId: integer("rating_id")
      .notNull()
      .references(() => rating.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    parentCommentId: integer("parent_comment_id").references((): AnyPgColumn => comment.id, { onDelete: "cascade" }),
    likeCount: integer("like_count").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A review's top-level comments (parent null) newest first, and a thread's replies oldest first.
    index("comment_rating_parent_created_idx").on(t.ratingId, t.parentCommentId, t.createdAt),
    index("comment_parent_idx")
      .on(t.parentCommentId)
      .where(sql`${t.parentCommentId} is not null`),
    index("comment_user_created_idx").on(t.userId, t.createdAt),
    check("comment_content_length", sql`char_length(${t.content}) between 1 and 500 and btrim(${t.content}) <> ''`),
    check("comment_like_count_nonneg", sql`${t.likeCount} >= 0`),
    check("comment_not_own_parent", sql`${t.parentCommentId} is null or ${t.parentCommentId} <> ${t.id}`),
    // Only a '[deleted]' comment may outlive its author: a user row deleted any other way than
    // deleteUserReleasingCounts (which removes the rest first) fails instead of leaving authorless comments.
    check("comment_author_or_deleted", sql`${t.userId} is not null or not ${t.isPublished}`),
  ],
);

/** A like of a review (rating_id) or of a comment (comment_id), never both. One per user and target. */
export const contentLike = pgTable(
  "content_like",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ratingId: integer("rating_id").references(() => rating.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comment.id, { onDelete: "cascade" }),
    isLike: boolean("is_like").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_like_user_rating_key")
      .on(t.userId, t.ratingId)
      .where(sql`${t.ratingId} is not null`),
    uniqueIndex("content_like_user_comment_key")
      .on(t.userId, t.commentId)
      .where(sql`${t.commentId} is not null`),
    // Counting a review's / comment's likes and cascading deletes from them.
    index("content_like_rating_idx")
      .on(t.ratingId)
      .where(sql`${t.ratingId} is not null`),
    index("content_like_comment_idx")
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    // A user's likes, newest first (activity).
    index("content_like_user_created_idx").on(t.userId, t.createdAt),
    check("content_like_one_target", sql`(${t.ratingId} is null) <> (${t.commentId} is null)`),
  ],
);

/** Started / finished per user and game. Finished implies started. */
export const gameProgress = pgTable(
  "game_progress",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    igdbId: integer("igdb_id"),
    started: boolean("started").notNull().default(false),
    completed: boolean("completed").notNull().default(false),
    startedDate: timestamp("started_date", { withTimezone: true }),
    completedDate: timestamp("completed_date", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("game_progress_user_game_key").on(t.userId, t.gameId),
    index("game_progress_user_updated_idx").on(t.userId, t.updatedAt),
    // Activity's Started and Finished sources, newest first, and the stats strip's started count.
    index("game_progress_user_started_idx")
      .on(t.userId, t.startedDate, t.id)
      .where(sql`${t.started}`),
    index("game_progress_user_completed_idx")
      .on(t.userId, t.completedDate, t.id)
      .where(sql`${t.completed}`),
    index("game_progress_game_idx").on(t.gameId),
    check("game_progress_completed_started", sql`not ${t.completed} or ${t.started}`),
  ],
);

/** Wishlist priority: Low, Normal, High. */
export const WISHLIST_PRIORITY = { low: 0, normal: 1, high: 2 } as const;

/**
 * Games a user owns but has not played yet. Keyed by the internal game id, like progress, reviews and the
 * Top 5, so a catalogue game without an IGDB id can be listed; igdb_id is the game's IGDB id when the
 * entry was written (informational: nothing looks an entry up by it).
 */
export const userCollection = pgTable(
  "user_collection",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    igdbId: integer("igdb_id"),
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_collection_user_game_key").on(t.userId, t.gameId),
    index("user_collection_user_added_idx").on(t.userId, t.addedAt),
    index("user_collection_game_idx").on(t.gameId),
    check("user_collection_igdb_id_positive", sql`${t.igdbId} > 0`),
  ],
);

/** Games a user wants to buy. Keyed by the internal game id, as the collection is. */
export const userWishlist = pgTable(
  "user_wishlist",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    igdbId: integer("igdb_id"),
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    priority: smallint("priority").notNull().default(WISHLIST_PRIORITY.normal),
    notes: text("notes"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_wishlist_user_game_key").on(t.userId, t.gameId),
    index("user_wishlist_user_priority_idx").on(t.userId, t.priority, t.addedAt),
    index("user_wishlist_user_added_idx").on(t.userId, t.addedAt),
    index("user_wishlist_game_idx").on(t.gameId),
    check("user_wishlist_igdb_id_positive", sql`${t.igdbId} > 0`),
    check("user_wishlist_priority", sql`${t.priority} in (0, 1, 2)`),
    check("user_wishlist_notes_length", sql`${t.notes} is null or char_length(${t.notes}) <= 1000`),
  ],
);

/**
 * A user's five favourites, one game per slot, each one the user has rated: the entry references the
 * user's rating of the game, so deleting that review (or the account, or the game) takes it out of
 * the Top 5 in the same statement, and no path can place an unrated game.
 */
export const userTopGames = pgTable(
  "user_top_games",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    uniqueIndex("user_top_games_user_game_key").on(t.userId, t.gameId),
    index("user_top_games_game_idx").on(t.gameId),
    check("user_top_games_position", sql`${t.position} between 1 and 5`),
    foreignKey({
      name: "user_top_games_rating_fk",
      columns: [t.userId, t.gameId],
      foreignColumns: [rating.userId, rating.gameId],
    }).onDelete("cascade"),
  ],
);

/** follower follows following; never oneself. */
export const userFollow = pgTable(
  "user_follow",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    followingId: integer("following_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    // A user's followers and the users they follow, newest follow first (the profile's follow dialog,
    // paged by (created_at, id)); the first also serves every other lookup by following_id.
    index("user_follow_following_created_idx").on(t.followingId, t.createdAt, t.followerId),
    index("user_follow_follower_created_idx").on(t.followerId, t.createdAt, t.followingId),
    check("user_follow_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

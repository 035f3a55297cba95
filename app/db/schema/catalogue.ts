import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./users";

/** PostgreSQL's tsvector, read as its text form (search never reads it back). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A game of the catalogue. igdb_id is the external games-database
 * id; games imported without one (curated or retro lists) have none, which is
 * why it is nullable here while the IGDB save path requires it.
 */
export const game = pgTable(
  "game",
  {
    id: serial("id").primaryKey(),
    igdbId: integer("igdb_id"),
    gameId: text("game_id"),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    summary: text("summary"),
    description: text("description"),
    releaseDate: date("release_date", { mode: "string" }),
    releaseYear: smallint("release_year"),
    coverUrl: text("cover_url"),
    picUrl: text("pic_url"),
    screenshots: text("screenshots")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    genre: text("genre"),
    genres: text("genres")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    platforms: text("platforms")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    developer: text("developer"),
    publisher: text("publisher"),
    igdbRating: real("igdb_rating"),
    igdbRatingCount: integer("igdb_rating_count"),
    /** IGDB hypes + follows, or a catalogue file's generic `popularity`: a weak notability signal for search. */
    igdbPopularity: real("igdb_popularity"),
    metacriticScore: integer("metacritic_score"),
    category: smallint("category").notNull().default(0),
    parentGameId: integer("parent_game_id"),
    parentIgdbId: integer("parent_igdb_id"),
    alternativeNames: text("alternative_names")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    franchiseName: text("franchise_name"),
    collectionName: text("collection_name"),
    dlcIds: integer("dlc_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    expansionIds: integer("expansion_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    similarGameIds: integer("similar_game_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    igdbLink: text("igdb_link"),
    isVerified: boolean("is_verified").notNull().default(false),
    viewCount: integer("view_count").notNull().default(0),
    /** Normalised title (lowercase, no accents or punctuation) used by search. */
    searchName: text("search_name").notNull().default(""),
    /** Normalised alternative names joined with ' | ', for trigram search. */
    searchAliases: text("search_aliases").notNull().default(""),
    /**
     * search_name without spaces ("half life 2" → "halflife2"), so "halflife", "spiderman" and
     * "pac man" meet their titles whatever the spacing. Generated: always in step with search_name.
     */
    searchCompact: text("search_compact")
      .notNull()
      .generatedAlwaysAs(sql`replace(search_name, ' ', '')`),
    /**
     * The full-text document of search (title and alternative names), stored so that matching a row
     * costs no to_tsvector call: search checks rows one by one when it walks games in rating order.
     */
    searchTsv: tsvector("search_tsv")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', search_name || ' ' || search_aliases)`),
    /** Denormalised review stats, kept in step with `rating` in the same transaction. */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: numeric("rating_sum", { precision: 10, scale: 1, mode: "number" }).notNull().default(0),
    /**
     * The ratings panel's ten bars: element b (1-based) counts the ratings with floor(rating) = b.
     * Kept in step with `rating` like the count and sum (reviews.queries.server.ts).
     */
    ratingHistogram: integer("rating_histogram")
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0,0,0,0,0,0}'::integer[]`),
    /** Ratings whose text has a non-space character (review ~ '[^[:space:]]'): 'See all N reviews'. */
    writtenReviewCount: integer("written_review_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("game_igdb_id_key").on(t.igdbId),
    uniqueIndex("game_slug_key").on(t.slug),
    index("game_parent_game_id_idx").on(t.parentGameId),
    index("game_parent_igdb_id_idx").on(t.parentIgdbId),
    // GIN indexes without a pending list (fastupdate off): the embedded database runs no autovacuum, so
    // a pending list would only grow and be scanned linearly by every search. No trigram index on
    // search_name itself: PostgreSQL preferred it to the exact prefix index below for LIKE 'ma%'
    // (lossy, 8× the rows read); the spacing-free search_compact has the trigram index.
    index("game_fts_idx").using("gin", t.searchTsv).with({ fastupdate: false }),
    index("game_search_compact_trgm_idx")
      .using("gin", sql`${t.searchCompact} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Prefix search (LIKE 'x%') for terms too short for trigrams, under any collation.
    index("game_search_name_prefix_idx").on(t.searchName.op("text_pattern_ops")),
    // The browse sort indexes (name, release both ways, average rating, rating count): migration 0026
    // recreates them with INCLUDE (genres), which Drizzle cannot express, so that browsing one genre
    // walks them index-only (search.queries.server.ts, browseCatalogue): keep the two in step.
    index("game_name_idx").on(t.searchName, t.id),
    // Search candidates in their order inside a tier (most reviewed, shortest title, id): a term that
    // matches many games walks this index and stops at the candidate cap (search.queries.server.ts).
    // Migration 0019 recreates it with INCLUDE (search_name, search_compact, search_tsv), which Drizzle
    // cannot express, so that the walk is an index-only scan: keep the two in step.
    index("game_search_order_idx").on(t.ratingCount.desc(), sql`length(${t.searchName})`, t.id),
    // Browse by release: the best-known date (the date, else 1 July of the year), undated games last in
    // both orders; the expression must stay the same as the search module's releaseSortKey.
    index("game_release_sort_idx").on(sql`(coalesce(${t.releaseDate}, make_date(nullif(${t.releaseYear}, 0), 7, 1))) asc nulls last`, t.id),
    index("game_release_sort_desc_idx").on(
      sql`(coalesce(${t.releaseDate}, make_date(nullif(${t.releaseYear}, 0), 7, 1))) desc nulls last`,
      t.id.desc(),
    ),
    index("game_release_year_idx").on(t.releaseYear),
    // The search page's Genre filter (genres @> '{name}'), in searches and browsing; no pending list, as above.
    index("game_genres_idx").using("gin", t.genres).with({ fastupdate: false }),
    index("game_rating_count_idx").on(t.ratingCount, t.id),
    // Browse sorted by average user rating, best first, unrated last (the search module's expression).
    index("game_avg_rating_idx").on(sql`(${t.ratingSum} / nullif(${t.ratingCount}, 0)) desc nulls last`, t.id.desc()),
    check("game_igdb_id_positive", sql`${t.igdbId} is null or ${t.igdbId} > 0`),
    check("game_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("game_rating_count_nonneg", sql`${t.ratingCount} >= 0`),
    check("game_rating_histogram_shape", sql`cardinality(${t.ratingHistogram}) = 10`),
    check("game_written_review_count_nonneg", sql`${t.writtenReviewCount} >= 0`),
  ],
);

/**
 * Distinct words (4+ letters) of game titles and alternative names, for spelling correction in
 * search ("metriod" → "metroid"): a small table the trigram index searches in a millisecond.
 * Filled by triggers on game (drizzle/0003_search_words.sql); words are never removed (a stale
 * word only costs a lookup).
 */
export const searchWord = pgTable(
  "search_word",
  {
    word: text("word").primaryKey(),
  },
  (t) => [
    index("search_word_trgm_idx")
      .using("gin", sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * The catalogue's genres, for the search page's Genre filter: every name found in game.genres with the
 * number of games that have it, kept by triggers on game (drizzle/0022_game_genres.sql, 0025): a name
 * goes when its last game loses it or is deleted, so the filter never offers a genre with no games.
 */
export const gameGenre = pgTable(
  "game_genre",
  {
    name: text("name").primaryKey(),
    gameCount: integer("game_count").notNull().default(0),
  },
  (t) => [check("game_genre_game_count_nonneg", sql`${t.gameCount} >= 0`)],
);

export const platform = pgTable(
  "platform",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("platform_name_key").on(t.name)],
);

export const platformGames = pgTable(
  "platform_games",
  {
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    platformId: integer("platform_id")
      .notNull()
      .references(() => platform.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.platformId] }), index("platform_games_platform_idx").on(t.platformId, t.gameId)],
);

/** A rating with an optional written review. One per user and game. */
export const rating = pgTable(
  "rating",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    gameId: integer("game_id")
      .notNull()
      .references(() => game.id, { onDelete: "cascade" }),
    igdbId: integer("igdb_id"),
    slug: text("slug"),
    rating: numeric("rating", { precision: 3, scale: 1, mode: "number" }).notNull(),
    review: text("review"),
    postDateTime: timestamp("post_date_time", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    isRecommended: boolean("is_recommended"),
    platformId: integer("platform_id").references(() => platform.id, { onDelete: "set null" }),
    playtimeHours: integer("playtime_hours"),
    likeCount: integer("like_count").notNull().default(0),
    /** The text reveals story; it is hidden behind 'Show spoilers' and kept out of metadata. */
    containsSpoilers: boolean("contains_spoilers").notNull().default(false),
  },
  (t) => [
    uniqueIndex("rating_user_game_key").on(t.userId, t.gameId),
    index("rating_game_idx").on(t.gameId, t.postDateTime),
    index("rating_recent_idx").on(t.postDateTime),
    // Written reviews (text with a non-space character): a game's newest, a game's most liked, and the
    // newest overall (home page). The predicate is the one the queries use, so the planner can match it.
    index("rating_game_written_newest_idx")
      .on(t.gameId, t.postDateTime, t.id)
      .where(sql`${t.review} ~ '[^[:space:]]'`),
    index("rating_game_written_liked_idx")
      .on(t.gameId, t.likeCount, t.id)
      .where(sql`${t.review} ~ '[^[:space:]]'`),
    index("rating_written_recent_idx")
      .on(t.postDateTime, t.id)
      .where(sql`${t.review} is not null`),
    // A user's ratings, newest first (profile, activity).
    index("rating_user_recent_idx").on(t.userId, t.postDateTime),
    // A user's written reviews, newest first: 'From people you follow' reads a few per followed user.
    index("rating_user_review_recent_idx")
      .on(t.userId, t.postDateTime, t.id)
      .where(sql`${t.review} is not null`),
    // A user's ratings best first (Top 10 tab, Top 5 picker): read backwards, no sort of all of them.
    index("rating_user_rating_idx").on(t.userId, t.rating, t.postDateTime, t.id),
    check("rating_range", sql`${t.rating} >= 1 and ${t.rating} <= 10 and (${t.rating} * 2) = floor(${t.rating} * 2)`),
    check("rating_like_count_nonneg", sql`${t.likeCount} >= 0`),
    check("rating_playtime_range", sql`${t.playtimeHours} is null or ${t.playtimeHours} between 1 and 99999`),
  ],
);

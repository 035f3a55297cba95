-- Trigram indexes no query uses. On PostgreSQL the planner chose game_search_name_trgm_idx over the
-- exact btree prefix index (game_search_name_prefix_idx) for search_name LIKE 'ma%': lossy, 8x the
-- rows read, 60-110 ms instead of 9 ms on 213k games. Names are matched through the full-text index
-- (words, prefixes; alternative names included), the prefix index and the trigram index on the
-- spacing-free search_compact.
DROP INDEX "game_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "game_search_aliases_trgm_idx";
-- Search GIN indexes without a pending list (fastupdate off): the embedded database runs no
-- autovacuum to flush one, so it would only grow and be scanned linearly by every search. The
-- f_unaccent(name) trigram index goes: search_name is already the accent-free, lower-case form and
-- its own trigram index (game_search_name_trgm_idx) serves the same lookups.
DROP INDEX "game_name_unaccent_trgm_idx";--> statement-breakpoint
DROP INDEX "game_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "game_search_aliases_trgm_idx";--> statement-breakpoint
DROP INDEX "game_fts_idx";--> statement-breakpoint
DROP INDEX "game_search_compact_trgm_idx";--> statement-breakpoint
DROP INDEX "search_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "game_search_name_trgm_idx" ON "game" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "game_search_aliases_trgm_idx" ON "game" USING gin ("search_aliases" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "game_fts_idx" ON "game" USING gin (to_tsvector('simple', "search_name" || ' ' || "search_aliases")) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "game_search_compact_trgm_idx" ON "game" USING gin ("search_compact" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);
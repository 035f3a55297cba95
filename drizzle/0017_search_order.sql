-- Search walks games in its tier order (most reviewed, shortest title, id) when a term matches many
-- of them, and checks each row's full text as it goes: the full-text document becomes a stored
-- column (no to_tsvector per row checked; its own statistics for the planner) with the GIN index on
-- it, and the walk gets its index. See search.queries.server.ts (findCandidates).
DROP INDEX "game_fts_idx";--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_name || ' ' || search_aliases)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "game_search_order_idx" ON "game" USING btree ("rating_count" DESC NULLS LAST,length("search_name"),"id");--> statement-breakpoint
CREATE INDEX "game_fts_idx" ON "game" USING gin ("search_tsv") WITH (fastupdate=false);
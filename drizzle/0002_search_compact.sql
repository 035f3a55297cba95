CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "search_compact" text GENERATED ALWAYS AS (replace(search_name, ' ', '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_search_compact_trgm_idx" ON "game" USING gin ("search_compact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_search_name_prefix_idx" ON "game" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "game_release_date_desc_idx" ON "game" USING btree ("release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_avg_rating_idx" ON "game" USING btree (("rating_sum" / nullif("rating_count", 0)) desc nulls last,"id" DESC NULLS LAST);

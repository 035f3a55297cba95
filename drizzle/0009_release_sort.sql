-- Browse by Release Date orders by the best-known date: the release date, else 1 July of the release
-- year (most imported games have only a year), undated games last. The old indexes on release_date
-- alone ordered year-only games by id; these expression indexes serve the new order in both directions.
DROP INDEX "game_release_date_idx";--> statement-breakpoint
DROP INDEX "game_release_date_desc_idx";--> statement-breakpoint
CREATE INDEX "game_release_sort_idx" ON "game" USING btree ((coalesce("release_date", make_date(nullif("release_year", 0), 7, 1))) asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "game_release_sort_desc_idx" ON "game" USING btree ((coalesce("release_date", make_date(nullif("release_year", 0), 7, 1))) desc nulls last,"id" DESC NULLS LAST);
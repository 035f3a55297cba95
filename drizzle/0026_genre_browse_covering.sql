-- Browsing one genre (the search page's Genre filter with no term, `genre=` in the URL; at most 1,000
-- games shown) walks the index of the chosen sort and keeps the games whose genres hold the genre. Each
-- entry checked cost a heap page read for `genres`: a common genre's last page (offset 980) checked
-- ~4,000 entries, 30-50 ms on 200,000 games (bench/README.md, 2026-11-27). The sort indexes now carry
-- `genres`, so the walk that picks the page's ids is an index-only scan; the page's 20 rows are then read
-- by id (browseCatalogue). An expression index serves an index-only scan only when it also holds the
-- columns the expression reads (PostgreSQL checks the columns, not the expression): the release and
-- average-rating indexes include them. Drizzle's index builder cannot say INCLUDE, so this migration is written by
-- hand; the schema keeps the key columns (app/db/schema/catalogue.ts). Index-only scans need the
-- visibility map: the import and the search refresh VACUUM the table (the embedded database runs no
-- autovacuum); without it the walk reads the heap as before.
DROP INDEX IF EXISTS "game_name_idx";--> statement-breakpoint
CREATE INDEX "game_name_idx" ON "game" USING btree ("search_name", "id") INCLUDE ("genres");--> statement-breakpoint
DROP INDEX IF EXISTS "game_release_sort_idx";--> statement-breakpoint
CREATE INDEX "game_release_sort_idx" ON "game" USING btree ((coalesce("release_date", make_date(nullif("release_year", 0), 7, 1))) asc nulls last, "id") INCLUDE ("genres", "release_date", "release_year");--> statement-breakpoint
DROP INDEX IF EXISTS "game_release_sort_desc_idx";--> statement-breakpoint
CREATE INDEX "game_release_sort_desc_idx" ON "game" USING btree ((coalesce("release_date", make_date(nullif("release_year", 0), 7, 1))) desc nulls last, "id" DESC NULLS LAST) INCLUDE ("genres", "release_date", "release_year");--> statement-breakpoint
DROP INDEX IF EXISTS "game_avg_rating_idx";--> statement-breakpoint
CREATE INDEX "game_avg_rating_idx" ON "game" USING btree (("rating_sum" / nullif("rating_count", 0)) desc nulls last, "id" DESC NULLS LAST) INCLUDE ("genres", "rating_sum", "rating_count");--> statement-breakpoint
DROP INDEX IF EXISTS "game_rating_count_idx";--> statement-breakpoint
CREATE INDEX "game_rating_count_idx" ON "game" USING btree ("rating_count", "id") INCLUDE ("genres");

-- The ratings panel and 'See all N reviews' read the game row instead of aggregating the game's
-- ratings on every request: the ten histogram bars (element b counts floor(rating) = b) and the
-- written reviews (text with a non-space character) are kept in step with "rating" by the same
-- statements that keep rating_count and rating_sum (reviews.queries.server.ts). Backfilled here.
ALTER TABLE "game" ADD COLUMN "rating_histogram" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "game" ADD COLUMN "written_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_rating_histogram_shape" CHECK (cardinality("game"."rating_histogram") = 10);--> statement-breakpoint
ALTER TABLE "game" ADD CONSTRAINT "game_written_review_count_nonneg" CHECK ("game"."written_review_count" >= 0);--> statement-breakpoint
UPDATE "game" SET "rating_histogram" = s."histogram", "written_review_count" = s."written"
FROM (
  SELECT "game_id",
         ARRAY[
           count(*) FILTER (WHERE floor("rating") = 1),
           count(*) FILTER (WHERE floor("rating") = 2),
           count(*) FILTER (WHERE floor("rating") = 3),
           count(*) FILTER (WHERE floor("rating") = 4),
           count(*) FILTER (WHERE floor("rating") = 5),
           count(*) FILTER (WHERE floor("rating") = 6),
           count(*) FILTER (WHERE floor("rating") = 7),
           count(*) FILTER (WHERE floor("rating") = 8),
           count(*) FILTER (WHERE floor("rating") = 9),
           count(*) FILTER (WHERE floor("rating") = 10)
         ]::integer[] AS "histogram",
         count(*) FILTER (WHERE "review" ~ '[^[:space:]]')::integer AS "written"
  FROM "rating" GROUP BY "game_id"
) s
WHERE "game"."id" = s."game_id";

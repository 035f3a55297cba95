-- Discover Users without per-row work on the hot paths:
-- * user.rating_count: the user's ratings, kept exact in the transaction of every rating insert and
--   delete (as game.rating_count is); backfilled here from the rows. Top reviewers and the community
--   figures read it instead of grouping or counting `rating`.
-- * user.search_text / search_name: the accent-free, lower-case search text and name, stored, so the
--   trigram index's recheck and the relevance order read columns instead of calling f_unaccent per row.
--   One ALTER TABLE: the table is rewritten once.
DROP INDEX "user_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "user"
  ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL,
  ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce("username", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bio", '')))) STORED NOT NULL,
  ADD COLUMN "search_name" text GENERATED ALWAYS AS (f_unaccent(lower("name"))) STORED NOT NULL;--> statement-breakpoint
UPDATE "user" u SET "rating_count" = r.n
  FROM (SELECT "user_id", count(*)::int AS n FROM "rating" GROUP BY "user_id") r
 WHERE u."id" = r."user_id";--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_rating_count_nonneg" CHECK ("user"."rating_count" >= 0);--> statement-breakpoint
CREATE INDEX "user_rating_count_idx" ON "user" USING btree ("rating_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "user_search_trgm_idx" ON "user" USING gin ("search_text" gin_trgm_ops);

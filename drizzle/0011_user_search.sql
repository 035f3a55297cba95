CREATE INDEX "user_search_trgm_idx" ON "user" USING gin (f_unaccent(lower(coalesce("username", '') || ' ' || coalesce("name", '') || ' ' || coalesce("bio", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_follower_count_idx" ON "user" USING btree ("follower_count","id");--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id");
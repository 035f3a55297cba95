DROP INDEX "user_follower_count_idx";--> statement-breakpoint
DROP INDEX "user_created_idx";--> statement-breakpoint
DROP INDEX "user_rating_count_idx";--> statement-breakpoint
CREATE INDEX "user_follower_count_idx" ON "user" USING btree ("follower_count","id") WHERE "user"."email_verified";--> statement-breakpoint
CREATE INDEX "user_created_idx" ON "user" USING btree ("created_at","id") WHERE "user"."email_verified";--> statement-breakpoint
CREATE INDEX "user_rating_count_idx" ON "user" USING btree ("rating_count" DESC NULLS FIRST,"id") WHERE "user"."email_verified";
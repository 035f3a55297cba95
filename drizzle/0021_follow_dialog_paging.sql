-- The profile's follow dialog pages a user's followers (and the users they follow) newest follow
-- first, after the last (created_at, id) shown. Each side gets an index in that order; the first
-- also serves every lookup by following_id that user_follow_following_idx served (pairs stay on the
-- primary key), so that one goes.
DROP INDEX "user_follow_following_idx";--> statement-breakpoint
CREATE INDEX "user_follow_following_created_idx" ON "user_follow" USING btree ("following_id","created_at","follower_id");--> statement-breakpoint
CREATE INDEX "user_follow_follower_created_idx" ON "user_follow" USING btree ("follower_id","created_at","following_id");
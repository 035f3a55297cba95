-- The Top 5 holds only games its owner has rated. Deleting a review left the game in the Top 5, and
-- every later save of the whole list was then refused ('Only games you have rated can be in your
-- Top 5'). Each entry now references the owner's rating of the game, so deleting the review removes
-- the entry in the same statement. Entries left behind by such deletions go first.
DELETE FROM "user_top_games" t
WHERE NOT EXISTS (SELECT 1 FROM "rating" r WHERE r."user_id" = t."user_id" AND r."game_id" = t."game_id");--> statement-breakpoint
ALTER TABLE "user_top_games" ADD CONSTRAINT "user_top_games_rating_fk" FOREIGN KEY ("user_id","game_id") REFERENCES "public"."rating"("user_id","game_id") ON DELETE cascade ON UPDATE no action;

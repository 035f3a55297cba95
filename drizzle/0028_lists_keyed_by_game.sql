-- Wishlist and collection entries are keyed by the internal game id, like progress, reviews and the
-- Top 5, so a catalogue game without an IGDB id (most of the demo catalogue) can be listed. igdb_id
-- stays, nullable, as information: the game's IGDB id, when it has one. Existing entries are carried
-- over (docs/decisions/028-lists-keyed-by-game.md).
DROP INDEX "user_collection_user_igdb_key";--> statement-breakpoint
DROP INDEX "user_wishlist_user_igdb_key";--> statement-breakpoint
ALTER TABLE "user_collection" ALTER COLUMN "igdb_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_wishlist" ALTER COLUMN "igdb_id" DROP NOT NULL;--> statement-breakpoint
-- 1. An entry saved without its game id takes it from its IGDB id (game.igdb_id is unique).
UPDATE "user_collection" l SET "game_id" = g."id" FROM "game" g WHERE l."game_id" IS NULL AND g."igdb_id" = l."igdb_id";--> statement-breakpoint
UPDATE "user_wishlist" l SET "game_id" = g."id" FROM "game" g WHERE l."game_id" IS NULL AND g."igdb_id" = l."igdb_id";--> statement-breakpoint
-- 2. An entry whose game is found by neither id cannot be kept (game_id becomes NOT NULL, and there
-- is no game row to point at). Such an entry was never shown: the profile's lists join the game by
-- game_id and their counts skip entries without one.
DELETE FROM "user_collection" WHERE "game_id" IS NULL;--> statement-breakpoint
DELETE FROM "user_wishlist" WHERE "game_id" IS NULL;--> statement-breakpoint
-- 3. One entry per user and game. Two entries of one game (saved under two IGDB ids of it) become the
-- earliest added (then the lowest id); on the wishlist the highest priority first.
DELETE FROM "user_collection" l USING (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "game_id" ORDER BY "added_at", "id") AS n FROM "user_collection"
) d WHERE l."id" = d."id" AND d.n > 1;--> statement-breakpoint
DELETE FROM "user_wishlist" l USING (
  SELECT "id", row_number() OVER (PARTITION BY "user_id", "game_id" ORDER BY "priority" DESC, "added_at", "id") AS n FROM "user_wishlist"
) d WHERE l."id" = d."id" AND d.n > 1;--> statement-breakpoint
-- 4. igdb_id says what the game's is now (null for a game without one).
UPDATE "user_collection" l SET "igdb_id" = g."igdb_id" FROM "game" g WHERE g."id" = l."game_id" AND l."igdb_id" IS DISTINCT FROM g."igdb_id";--> statement-breakpoint
UPDATE "user_wishlist" l SET "igdb_id" = g."igdb_id" FROM "game" g WHERE g."id" = l."game_id" AND l."igdb_id" IS DISTINCT FROM g."igdb_id";--> statement-breakpoint
ALTER TABLE "user_collection" ALTER COLUMN "game_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_wishlist" ALTER COLUMN "game_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_collection_user_game_key" ON "user_collection" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wishlist_user_game_key" ON "user_wishlist" USING btree ("user_id","game_id");

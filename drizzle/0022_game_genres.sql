-- The search page's Genre filter: a GIN index on game.genres (genres @> '{name}' in searches and in
-- browsing; no pending list, since the embedded database runs no autovacuum), and game_genre, the
-- catalogue's genre names for the filter's options. game_genre is kept by triggers, as search_word is
-- (0004): inserts per statement (one set-based insert for an import batch), updates only when a game's
-- genres change. Names are never removed.
CREATE TABLE "game_genre" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_genres_idx" ON "game" USING gin ("genres") WITH (fastupdate=false);--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_genres_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_genre (name)
  SELECT DISTINCT g FROM new_games, unnest(new_games.genres) AS g
  WHERE length(btrim(g)) > 0
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_genres_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_genre (name)
  SELECT DISTINCT g FROM unnest(NEW.genres) AS g
  WHERE length(btrim(g)) > 0
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER game_genres_insert_trg AFTER INSERT ON game
  REFERENCING NEW TABLE AS new_games FOR EACH STATEMENT EXECUTE FUNCTION game_genres_insert();--> statement-breakpoint
CREATE TRIGGER game_genres_update_trg AFTER UPDATE OF genres ON game
  FOR EACH ROW WHEN (OLD.genres IS DISTINCT FROM NEW.genres)
  EXECUTE FUNCTION game_genres_update();--> statement-breakpoint
INSERT INTO game_genre (name)
SELECT DISTINCT g FROM game, unnest(game.genres) AS g
WHERE length(btrim(g)) > 0
ON CONFLICT DO NOTHING;

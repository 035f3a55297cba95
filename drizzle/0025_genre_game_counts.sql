ALTER TABLE "game_genre" ADD COLUMN "game_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_genre" ADD CONSTRAINT "game_genre_game_count_nonneg" CHECK ("game_genre"."game_count" >= 0);--> statement-breakpoint
-- The Genre filter offers only genres some game has: game_genre counts the games of each name and a name
-- goes when its count reaches 0 (the last game lost the genre or was deleted). A game counts once per
-- name however often its array repeats it; blank names are never listed. Inserts and deletes are counted
-- per statement (one set-based change for an import batch or a bulk delete), genre changes per row.
-- Names are taken in name order, so two batches touching the same names lock them in the same order.
CREATE OR REPLACE FUNCTION game_genres_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_genre AS gg (name, game_count)
  SELECT g, count(*) FROM (
    SELECT DISTINCT ng.id, g FROM new_games ng, unnest(ng.genres) AS g WHERE length(btrim(g)) > 0
  ) per_game
  GROUP BY g
  ORDER BY g
  ON CONFLICT (name) DO UPDATE SET game_count = gg.game_count + excluded.game_count;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_genres_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO game_genre AS gg (name, game_count)
  SELECT g, 1 FROM (
    SELECT g FROM unnest(NEW.genres) AS g WHERE length(btrim(g)) > 0
    EXCEPT SELECT g FROM unnest(OLD.genres) AS g
  ) added
  ORDER BY g
  ON CONFLICT (name) DO UPDATE SET game_count = gg.game_count + 1;
  UPDATE game_genre SET game_count = game_count - 1
  WHERE name IN (
    SELECT g FROM unnest(OLD.genres) AS g WHERE length(btrim(g)) > 0
    EXCEPT SELECT g FROM unnest(NEW.genres) AS g
  );
  DELETE FROM game_genre WHERE game_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_genres_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE game_genre gg SET game_count = gg.game_count - gone.n
  FROM (
    SELECT g, count(*) AS n FROM (
      SELECT DISTINCT og.id, g FROM old_games og, unnest(og.genres) AS g WHERE length(btrim(g)) > 0
    ) per_game
    GROUP BY g
  ) gone
  WHERE gg.name = gone.g;
  DELETE FROM game_genre WHERE game_count <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER game_genres_delete_trg AFTER DELETE ON game
  REFERENCING OLD TABLE AS old_games FOR EACH STATEMENT EXECUTE FUNCTION game_genres_delete();--> statement-breakpoint
INSERT INTO game_genre AS gg (name, game_count)
SELECT g, count(*) FROM (
  SELECT DISTINCT game.id, g FROM game, unnest(game.genres) AS g WHERE length(btrim(g)) > 0
) per_game
GROUP BY g
ON CONFLICT (name) DO UPDATE SET game_count = excluded.game_count;--> statement-breakpoint
DELETE FROM game_genre WHERE game_count = 0;

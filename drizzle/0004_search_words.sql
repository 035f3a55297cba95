-- Spelling-correction dictionary for search: the distinct words (4+ characters, not only digits)
-- of game.search_name and game.search_aliases, kept by triggers. Inserts are handled per statement
-- (one set-based insert for a whole import batch); updates only when the searchable text changes.
CREATE OR REPLACE FUNCTION game_search_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word (word)
  SELECT DISTINCT w
  FROM new_games, regexp_split_to_table(new_games.search_name || ' ' || replace(new_games.search_aliases, '|', ' '), '\s+') AS w
  WHERE length(w) >= 4 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION game_search_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_word (word)
  SELECT DISTINCT w
  FROM regexp_split_to_table(NEW.search_name || ' ' || replace(NEW.search_aliases, '|', ' '), '\s+') AS w
  WHERE length(w) >= 4 AND w !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER game_search_words_insert_trg AFTER INSERT ON game
  REFERENCING NEW TABLE AS new_games FOR EACH STATEMENT EXECUTE FUNCTION game_search_words_insert();--> statement-breakpoint
CREATE TRIGGER game_search_words_update_trg AFTER UPDATE OF search_name, search_aliases ON game
  FOR EACH ROW WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name OR OLD.search_aliases IS DISTINCT FROM NEW.search_aliases)
  EXECUTE FUNCTION game_search_words_update();--> statement-breakpoint
INSERT INTO search_word (word)
SELECT DISTINCT w
FROM game, regexp_split_to_table(game.search_name || ' ' || replace(game.search_aliases, '|', ' '), '\s+') AS w
WHERE length(w) >= 4 AND w !~ '^[0-9]+$'
ON CONFLICT DO NOTHING;

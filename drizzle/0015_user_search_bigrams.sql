-- Discover's two-character searches: '%zz%' has no trigram, so user_search_trgm_idx cannot narrow it
-- and the search read every user. "zz occurs in the text" is exactly "zz is one of the text's
-- bigrams": a GIN index over them answers it (containment of one element is not lossy).
CREATE OR REPLACE FUNCTION f_bigrams(text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(DISTINCT substr($1, i, 2)), '{}') FROM generate_series(1, length($1) - 1) AS i $$;--> statement-breakpoint
CREATE INDEX "user_search_bigram_idx" ON "user" USING gin (f_bigrams("search_text"));

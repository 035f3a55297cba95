CREATE TABLE "user" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"username" text,
	"display_username" text,
	"avatar_url" text,
	"bio" text,
	"location" text,
	"website" text,
	"platform" text,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_username_format" CHECK ("user"."username" is null or "user"."username" ~ '^[a-z0-9_]{3,21}$'),
	CONSTRAINT "user_counts_nonneg" CHECK ("user"."follower_count" >= 0 and "user"."following_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game" (
	"id" serial PRIMARY KEY NOT NULL,
	"igdb_id" integer,
	"game_id" text,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"summary" text,
	"description" text,
	"release_date" date,
	"release_year" smallint,
	"cover_url" text,
	"pic_url" text,
	"screenshots" text[] DEFAULT '{}'::text[] NOT NULL,
	"genre" text,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"developer" text,
	"publisher" text,
	"igdb_rating" real,
	"igdb_rating_count" integer,
	"metacritic_score" integer,
	"category" smallint DEFAULT 0 NOT NULL,
	"parent_game_id" integer,
	"parent_igdb_id" integer,
	"alternative_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"franchise_name" text,
	"collection_name" text,
	"dlc_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"expansion_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"similar_game_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"igdb_link" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"search_aliases" text DEFAULT '' NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" numeric(10, 1) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_igdb_id_positive" CHECK ("game"."igdb_id" is null or "game"."igdb_id" > 0),
	CONSTRAINT "game_name_not_blank" CHECK (length(btrim("game"."name")) > 0),
	CONSTRAINT "game_rating_count_nonneg" CHECK ("game"."rating_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_games" (
	"game_id" integer NOT NULL,
	"platform_id" integer NOT NULL,
	CONSTRAINT "platform_games_game_id_platform_id_pk" PRIMARY KEY("game_id","platform_id")
);
--> statement-breakpoint
CREATE TABLE "rating" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"igdb_id" integer,
	"slug" text,
	"rating" numeric(3, 1) NOT NULL,
	"review" text,
	"post_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_recommended" boolean,
	"platform_id" integer,
	"playtime_hours" integer,
	"like_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rating_range" CHECK ("rating"."rating" >= 1 and "rating"."rating" <= 10 and ("rating"."rating" * 2) = floor("rating"."rating" * 2)),
	CONSTRAINT "rating_like_count_nonneg" CHECK ("rating"."like_count" >= 0),
	CONSTRAINT "rating_playtime_nonneg" CHECK ("rating"."playtime_hours" is null or "rating"."playtime_hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "platform_games" ADD CONSTRAINT "platform_games_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_games" ADD CONSTRAINT "platform_games_platform_id_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platform"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_platform_id_platform_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platform"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_key" ON "user" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_username_key" ON "user" USING btree ("username");--> statement-breakpoint
CREATE INDEX "user_username_trgm_idx" ON "user" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "game_igdb_id_key" ON "game" USING btree ("igdb_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_slug_key" ON "game" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "game_parent_game_id_idx" ON "game" USING btree ("parent_game_id");--> statement-breakpoint
CREATE INDEX "game_parent_igdb_id_idx" ON "game" USING btree ("parent_igdb_id");--> statement-breakpoint
CREATE INDEX "game_search_name_trgm_idx" ON "game" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_search_aliases_trgm_idx" ON "game" USING gin ("search_aliases" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_name_unaccent_trgm_idx" ON "game" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "game_fts_idx" ON "game" USING gin (to_tsvector('simple', "search_name" || ' ' || "search_aliases"));--> statement-breakpoint
CREATE INDEX "game_name_idx" ON "game" USING btree ("search_name","id");--> statement-breakpoint
CREATE INDEX "game_release_date_idx" ON "game" USING btree ("release_date","id");--> statement-breakpoint
CREATE INDEX "game_release_year_idx" ON "game" USING btree ("release_year");--> statement-breakpoint
CREATE INDEX "game_rating_count_idx" ON "game" USING btree ("rating_count","id");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_name_key" ON "platform" USING btree ("name");--> statement-breakpoint
CREATE INDEX "platform_games_platform_idx" ON "platform_games" USING btree ("platform_id","game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_user_game_key" ON "rating" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "rating_game_idx" ON "rating" USING btree ("game_id","post_date_time");--> statement-breakpoint
CREATE INDEX "rating_recent_idx" ON "rating" USING btree ("post_date_time");
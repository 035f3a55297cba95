CREATE TABLE "comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"rating_id" integer NOT NULL,
	"content" text NOT NULL,
	"parent_comment_id" integer,
	"like_count" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_content_length" CHECK (char_length("comment"."content") between 1 and 500 and btrim("comment"."content") <> ''),
	CONSTRAINT "comment_like_count_nonneg" CHECK ("comment"."like_count" >= 0),
	CONSTRAINT "comment_not_own_parent" CHECK ("comment"."parent_comment_id" is null or "comment"."parent_comment_id" <> "comment"."id")
);
--> statement-breakpoint
CREATE TABLE "content_like" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"rating_id" integer,
	"comment_id" integer,
	"is_like" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_like_one_target" CHECK (("content_like"."rating_id" is null) <> ("content_like"."comment_id" is null))
);
--> statement-breakpoint
CREATE TABLE "game_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"igdb_id" integer,
	"started" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"started_date" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_progress_completed_started" CHECK (not "game_progress"."completed" or "game_progress"."started")
);
--> statement-breakpoint
CREATE TABLE "user_collection" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"igdb_id" integer NOT NULL,
	"game_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_collection_igdb_id_positive" CHECK ("user_collection"."igdb_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_follow" (
	"follower_id" integer NOT NULL,
	"following_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follow_follower_id_following_id_pk" PRIMARY KEY("follower_id","following_id"),
	CONSTRAINT "user_follow_not_self" CHECK ("user_follow"."follower_id" <> "user_follow"."following_id")
);
--> statement-breakpoint
CREATE TABLE "user_top_games" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_top_games_user_id_position_pk" PRIMARY KEY("user_id","position"),
	CONSTRAINT "user_top_games_position" CHECK ("user_top_games"."position" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "user_wishlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"igdb_id" integer NOT NULL,
	"game_id" integer,
	"priority" smallint DEFAULT 1 NOT NULL,
	"notes" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_wishlist_igdb_id_positive" CHECK ("user_wishlist"."igdb_id" > 0),
	CONSTRAINT "user_wishlist_priority" CHECK ("user_wishlist"."priority" in (0, 1, 2)),
	CONSTRAINT "user_wishlist_notes_length" CHECK ("user_wishlist"."notes" is null or char_length("user_wishlist"."notes") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "rating" DROP CONSTRAINT "rating_playtime_nonneg";--> statement-breakpoint
ALTER TABLE "rating" ADD COLUMN "contains_spoilers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_parent_comment_id_comment_id_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "public"."comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_like" ADD CONSTRAINT "content_like_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_like" ADD CONSTRAINT "content_like_rating_id_rating_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_like" ADD CONSTRAINT "content_like_comment_id_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_progress" ADD CONSTRAINT "game_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_progress" ADD CONSTRAINT "game_progress_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_collection" ADD CONSTRAINT "user_collection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_collection" ADD CONSTRAINT "user_collection_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follow" ADD CONSTRAINT "user_follow_follower_id_user_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follow" ADD CONSTRAINT "user_follow_following_id_user_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_top_games" ADD CONSTRAINT "user_top_games_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_top_games" ADD CONSTRAINT "user_top_games_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wishlist" ADD CONSTRAINT "user_wishlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wishlist" ADD CONSTRAINT "user_wishlist_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_rating_parent_created_idx" ON "comment" USING btree ("rating_id","parent_comment_id","created_at");--> statement-breakpoint
CREATE INDEX "comment_parent_idx" ON "comment" USING btree ("parent_comment_id") WHERE "comment"."parent_comment_id" is not null;--> statement-breakpoint
CREATE INDEX "comment_user_created_idx" ON "comment" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_like_user_rating_key" ON "content_like" USING btree ("user_id","rating_id") WHERE "content_like"."rating_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_like_user_comment_key" ON "content_like" USING btree ("user_id","comment_id") WHERE "content_like"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "content_like_rating_idx" ON "content_like" USING btree ("rating_id") WHERE "content_like"."rating_id" is not null;--> statement-breakpoint
CREATE INDEX "content_like_comment_idx" ON "content_like" USING btree ("comment_id") WHERE "content_like"."comment_id" is not null;--> statement-breakpoint
CREATE INDEX "content_like_user_created_idx" ON "content_like" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_progress_user_game_key" ON "game_progress" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "game_progress_user_updated_idx" ON "game_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "game_progress_game_idx" ON "game_progress" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_collection_user_igdb_key" ON "user_collection" USING btree ("user_id","igdb_id");--> statement-breakpoint
CREATE INDEX "user_collection_user_added_idx" ON "user_collection" USING btree ("user_id","added_at");--> statement-breakpoint
CREATE INDEX "user_collection_game_idx" ON "user_collection" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "user_follow_following_idx" ON "user_follow" USING btree ("following_id","follower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_top_games_user_game_key" ON "user_top_games" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "user_top_games_game_idx" ON "user_top_games" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wishlist_user_igdb_key" ON "user_wishlist" USING btree ("user_id","igdb_id");--> statement-breakpoint
CREATE INDEX "user_wishlist_user_priority_idx" ON "user_wishlist" USING btree ("user_id","priority","added_at");--> statement-breakpoint
CREATE INDEX "user_wishlist_user_added_idx" ON "user_wishlist" USING btree ("user_id","added_at");--> statement-breakpoint
CREATE INDEX "user_wishlist_game_idx" ON "user_wishlist" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "rating_game_written_newest_idx" ON "rating" USING btree ("game_id","post_date_time","id") WHERE "rating"."review" ~ '[^[:space:]]';--> statement-breakpoint
CREATE INDEX "rating_game_written_liked_idx" ON "rating" USING btree ("game_id","like_count","id") WHERE "rating"."review" ~ '[^[:space:]]';--> statement-breakpoint
CREATE INDEX "rating_written_recent_idx" ON "rating" USING btree ("post_date_time","id") WHERE "rating"."review" is not null;--> statement-breakpoint
CREATE INDEX "rating_user_recent_idx" ON "rating" USING btree ("user_id","post_date_time");--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_playtime_range" CHECK ("rating"."playtime_hours" is null or "rating"."playtime_hours" between 1 and 99999);--> statement-breakpoint-- The review form's platform list for a game without platforms; a review's platform must be stored.
INSERT INTO "platform" ("name") VALUES ('PS5'), ('Xbox Series X/S'), ('Nintendo Switch'), ('PC'), ('Retro') ON CONFLICT ("name") DO NOTHING;

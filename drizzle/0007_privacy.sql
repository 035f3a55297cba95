CREATE TABLE "page_view" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" integer,
	"tracking_level" text NOT NULL,
	"navigation_source" text NOT NULL,
	"session_hash" text NOT NULL,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_view_tracking_level" CHECK ("page_view"."tracking_level" in ('anonymous', 'full')),
	CONSTRAINT "page_view_user_only_full" CHECK ("page_view"."user_id" is null or "page_view"."tracking_level" = 'full'),
	CONSTRAINT "page_view_session_hash" CHECK ("page_view"."session_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "page_view_country" CHECK ("page_view"."country" is null or "page_view"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "page_view_source" CHECK (length("page_view"."navigation_source") between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "privacy_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"details" jsonb NOT NULL,
	"ip_country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_audit_log_action" CHECK ("privacy_audit_log"."action" in ('consent_given', 'consent_withdrawn')),
	CONSTRAINT "privacy_audit_log_country" CHECK ("privacy_audit_log"."ip_country" is null or "privacy_audit_log"."ip_country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"analytics_opted_in" boolean DEFAULT false NOT NULL,
	"tracking_level" text DEFAULT 'anonymous' NOT NULL,
	"consent_date" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_ip_country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key" UNIQUE("user_id"),
	CONSTRAINT "user_preferences_tracking_level" CHECK ("user_preferences"."tracking_level" in ('none', 'anonymous', 'full')),
	CONSTRAINT "user_preferences_opt_in_matches_level" CHECK ("user_preferences"."analytics_opted_in" = ("user_preferences"."tracking_level" <> 'none')),
	CONSTRAINT "user_preferences_country" CHECK ("user_preferences"."consent_ip_country" is null or "user_preferences"."consent_ip_country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "page_view" ADD CONSTRAINT "page_view_game_id_game_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."game"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view" ADD CONSTRAINT "page_view_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_audit_log" ADD CONSTRAINT "privacy_audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_view_created_idx" ON "page_view" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_view_game_idx" ON "page_view" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "page_view_user_idx" ON "page_view" USING btree ("user_id") WHERE "page_view"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "privacy_audit_log_user_idx" ON "privacy_audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "privacy_audit_log_created_idx" ON "privacy_audit_log" USING btree ("created_at");
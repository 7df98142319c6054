CREATE TABLE "calendar_feed_fetches" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"fetches" integer DEFAULT 0 NOT NULL,
	"not_modified" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_feed_fetches_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"titles" text DEFAULT 'service' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_version" bigint,
	"last_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_titles_check" CHECK ("calendar_feeds"."titles" IN ('service', 'initials'))
);
--> statement-breakpoint
ALTER TABLE "group_sessions" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed_fetches" ADD CONSTRAINT "calendar_feed_fetches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token_hash");
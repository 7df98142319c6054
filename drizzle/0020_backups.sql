CREATE TABLE "backup_alerts" (
	"kind" text NOT NULL,
	"sent_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_alerts_kind_sent_on_pk" PRIMARY KEY("kind","sent_on")
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"database_kind" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"byte_size" bigint,
	"error" text,
	"verified_at" timestamp with time zone,
	CONSTRAINT "backups_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "backups_status_check" CHECK ("backups"."status" IN ('running', 'made', 'verified', 'failed', 'verify_failed', 'pruned'))
);
--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"subject" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_export_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"patient_id" integer,
	"guest_email" text,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"created_by" integer NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_requests_kind_check" CHECK ("records_requests"."kind" IN ('access', 'correction')),
	CONSTRAINT "records_requests_status_check" CHECK ("records_requests"."status" IN ('open', 'completed', 'refused')),
	CONSTRAINT "records_requests_person_check" CHECK (("records_requests"."patient_id" IS NULL) <> ("records_requests"."guest_email" IS NULL)),
	CONSTRAINT "records_requests_due_check" CHECK ("records_requests"."due_on" = "records_requests"."received_on" + 30),
	CONSTRAINT "records_requests_handled_check" CHECK (("records_requests"."status" = 'open') = ("records_requests"."handled_at" IS NULL) AND ("records_requests"."handled_at" IS NULL) = ("records_requests"."handled_by" IS NULL))
);
--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_requests" ADD CONSTRAINT "records_requests_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_requests" ADD CONSTRAINT "records_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records_requests" ADD CONSTRAINT "records_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_export_links_token_key" ON "data_export_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_export_links_email_idx" ON "data_export_links" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "records_requests_public_id_key" ON "records_requests" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "records_requests_due_idx" ON "records_requests" USING btree ("status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE "users"."closed_at" IS NULL;
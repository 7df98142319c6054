CREATE TABLE "intake_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"reader_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"step" integer NOT NULL,
	"encrypted_answers" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intake_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"language" text NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"encrypted_answers" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intake_access_log" ADD CONSTRAINT "intake_access_log_submission_id_intake_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."intake_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_access_log" ADD CONSTRAINT "intake_access_log_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_drafts" ADD CONSTRAINT "intake_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_submissions" ADD CONSTRAINT "intake_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_access_log_submission_idx" ON "intake_access_log" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_submissions_public_id_key" ON "intake_submissions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "intake_submissions_created_at_idx" ON "intake_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "intake_submissions_user_idx" ON "intake_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "intake_submissions_email_idx" ON "intake_submissions" USING btree ("email");
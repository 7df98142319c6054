CREATE TABLE "chart_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"reader_user_id" integer NOT NULL,
	"what" text NOT NULL,
	"entry_id" integer,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_access_log_what_check" CHECK ("chart_access_log"."what" IN ('chart', 'entry', 'pdf'))
);
--> statement-breakpoint
CREATE TABLE "chart_addenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"records_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_addenda_kind_check" CHECK ("chart_addenda"."kind" IN ('correction', 'disagreement'))
);
--> statement-breakpoint
CREATE TABLE "chart_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" integer NOT NULL,
	"appointment_id" integer,
	"author_id" integer NOT NULL,
	"template" text NOT NULL,
	"privacy" text DEFAULT 'circle' NOT NULL,
	"content" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"content_hash" text,
	"shared_at" timestamp with time zone,
	"error_at" timestamp with time zone,
	"error_by" integer,
	"error_reason" text,
	CONSTRAINT "chart_entries_template_check" CHECK ("chart_entries"."template" IN ('adime', 'follow_up', 'group', 'note')),
	CONSTRAINT "chart_entries_privacy_check" CHECK ("chart_entries"."privacy" IN ('circle', 'private')),
	CONSTRAINT "chart_entries_signature_check" CHECK (("chart_entries"."signed_at" IS NULL) = ("chart_entries"."content_hash" IS NULL)),
	CONSTRAINT "chart_entries_shared_check" CHECK ("chart_entries"."shared_at" IS NULL OR "chart_entries"."signed_at" IS NOT NULL),
	CONSTRAINT "chart_entries_error_check" CHECK (("chart_entries"."error_at" IS NULL) = ("chart_entries"."error_by" IS NULL) AND ("chart_entries"."error_at" IS NULL) = ("chart_entries"."error_reason" IS NULL) AND ("chart_entries"."error_at" IS NULL OR "chart_entries"."signed_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "chart_template" text DEFAULT 'follow_up' NOT NULL;--> statement-breakpoint
ALTER TABLE "chart_access_log" ADD CONSTRAINT "chart_access_log_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_access_log" ADD CONSTRAINT "chart_access_log_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_access_log" ADD CONSTRAINT "chart_access_log_entry_id_chart_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."chart_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_addenda" ADD CONSTRAINT "chart_addenda_entry_id_chart_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."chart_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_addenda" ADD CONSTRAINT "chart_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_addenda" ADD CONSTRAINT "chart_addenda_records_request_id_records_requests_id_fk" FOREIGN KEY ("records_request_id") REFERENCES "public"."records_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_entries" ADD CONSTRAINT "chart_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_entries" ADD CONSTRAINT "chart_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_entries" ADD CONSTRAINT "chart_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_entries" ADD CONSTRAINT "chart_entries_error_by_users_id_fk" FOREIGN KEY ("error_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_access_log_patient_idx" ON "chart_access_log" USING btree ("patient_id","accessed_at");--> statement-breakpoint
CREATE INDEX "chart_addenda_entry_idx" ON "chart_addenda" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chart_entries_public_id_key" ON "chart_entries" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chart_entries_appointment_key" ON "chart_entries" USING btree ("appointment_id") WHERE "chart_entries"."appointment_id" IS NOT NULL AND "chart_entries"."error_at" IS NULL;--> statement-breakpoint
CREATE INDEX "chart_entries_patient_idx" ON "chart_entries" USING btree ("patient_id","occurred_at");--> statement-breakpoint
CREATE INDEX "chart_entries_drafts_idx" ON "chart_entries" USING btree ("author_id") WHERE "chart_entries"."signed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_chart_template_check" CHECK ("services"."chart_template" IN ('adime', 'follow_up', 'group', 'note'));--> statement-breakpoint
-- Each service's starting template, as the catalogue (lib/server/db/seed/services.ts) sets it.
UPDATE "services" SET "chart_template" = 'adime' WHERE "slug" IN ('nutrition-evaluation', 'individual-consultation');--> statement-breakpoint
UPDATE "services" SET "chart_template" = 'group' WHERE "slug" = 'group-programs';--> statement-breakpoint
UPDATE "services" SET "chart_template" = 'note' WHERE "slug" IN ('grocery-store-tour', 'corporate-services');--> statement-breakpoint
-- A signed entry never changes and is never deleted (issue #40): only its sharing, its privacy
-- and a first "entered in error" mark may be set. The retention purge alone, which sets
-- clinic.purging in its transaction, deletes a record's entries and addenda at its boundary.
CREATE FUNCTION "chart_entries_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('clinic.purging', true) = 'on' OR OLD.signed_at IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE'
    OR NEW.content IS DISTINCT FROM OLD.content
    OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
    OR NEW.signed_at IS DISTINCT FROM OLD.signed_at
    OR NEW.version <> OLD.version
    OR NEW.author_id <> OLD.author_id
    OR NEW.patient_id <> OLD.patient_id
    OR NEW.appointment_id IS DISTINCT FROM OLD.appointment_id
    OR NEW.template <> OLD.template
    OR NEW.occurred_at <> OLD.occurred_at
    OR NEW.public_id <> OLD.public_id
    OR (OLD.error_at IS NOT NULL AND (NEW.error_at, NEW.error_by, NEW.error_reason) IS DISTINCT FROM (OLD.error_at, OLD.error_by, OLD.error_reason))
  THEN
    RAISE EXCEPTION 'a signed chart entry never changes'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'chart_entries_signed_check';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chart_entries_signed_guard"
  BEFORE UPDATE OR DELETE ON "chart_entries"
  FOR EACH ROW EXECUTE FUNCTION "chart_entries_guard"();
--> statement-breakpoint
CREATE FUNCTION "chart_addenda_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('clinic.purging', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'an addendum never changes'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'chart_addenda_fixed_check';
END $$;
--> statement-breakpoint
CREATE TRIGGER "chart_addenda_fixed_guard"
  BEFORE UPDATE OR DELETE ON "chart_addenda"
  FOR EACH ROW EXECUTE FUNCTION "chart_addenda_guard"();

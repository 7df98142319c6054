CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer,
	"guest_contact" jsonb,
	"person_key" text NOT NULL,
	"service_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"employee_id" integer,
	"added_by" integer,
	"session_language" text NOT NULL,
	"reasons" integer[] NOT NULL,
	"message" text,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"times_of_day" text[] NOT NULL,
	"weekdays" integer[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"leave_token_hash" text NOT NULL,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" IN ('active', 'booked', 'left', 'removed', 'expired')),
	CONSTRAINT "waitlist_entries_session_language_check" CHECK ("waitlist_entries"."session_language" IN ('en', 'fr')),
	CONSTRAINT "waitlist_entries_patient_or_guest_check" CHECK (("waitlist_entries"."patient_id" IS NULL) <> ("waitlist_entries"."guest_contact" IS NULL) AND ("waitlist_entries"."guest_contact" IS NULL OR ("waitlist_entries"."guest_contact" ->> 'email') IS NOT NULL)),
	CONSTRAINT "waitlist_entries_window_check" CHECK ("waitlist_entries"."from_date" <= "waitlist_entries"."to_date"),
	CONSTRAINT "waitlist_entries_reasons_check" CHECK (cardinality("waitlist_entries"."reasons") BETWEEN 1 AND 3),
	CONSTRAINT "waitlist_entries_preferences_check" CHECK (cardinality("waitlist_entries"."times_of_day") >= 1 AND cardinality("waitlist_entries"."weekdays") >= 1),
	CONSTRAINT "waitlist_entries_ended_check" CHECK (("waitlist_entries"."status" = 'active') = ("waitlist_entries"."ended_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"offered_by" integer,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" IN ('open', 'claimed', 'taken', 'expired', 'withdrawn')),
	CONSTRAINT "waitlist_offers_claimed_check" CHECK (("waitlist_offers"."status" = 'claimed') = ("waitlist_offers"."appointment_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "waitlist_wakeups" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_wakeups" ADD CONSTRAINT "waitlist_wakeups_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_active_key" ON "waitlist_entries" USING btree ("service_id","person_key") WHERE "waitlist_entries"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_leave_token_key" ON "waitlist_entries" USING btree ("leave_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_entries_active_idx" ON "waitlist_entries" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_key" ON "waitlist_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_key" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_once_key" ON "waitlist_offers" USING btree ("entry_id","starts_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers_slot_idx" ON "waitlist_offers" USING btree ("employee_id","starts_at");
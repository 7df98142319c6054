CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer,
	"guest_contact" jsonb,
	"employee_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"session_language" text NOT NULL,
	"reasons" integer[] NOT NULL,
	"message" text,
	"status" text DEFAULT 'booked' NOT NULL,
	"price_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"booked_by" integer,
	"timeslot_token_jti" text,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_override" boolean DEFAULT false NOT NULL,
	"rescheduled_from_id" integer,
	"calendar_uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" IN ('booked', 'completed', 'no_show', 'cancelled')),
	CONSTRAINT "appointments_session_language_check" CHECK ("appointments"."session_language" IN ('en', 'fr')),
	CONSTRAINT "appointments_patient_or_guest_check" CHECK (("appointments"."patient_id" IS NULL) <> ("appointments"."guest_contact" IS NULL) AND ("appointments"."guest_contact" IS NULL OR ("appointments"."guest_contact" ->> 'email') IS NOT NULL)),
	CONSTRAINT "appointments_times_check" CHECK ("appointments"."starts_at" < "appointments"."ends_at" AND "appointments"."ends_at" <= "appointments"."blocked_until"),
	CONSTRAINT "appointments_reasons_check" CHECK (cardinality("appointments"."reasons") BETWEEN 1 AND 3 AND array_position("appointments"."reasons", NULL) IS NULL),
	CONSTRAINT "appointments_money_check" CHECK ("appointments"."price_cents" >= 0 AND "appointments"."tax_cents" >= 0 AND "appointments"."total_cents" = "appointments"."price_cents" + "appointments"."tax_cents"),
	CONSTRAINT "appointments_cancelled_check" CHECK (("appointments"."status" = 'cancelled') = ("appointments"."cancelled_at" IS NOT NULL)),
	CONSTRAINT "appointments_sequence_check" CHECK ("appointments"."sequence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_rescheduled_from_id_appointments_id_fk" FOREIGN KEY ("rescheduled_from_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_timeslot_token_jti_key" ON "appointments" USING btree ("timeslot_token_jti");--> statement-breakpoint
CREATE INDEX "appointments_employee_starts_idx" ON "appointments" USING btree ("employee_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_starts_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_rescheduled_from_idx" ON "appointments" USING btree ("rescheduled_from_id");
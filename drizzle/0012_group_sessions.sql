CREATE TABLE "group_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"series_id" integer,
	"service_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"session_language" text NOT NULL,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"video_room" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "group_sessions_status_check" CHECK ("group_sessions"."status" IN ('scheduled', 'done', 'cancelled')),
	CONSTRAINT "group_sessions_session_language_check" CHECK ("group_sessions"."session_language" IN ('en', 'fr')),
	CONSTRAINT "group_sessions_times_check" CHECK ("group_sessions"."starts_at" < "group_sessions"."ends_at" AND "group_sessions"."ends_at" <= "group_sessions"."blocked_until"),
	CONSTRAINT "group_sessions_capacity_check" CHECK ("group_sessions"."capacity" BETWEEN 1 AND 50),
	CONSTRAINT "group_sessions_seats_check" CHECK ("group_sessions"."seats_taken" >= 0 AND "group_sessions"."seats_taken" <= "group_sessions"."capacity"),
	CONSTRAINT "group_sessions_money_check" CHECK ("group_sessions"."price_cents" >= 0 AND "group_sessions"."tax_cents" >= 0 AND "group_sessions"."total_cents" = "group_sessions"."price_cents" + "group_sessions"."tax_cents"),
	CONSTRAINT "group_sessions_cancelled_check" CHECK (("group_sessions"."status" = 'cancelled') = ("group_sessions"."cancelled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "group_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"description_en" text NOT NULL,
	"description_fr" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "group_session_id" integer;--> statement-breakpoint
ALTER TABLE "group_series" ADD CONSTRAINT "group_series_topic_id_group_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."group_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_series" ADD CONSTRAINT "group_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_topic_id_group_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."group_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_series_id_group_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."group_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_sessions_starts_idx" ON "group_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "group_sessions_topic_starts_idx" ON "group_sessions" USING btree ("topic_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_sessions_series_starts_key" ON "group_sessions" USING btree ("series_id","starts_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_seat_per_patient" ON "appointments" USING btree ("group_session_id","patient_id") WHERE "appointments"."group_session_id" IS NOT NULL AND "appointments"."patient_id" IS NOT NULL AND "appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_seat_per_guest" ON "appointments" USING btree ("group_session_id",lower("guest_contact" ->> 'email')) WHERE "appointments"."group_session_id" IS NOT NULL AND "appointments"."guest_contact" IS NOT NULL AND "appointments"."status" <> 'cancelled';--> statement-breakpoint
-- Group sessions (issue #28). A session holds its dietitian's time as a visit does; its seats
-- are appointments naming it and do not hold the dietitian one by one.
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_no_employee_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_employee_overlap";
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_employee_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" <> 'cancelled' AND "group_session_id" IS NULL);
--> statement-breakpoint
-- A visit and a session of one dietitian never overlap. Two tables: no exclusion constraint can
-- say it, so a trigger on each does, under the dietitian's booking lock (the advisory lock every
-- booking takes, lib/server/booking/appointments.ts): a visit and a session written at once
-- queue there, and the second sees the first once it committed. A violation is 23P01, as the
-- exclusion constraints' are.
CREATE FUNCTION "group_sessions_visit_overlap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('appointments:employee:' || NEW.employee_id));
  IF TG_TABLE_NAME = 'appointments' THEN
    IF EXISTS (SELECT 1 FROM group_sessions g
               WHERE g.employee_id = NEW.employee_id AND g.status <> 'cancelled'
                 AND tstzrange(g.starts_at, g.blocked_until, '[)') && tstzrange(NEW.starts_at, NEW.blocked_until, '[)')) THEN
      RAISE EXCEPTION 'a visit overlaps a group session of its dietitian'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'appointments_no_group_session_overlap';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM appointments a
                WHERE a.employee_id = NEW.employee_id AND a.status <> 'cancelled' AND a.group_session_id IS NULL
                  AND tstzrange(a.starts_at, a.blocked_until, '[)') && tstzrange(NEW.starts_at, NEW.blocked_until, '[)')) THEN
    RAISE EXCEPTION 'a group session overlaps a visit of its dietitian'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'group_sessions_no_visit_overlap';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_no_group_session_overlap"
  AFTER INSERT OR UPDATE OF "employee_id", "starts_at", "blocked_until", "status", "group_session_id" ON "appointments"
  FOR EACH ROW WHEN (NEW."status" <> 'cancelled' AND NEW."group_session_id" IS NULL)
  EXECUTE FUNCTION "group_sessions_visit_overlap"();
--> statement-breakpoint
CREATE TRIGGER "group_sessions_no_visit_overlap"
  AFTER INSERT OR UPDATE OF "employee_id", "starts_at", "blocked_until", "status" ON "group_sessions"
  FOR EACH ROW WHEN (NEW."status" <> 'cancelled')
  EXECUTE FUNCTION "group_sessions_visit_overlap"();
--> statement-breakpoint
-- seats_taken follows the seats that are not cancelled, in the transaction that writes them.
-- Its UPDATE takes the session's row lock, so simultaneous bookings of one session queue on it,
-- and group_sessions_seats_check refuses the seat past capacity (23514): a session cannot be
-- oversold, whatever path writes the seat. A seat goes only to a scheduled session.
CREATE FUNCTION "group_sessions_count_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_seat integer := CASE WHEN TG_OP = 'UPDATE' AND OLD.status <> 'cancelled' THEN OLD.group_session_id END;
  is_seat integer := CASE WHEN NEW.status <> 'cancelled' THEN NEW.group_session_id END;
BEGIN
  IF was_seat IS NOT DISTINCT FROM is_seat THEN
    RETURN NULL;
  END IF;
  IF was_seat IS NOT NULL THEN
    UPDATE group_sessions SET seats_taken = seats_taken - 1 WHERE id = was_seat;
  END IF;
  IF is_seat IS NOT NULL THEN
    UPDATE group_sessions SET seats_taken = seats_taken + 1 WHERE id = is_seat AND status = 'scheduled';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'a seat in a group session that is not scheduled'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'group_sessions_open_check';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_count_group_seats"
  AFTER INSERT OR UPDATE OF "status", "group_session_id" ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "group_sessions_count_seats"();

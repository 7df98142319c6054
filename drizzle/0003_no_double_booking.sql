-- Double booking is impossible by construction (DESIGN §4.4, issue #4 "No double booking"):
-- GiST exclusion constraints (btree_gist, migration 0001, supplies `=` on integers and text)
-- over every appointment that still holds its time. A cancelled appointment frees its slot at
-- once; completed and no-show visits keep theirs. Ranges are half-open, so back-to-back visits
-- (10:00-11:00, then 11:00-12:00) do not overlap. A violation is SQLSTATE 23P01.

-- A dietitian is busy from the start until blocked_until (the service's employee duration).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_employee_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&)
  WHERE ("status" <> 'cancelled');
--> statement-breakpoint
-- A patient cannot hold two overlapping visits, with one dietitian or two (rows of guests,
-- whose patient_id is null, never match here: NULL = NULL is not true).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_patient_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'cancelled' AND "patient_id" IS NOT NULL);
--> statement-breakpoint
-- Nor can a guest, known by the e-mail address of the booking.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_guest_overlap"
  EXCLUDE USING gist (lower("guest_contact" ->> 'email') WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'cancelled' AND "guest_contact" IS NOT NULL);

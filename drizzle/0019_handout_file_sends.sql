-- Handouts go once per (seat, file), not once per seat (issue #38): a file attached after the
-- first send still reaches the seats that were sent the others. A seat sent before this
-- migration is taken to have had every handout of its session that existed when it was sent;
-- one whose files were all deleted since has nothing left to record.
ALTER TABLE "handout_sends" DROP CONSTRAINT "handout_sends_pkey";--> statement-breakpoint
ALTER TABLE "handout_sends" ADD COLUMN "handout_id" integer;--> statement-breakpoint
INSERT INTO "handout_sends" ("appointment_id", "handout_id", "sent_by", "sent_at")
  SELECT s."appointment_id", h."id", s."sent_by", s."sent_at"
  FROM "handout_sends" s
  JOIN "appointments" a ON a."id" = s."appointment_id"
  JOIN "group_sessions" g ON g."id" = a."group_session_id"
  JOIN "handouts" h ON (h."group_session_id" = g."id" OR h."group_topic_id" = g."topic_id") AND h."created_at" <= s."sent_at"
  WHERE s."handout_id" IS NULL;--> statement-breakpoint
DELETE FROM "handout_sends" WHERE "handout_id" IS NULL;--> statement-breakpoint
ALTER TABLE "handout_sends" ALTER COLUMN "handout_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "handout_sends" ADD CONSTRAINT "handout_sends_appointment_id_handout_id_pk" PRIMARY KEY("appointment_id","handout_id");--> statement-breakpoint
ALTER TABLE "handout_sends" ADD CONSTRAINT "handout_sends_handout_id_handouts_id_fk" FOREIGN KEY ("handout_id") REFERENCES "public"."handouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handout_sends_handout_idx" ON "handout_sends" USING btree ("handout_id");

-- Issue #28 item 5: the waitlist for full group sessions. A place for a group service waits for a
-- seat in any session of its topic within its window (at its office, in its language); an offer
-- names the session whose seat it offers.
ALTER TABLE "waitlist_entries" ADD COLUMN "group_topic_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD COLUMN "group_session_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_group_topic_id_group_topics_id_fk" FOREIGN KEY ("group_topic_id") REFERENCES "public"."group_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE no action ON UPDATE no action;

-- Issue #28 item 5: the waitlist for full group sessions. A place for a group service waits for a
-- seat in any session of its topic within its window (at its office, in its language); an offer
-- names the session whose seat it offers.
ALTER TABLE "waitlist_entries" ADD COLUMN "group_topic_id" integer REFERENCES "group_topics"("id");--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD COLUMN "group_session_id" integer REFERENCES "group_sessions"("id");

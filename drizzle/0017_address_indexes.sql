-- Issue #30: a person's rows found by their address (a guest's visits and waitlist places, the
-- e-mails sent to an address, contact messages) were read by scanning the whole table, once per
-- query of an export and of each purge. Each index matches its queries' expression exactly.
CREATE INDEX "appointments_guest_email_idx" ON "appointments" USING btree (lower("guest_contact" ->> 'email')) WHERE "appointments"."patient_id" IS NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email");--> statement-breakpoint
CREATE INDEX "mail_queue_recipient_idx" ON "mail_queue" USING btree (lower("recipient"));--> statement-breakpoint
CREATE INDEX "waitlist_entries_guest_email_idx" ON "waitlist_entries" USING btree (lower("guest_contact" ->> 'email')) WHERE "waitlist_entries"."patient_id" IS NULL;
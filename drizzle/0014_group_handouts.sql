CREATE TABLE "handout_sends" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_topic_id" integer,
	"group_session_id" integer,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handouts_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "handouts_owner_check" CHECK (("handouts"."group_topic_id" IS NULL) <> ("handouts"."group_session_id" IS NULL)),
	CONSTRAINT "handouts_byte_size_check" CHECK ("handouts"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "handout_sends" ADD CONSTRAINT "handout_sends_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout_sends" ADD CONSTRAINT "handout_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handouts" ADD CONSTRAINT "handouts_group_topic_id_group_topics_id_fk" FOREIGN KEY ("group_topic_id") REFERENCES "public"."group_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handouts" ADD CONSTRAINT "handouts_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handouts" ADD CONSTRAINT "handouts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handouts_topic_idx" ON "handouts" USING btree ("group_topic_id");--> statement-breakpoint
CREATE INDEX "handouts_session_idx" ON "handouts" USING btree ("group_session_id");
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"street_number" text NOT NULL,
	"street_name" text NOT NULL,
	"unit_number" text,
	"city" text NOT NULL,
	"province_code" text NOT NULL,
	"country_code" text NOT NULL,
	"postal_code" text NOT NULL,
	"preferred_dietitian_id" integer
);
--> statement-breakpoint
CREATE TABLE "rate_limit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"preferred_language" text DEFAULT 'en' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_patient" boolean DEFAULT false NOT NULL,
	"is_employee" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_reset_required" boolean DEFAULT false NOT NULL,
	"profile_picture_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_fr" text NOT NULL,
	"bio_en" text NOT NULL,
	"bio_fr" text NOT NULL,
	"languages" text[] NOT NULL,
	"photo_url" text,
	CONSTRAINT "employee_profiles_languages_check" CHECK (cardinality("employee_profiles"."languages") > 0 AND "employee_profiles"."languages" <@ ARRAY['en', 'fr']::text[])
);
--> statement-breakpoint
CREATE TABLE "employee_skills" (
	"user_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "employee_skills_user_id_skill_id_pk" PRIMARY KEY("user_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"street_number" text,
	"street_name" text,
	"unit_number" text,
	"city" text,
	"province_code" text,
	"country_code" text,
	"postal_code" text,
	"place_name" text,
	"google_maps_link" text,
	"map_url" text,
	CONSTRAINT "offices_address_check" CHECK ("offices"."is_virtual" OR ("offices"."street_number" IS NOT NULL AND "offices"."street_name" IS NOT NULL AND "offices"."city" IS NOT NULL AND "offices"."province_code" IS NOT NULL AND "offices"."country_code" IS NOT NULL AND "offices"."postal_code" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"short_description_en" text NOT NULL,
	"short_description_fr" text NOT NULL,
	"long_description_en" text NOT NULL,
	"long_description_fr" text NOT NULL,
	"client_duration_minutes" integer NOT NULL,
	"employee_duration_minutes" integer NOT NULL,
	"base_price_cents" integer NOT NULL,
	"currency" text DEFAULT 'CAD' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"allow_guest_booking" boolean DEFAULT false NOT NULL,
	"requires_matching_skills" boolean DEFAULT false NOT NULL,
	"is_free_service" boolean DEFAULT false NOT NULL,
	"enforce_prerequisite" boolean DEFAULT false NOT NULL,
	"prerequisite_service_id" integer,
	"is_taxable" boolean DEFAULT false NOT NULL,
	"tax_included" boolean DEFAULT false NOT NULL,
	"min_cancellation_notice_hours" integer DEFAULT 24 NOT NULL,
	"max_advance_booking_days" integer DEFAULT 90 NOT NULL,
	"min_advance_booking_hours" integer DEFAULT 12 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_durations_check" CHECK ("services"."client_duration_minutes" > 0 AND "services"."employee_duration_minutes" >= "services"."client_duration_minutes"),
	CONSTRAINT "services_price_check" CHECK ("services"."base_price_cents" >= 0 AND (NOT "services"."is_free_service" OR "services"."base_price_cents" = 0)),
	CONSTRAINT "services_tax_check" CHECK (NOT "services"."tax_included" OR "services"."is_taxable"),
	CONSTRAINT "services_prerequisite_check" CHECK (NOT "services"."enforce_prerequisite" OR "services"."prerequisite_service_id" IS NOT NULL),
	CONSTRAINT "services_booking_window_check" CHECK ("services"."min_cancellation_notice_hours" >= 0 AND "services"."min_advance_booking_hours" >= 0 AND "services"."max_advance_booking_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "weekly_schedules_weekday_check" CHECK ("weekly_schedules"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "weekly_schedules_minutes_check" CHECK ("weekly_schedules"."start_minute" >= 0 AND "weekly_schedules"."start_minute" < "weekly_schedules"."end_minute" AND "weekly_schedules"."end_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_invites" ADD CONSTRAINT "employee_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_preferred_dietitian_id_users_id_fk" FOREIGN KEY ("preferred_dietitian_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_prerequisite_service_id_services_id_fk" FOREIGN KEY ("prerequisite_service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_schedules" ADD CONSTRAINT "weekly_schedules_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_schedules" ADD CONSTRAINT "weekly_schedules_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_invites_hash_key" ON "employee_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rate_limit_events_key_idx" ON "rate_limit_events" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "employee_skills_skill_idx" ON "employee_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offices_slug_key" ON "offices" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "services_slug_key" ON "services" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_slug_key" ON "skills" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_schedules_employee_start_key" ON "weekly_schedules" USING btree ("employee_id","weekday","start_minute");--> statement-breakpoint
CREATE INDEX "weekly_schedules_office_idx" ON "weekly_schedules" USING btree ("office_id");
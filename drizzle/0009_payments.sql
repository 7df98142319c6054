CREATE SEQUENCE "public"."receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"reason" text,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" <> 0 AND "payments"."amount_cents" BETWEEN -1000000 AND 1000000),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" IN ('card', 'cash', 'e_transfer', 'direct_billing')),
	CONSTRAINT "payments_refund_reason_check" CHECK ("payments"."amount_cents" > 0 OR length(btrim(coalesce("payments"."reason", ''))) > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"payment_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"patient_id" integer,
	"language" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer NOT NULL,
	"paid_to_date_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"content" jsonb NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"void_reason" text,
	"replaced_by_id" integer,
	CONSTRAINT "receipts_number_check" CHECK ("receipts"."number" ~ '^R-[0-9]{4}-[0-9]{6,}$'),
	CONSTRAINT "receipts_language_check" CHECK ("receipts"."language" IN ('en', 'fr')),
	CONSTRAINT "receipts_money_check" CHECK ("receipts"."fee_cents" >= 0 AND "receipts"."tax_cents" >= 0 AND "receipts"."total_cents" = "receipts"."fee_cents" + "receipts"."tax_cents" AND "receipts"."paid_cents" <> 0 AND "receipts"."paid_to_date_cents" BETWEEN 0 AND "receipts"."total_cents" AND "receipts"."balance_cents" = "receipts"."total_cents" - "receipts"."paid_to_date_cents"),
	CONSTRAINT "receipts_void_check" CHECK (("receipts"."voided_at" IS NULL) = ("receipts"."void_reason" IS NULL) AND ("receipts"."voided_at" IS NULL) = ("receipts"."voided_by" IS NULL) AND ("receipts"."replaced_by_id" IS NULL OR "receipts"."voided_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_replaced_by_id_receipts_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_public_id_key" ON "payments" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "payments_paid_on_idx" ON "payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_public_id_key" ON "receipts" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_live_per_payment_key" ON "receipts" USING btree ("payment_id") WHERE "receipts"."voided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "receipts_patient_idx" ON "receipts" USING btree ("patient_id","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_appointment_idx" ON "receipts" USING btree ("appointment_id");
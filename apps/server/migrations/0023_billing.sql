CREATE TABLE "credit_memos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"create_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"invoice_id" uuid,
	"order_id" uuid,
	"order_number" text,
	"held_by_payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_memos_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_memos_amount_positive" CHECK ("credit_memos"."amount_cents" > 0),
	CONSTRAINT "credit_memos_applied_within" CHECK ("credit_memos"."applied_cents" >= 0 and "credit_memos"."applied_cents" <= "credit_memos"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"user_id" text,
	"paid_by_name" text NOT NULL,
	"paid_by_email" text NOT NULL,
	"acting_for_name" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"method_label" text,
	"payment_method_id" uuid,
	"charged_cents" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	"credit_cents" bigint NOT NULL,
	"processor_charge_id" text,
	"failure" jsonb,
	"snapshot" jsonb NOT NULL,
	"receipt" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_number_unique" UNIQUE("number"),
	CONSTRAINT "invoice_payments_status" CHECK ("invoice_payments"."status" in ('charging', 'succeeded', 'failed')),
	CONSTRAINT "invoice_payments_sums_not_negative" CHECK ("invoice_payments"."charged_cents" >= 0 and "invoice_payments"."discount_cents" >= 0 and "invoice_payments"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"order_id" uuid,
	"order_number" text,
	"po_number" text,
	"create_date" date NOT NULL,
	"due_date" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"discount_taken_cents" bigint DEFAULT 0 NOT NULL,
	"discount_days" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	"partial_payment_allowed" boolean DEFAULT true NOT NULL,
	"attempted_payment_cents" bigint,
	"held_by_payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_total_positive" CHECK ("invoices"."total_cents" > 0),
	CONSTRAINT "invoices_sums_not_negative" CHECK ("invoices"."paid_cents" >= 0 and "invoices"."discount_taken_cents" >= 0),
	CONSTRAINT "invoices_not_overpaid" CHECK ("invoices"."paid_cents" + "invoices"."discount_taken_cents" <= "invoices"."total_cents"),
	CONSTRAINT "invoices_due_after_create" CHECK ("invoices"."due_date" >= "invoices"."create_date")
);
--> statement-breakpoint
CREATE TABLE "payment_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"credit_memo_id" uuid,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_applications_sums" CHECK ("payment_applications"."cash_cents" >= 0 and "payment_applications"."credit_cents" >= 0 and "payment_applications"."discount_cents" >= 0
        and ("payment_applications"."credit_memo_id" is not null or "payment_applications"."credit_cents" = 0)
        and ("payment_applications"."credit_memo_id" is null or ("payment_applications"."cash_cents" = 0 and "payment_applications"."discount_cents" = 0)))
);
--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_memos" ADD CONSTRAINT "credit_memos_held_by_payment_id_invoice_payments_id_fk" FOREIGN KEY ("held_by_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_held_by_payment_id_invoice_payments_id_fk" FOREIGN KEY ("held_by_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_credit_memo_id_credit_memos_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."credit_memos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_memos_business_create" ON "credit_memos" USING btree ("business_partner_id","create_date","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_key" ON "invoice_payments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "invoice_payments_business" ON "invoice_payments" USING btree ("business_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_charging" ON "invoice_payments" USING btree ("created_at") WHERE "invoice_payments"."status" = 'charging';--> statement-breakpoint
CREATE INDEX "invoices_business_create" ON "invoices" USING btree ("business_partner_id","create_date","number");--> statement-breakpoint
CREATE INDEX "invoices_business_due" ON "invoices" USING btree ("business_partner_id","due_date","number");--> statement-breakpoint
CREATE INDEX "payment_applications_payment" ON "payment_applications" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_applications_invoice" ON "payment_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_applications_credit_memo" ON "payment_applications" USING btree ("credit_memo_id");--> statement-breakpoint
ALTER TABLE "business_partners" DROP COLUMN "account_balance_cents";--> statement-breakpoint
ALTER TABLE "business_partners" DROP COLUMN "past_due_cents";--> statement-breakpoint
-- The numbers a dealer quotes: invoices from INV-200001, credit memos from CM-300001, receipts from RCPT-400001.
ALTER SEQUENCE "invoices_number_seq" START WITH 200001 RESTART WITH 200001;--> statement-breakpoint
ALTER SEQUENCE "credit_memos_number_seq" START WITH 300001 RESTART WITH 300001;--> statement-breakpoint
ALTER SEQUENCE "invoice_payments_number_seq" START WITH 400001 RESTART WITH 400001;

CREATE TABLE "plan_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"user_id" text,
	"paid_by_name" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"device_keys" text[] NOT NULL,
	"base_amount_cents" bigint NOT NULL,
	"currency_discount_cents" bigint NOT NULL,
	"base_tax_cents" bigint NOT NULL,
	"final_charge_cents" bigint NOT NULL,
	"method_label" text,
	"payment_method_id" uuid,
	"processor_charge_id" text,
	"snapshot" jsonb NOT NULL,
	"receipt" jsonb,
	"failure" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_purchases_number_unique" UNIQUE("number"),
	CONSTRAINT "plan_purchases_status" CHECK ("plan_purchases"."status" in ('charging', 'paid', 'failed')),
	CONSTRAINT "plan_purchases_currency" CHECK ("plan_purchases"."currency" in ('USD', 'CAD')),
	CONSTRAINT "plan_purchases_sums" CHECK ("plan_purchases"."base_amount_cents" >= 0 and "plan_purchases"."currency_discount_cents" between 0 and "plan_purchases"."base_amount_cents" and "plan_purchases"."base_tax_cents" >= 0 and "plan_purchases"."final_charge_cents" = "plan_purchases"."base_amount_cents" - "plan_purchases"."currency_discount_cents" + "plan_purchases"."base_tax_cents")
);
--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_purchases" ADD CONSTRAINT "plan_purchases_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_purchases_key" ON "plan_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "plan_purchases_business" ON "plan_purchases" USING btree ("business_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_purchases_charging" ON "plan_purchases" USING btree ("created_at") WHERE "plan_purchases"."status" = 'charging';--> statement-breakpoint
-- The numbers a dealer quotes: plan purchases from PS-500001 (after receipts RCPT-400001).
ALTER SEQUENCE "plan_purchases_number_seq" START WITH 500001 RESTART WITH 500001;

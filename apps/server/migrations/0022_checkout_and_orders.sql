CREATE TABLE "checkout_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"status" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"order_id" uuid,
	"failure" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_attempts_status" CHECK ("checkout_attempts"."status" in ('charging', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"placed_by_user_id" text,
	"placed_by_name" text NOT NULL,
	"placed_by_email" text NOT NULL,
	"acting_for_name" text,
	"status" text DEFAULT 'placed' NOT NULL,
	"po_number" text,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb,
	"shipping_method_id" text NOT NULL,
	"shipping_method_name" text NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"shipping_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_exempt" boolean NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"payment_kind" text NOT NULL,
	"payment_label" text NOT NULL,
	"payment_method_id" uuid,
	"processor_charge_id" text,
	"carrier" text,
	"tracking_number" text,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('placed', 'processing', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "orders_payment_kind" CHECK ("orders"."payment_kind" in ('COD', 'TERMS', 'CARD', 'BANK_ACCOUNT'))
);
--> statement-breakpoint
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_status";--> statement-breakpoint
ALTER TABLE "business_partners" ADD COLUMN "resale_certificate" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_address_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "billing_address_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_method_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_gateway" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_method_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "payment_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_events" ADD CONSTRAINT "order_status_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempts_key" ON "checkout_attempts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "checkout_attempts_charging" ON "checkout_attempts" USING btree ("created_at") WHERE "checkout_attempts"."status" = 'charging';--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_events_order" ON "order_status_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_business_created" ON "orders" USING btree ("business_partner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_po_number" ON "orders" USING btree ("business_partner_id","po_number");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shipping_address_id_business_partner_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."business_partner_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_billing_address_id_business_partner_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."business_partner_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status" CHECK ("checkouts"."status" in ('open', 'completing', 'completed', 'cleared'));--> statement-breakpoint
-- Order numbers a dealer quotes start at SO-100001.
ALTER SEQUENCE "orders_number_seq" START WITH 100001 RESTART WITH 100001;

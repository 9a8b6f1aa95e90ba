CREATE TABLE "checkout_subscription_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"device_key" text NOT NULL,
	"product_name" text NOT NULL,
	"plan_id" text NOT NULL,
	"duration" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_subscription_lines_plan" CHECK ("checkout_subscription_lines"."plan_id" in ('basic', 'premium', 'premium_plus', 'ultimate')),
	CONSTRAINT "checkout_subscription_lines_duration" CHECK ("checkout_subscription_lines"."duration" in ('month_to_month', '1_year', '2_year', '3_year', '4_year', '5_year', '6_year'))
);
--> statement-breakpoint
ALTER TABLE "checkout_subscription_lines" ADD CONSTRAINT "checkout_subscription_lines_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_subscription_lines_device" ON "checkout_subscription_lines" USING btree ("checkout_id","device_key");
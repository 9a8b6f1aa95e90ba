CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"processor_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"name" text NOT NULL,
	"street_address_1" text,
	"street_address_2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'verified' NOT NULL,
	"bank_name" text,
	"account_type" text,
	"owner_type" text,
	"added_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_processor_token_unique" UNIQUE("processor_token"),
	CONSTRAINT "payment_methods_type" CHECK ("payment_methods"."type" in ('CARD', 'BANK_ACCOUNT')),
	CONSTRAINT "payment_methods_status" CHECK ("payment_methods"."status" in ('verified', 'unverified', 'locked'))
);
--> statement-breakpoint
CREATE TABLE "processor_bank_accounts" (
	"token" text PRIMARY KEY NOT NULL,
	"last4" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text NOT NULL,
	"owner_type" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_bank_accounts_status" CHECK ("processor_bank_accounts"."status" in ('unverified', 'verified', 'locked')),
	CONSTRAINT "processor_bank_accounts_account_type" CHECK ("processor_bank_accounts"."account_type" in ('CHECKING', 'SAVINGS')),
	CONSTRAINT "processor_bank_accounts_owner_type" CHECK ("processor_bank_accounts"."owner_type" in ('INDIVIDUAL', 'COMPANY'))
);
--> statement-breakpoint
CREATE TABLE "processor_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_cards_behaviour" CHECK ("processor_cards"."behaviour" in ('succeed', 'card_declined', 'incorrect_zip', 'insufficient_funds', 'expired_card', 'processing_error'))
);
--> statement-breakpoint
CREATE TABLE "processor_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"source" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "processor_charges_status" CHECK ("processor_charges"."status" in ('succeeded', 'voided', 'declined')),
	CONSTRAINT "processor_charges_amount" CHECK ("processor_charges"."amount_cents" > 0),
	CONSTRAINT "processor_charges_refunded" CHECK ("processor_charges"."refunded_cents" between 0 and "processor_charges"."amount_cents"),
	CONSTRAINT "processor_charges_decline_code" CHECK (("processor_charges"."status" = 'declined') = ("processor_charges"."decline_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "processor_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "processor_refunds_amount" CHECK ("processor_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_refunds" ADD CONSTRAINT "processor_refunds_charge_id_processor_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."processor_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_business_partner" ON "payment_methods" USING btree ("business_partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_main" ON "payment_methods" USING btree ("business_partner_id") WHERE "payment_methods"."is_main";--> statement-breakpoint
CREATE INDEX "processor_charges_source_idx" ON "processor_charges" USING btree ("source");--> statement-breakpoint
CREATE INDEX "processor_refunds_charge_id_idx" ON "processor_refunds" USING btree ("charge_id");
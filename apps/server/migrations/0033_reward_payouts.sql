CREATE TABLE "processor_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "processor_transfers_status" CHECK ("processor_transfers"."status" in ('paid', 'reversed')),
	CONSTRAINT "processor_transfers_amount" CHECK ("processor_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reward_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"transfer_id" text,
	"failure" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_payouts_status" CHECK ("reward_payouts"."status" in ('sending', 'paid', 'failed')),
	CONSTRAINT "reward_payouts_amount" CHECK ("reward_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "device_rewards" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "reward_payouts" ADD CONSTRAINT "reward_payouts_reward_id_device_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."device_rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processor_transfers_destination_idx" ON "processor_transfers" USING btree ("destination");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_key" ON "reward_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_payouts_once" ON "reward_payouts" USING btree ("reward_id") WHERE "reward_payouts"."status" in ('sending', 'paid');--> statement-breakpoint
CREATE INDEX "reward_payouts_sending" ON "reward_payouts" USING btree ("created_at") WHERE "reward_payouts"."status" = 'sending';
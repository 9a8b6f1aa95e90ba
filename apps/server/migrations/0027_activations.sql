CREATE TABLE "activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_key" text NOT NULL,
	"activation_type" text NOT NULL,
	"steps" jsonb NOT NULL,
	"current_step" text NOT NULL,
	"step_states" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"advanced" boolean NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"user_id" text,
	"business_partner_id" uuid,
	"guest_token_hash" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "activations_guest_token_hash_unique" UNIQUE("guest_token_hash")
);
--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activations" ADD CONSTRAINT "activations_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activations_user_started" ON "activations" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "activations_device_started" ON "activations" USING btree ("device_key","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activations_open_per_user" ON "activations" USING btree ("user_id","device_key","activation_type") WHERE "activations"."status" = 'in_progress' and "activations"."user_id" is not null;
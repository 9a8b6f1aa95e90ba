CREATE TABLE "device_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installer_user_id" text NOT NULL,
	"installer_id" uuid NOT NULL,
	"dealer_id" uuid NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"device_key" text NOT NULL,
	"plan" text NOT NULL,
	"duration" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"activation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"earned_at" timestamp with time zone,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"onboarding_complete" boolean DEFAULT false NOT NULL,
	"onboarding_token" text,
	"onboarding_url" text,
	"onboarding_url_expires_at" timestamp with time zone,
	"login_link" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_onboarding_token_unique" UNIQUE("onboarding_token")
);
--> statement-breakpoint
ALTER TABLE "device_rewards" ADD CONSTRAINT "device_rewards_installer_user_id_users_id_fk" FOREIGN KEY ("installer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rewards" ADD CONSTRAINT "device_rewards_installer_id_installers_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."installers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rewards" ADD CONSTRAINT "device_rewards_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rewards" ADD CONSTRAINT "device_rewards_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_rewards" ADD CONSTRAINT "device_rewards_activation_id_activations_id_fk" FOREIGN KEY ("activation_id") REFERENCES "public"."activations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_rewards_activation" ON "device_rewards" USING btree ("activation_id");--> statement-breakpoint
CREATE INDEX "device_rewards_dealer_created" ON "device_rewards" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "device_rewards_installer_created" ON "device_rewards" USING btree ("installer_id","created_at");
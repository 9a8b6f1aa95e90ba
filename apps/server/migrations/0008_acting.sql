CREATE TABLE "impersonation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text NOT NULL,
	"impersonated_user_id" text,
	"business_partner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"path" text,
	"status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_selections" (
	"session_id" text PRIMARY KEY NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"impersonated_user_id" text,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"phone_country" text DEFAULT 'USCA' NOT NULL,
	"website" text,
	"street_address_1" text NOT NULL,
	"street_address_2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"country_area" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"years_in_business" integer,
	"installer_count" integer,
	"brands_of_interest" text[] DEFAULT '{}' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by_user_id" text,
	"reviewed_at" timestamp with time zone,
	"business_partner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_impersonated_user_id_users_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_events" ADD CONSTRAINT "impersonation_events_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_selections" ADD CONSTRAINT "session_selections_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_selections" ADD CONSTRAINT "session_selections_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_selections" ADD CONSTRAINT "session_selections_impersonated_user_id_users_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_requests" ADD CONSTRAINT "dealer_requests_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_requests" ADD CONSTRAINT "dealer_requests_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonation_events_bp_idx" ON "impersonation_events" USING btree ("business_partner_id","created_at");--> statement-breakpoint
CREATE INDEX "dealer_requests_status_idx" ON "dealer_requests" USING btree ("status","created_at");
CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_key" text NOT NULL,
	"user_id" text,
	"acting_user_id" text,
	"business_partner_id" uuid,
	"action" text NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" text,
	"status" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_key" text NOT NULL,
	"cloud_event_id" bigint,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_events_cloud_event_id_unique" UNIQUE("cloud_event_id")
);
--> statement-breakpoint
CREATE TABLE "device_installations" (
	"device_key" text PRIMARY KEY NOT NULL,
	"business_partner_id" uuid NOT NULL,
	"installed_by_user_id" text,
	"involved_installers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_proof_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_key" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_installations" ADD CONSTRAINT "device_installations_business_partner_id_business_partners_id_fk" FOREIGN KEY ("business_partner_id") REFERENCES "public"."business_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_installations" ADD CONSTRAINT "device_installations_installed_by_user_id_users_id_fk" FOREIGN KEY ("installed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device_created" ON "device_commands" USING btree ("device_key","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_job" ON "device_commands" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "device_events_device_id" ON "device_events" USING btree ("device_key","id");--> statement-breakpoint
CREATE INDEX "device_proof_failures_device_at" ON "device_proof_failures" USING btree ("device_key","at");--> statement-breakpoint
CREATE INDEX "device_proof_failures_ip_at" ON "device_proof_failures" USING btree ("ip","at");--> statement-breakpoint
-- issue 28 §4: a device event wakes every instance's streams of that device (the change feed, db/changes.ts).
CREATE OR REPLACE FUNCTION portal_notify_device_event() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'device:' || NEW.device_key);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER device_events_notify AFTER INSERT ON device_events
  FOR EACH ROW EXECUTE FUNCTION portal_notify_device_event();

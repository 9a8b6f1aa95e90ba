ALTER TABLE "device_installations" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "device_installations" ADD COLUMN "vehicle_year" integer;--> statement-breakpoint
ALTER TABLE "device_installations" ADD COLUMN "vehicle_make" text;--> statement-breakpoint
ALTER TABLE "device_installations" ADD COLUMN "vehicle_model" text;--> statement-breakpoint
CREATE INDEX "device_installations_business_installed" ON "device_installations" USING btree ("business_partner_id","installed_at");
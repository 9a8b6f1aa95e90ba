ALTER TABLE "device_commands" ADD COLUMN "activation_id" uuid;--> statement-breakpoint
ALTER TABLE "device_commands" ADD COLUMN "activation_step" text;
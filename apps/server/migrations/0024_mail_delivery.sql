ALTER TABLE "mail_outbox" ADD COLUMN "deliver_by" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_undelivered" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."deliver_by" is not null and "mail_outbox"."delivered_at" is null;
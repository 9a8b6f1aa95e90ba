DROP INDEX "product_prices_channel_idx";--> statement-breakpoint
CREATE INDEX "products_name_sort_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_msrp_sort_idx" ON "products" USING btree ("msrp_cents","id");--> statement-breakpoint
CREATE INDEX "product_prices_channel_idx" ON "product_prices" USING btree ("channel_slug","discounted_cents","product_id");
ALTER TABLE "product_prices" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "list_cents" integer;--> statement-breakpoint
-- A price row carries its product's brand, category and list price (msrp, else the discounted price), so a
-- price sort walks one index per brand (and category) in order. Kept here, whatever writes the rows.
CREATE FUNCTION "fill_product_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."brand_id", p."category_id", coalesce(p."msrp_cents", NEW."discounted_cents")
    INTO NEW."brand_id", NEW."category_id", NEW."list_cents"
    FROM "products" p WHERE p."id" = NEW."product_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_prices_fill" BEFORE INSERT OR UPDATE ON "product_prices"
  FOR EACH ROW EXECUTE FUNCTION "fill_product_price"();
--> statement-breakpoint
CREATE FUNCTION "sync_product_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The fill trigger above reads the product again.
  UPDATE "product_prices" SET "discounted_cents" = "discounted_cents" WHERE "product_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_sync_prices" AFTER UPDATE OF "brand_id", "category_id", "msrp_cents" ON "products"
  FOR EACH ROW WHEN (OLD."brand_id" IS DISTINCT FROM NEW."brand_id" OR OLD."category_id" IS DISTINCT FROM NEW."category_id"
    OR OLD."msrp_cents" IS DISTINCT FROM NEW."msrp_cents")
  EXECUTE FUNCTION "sync_product_prices"();
--> statement-breakpoint
UPDATE "product_prices" SET "discounted_cents" = "discounted_cents";--> statement-breakpoint
CREATE INDEX "product_prices_brand_discounted_idx" ON "product_prices" USING btree ("channel_slug","brand_id","discounted_cents","product_id");--> statement-breakpoint
CREATE INDEX "product_prices_brand_list_idx" ON "product_prices" USING btree ("channel_slug","brand_id","list_cents","product_id");--> statement-breakpoint
CREATE INDEX "product_prices_category_discounted_idx" ON "product_prices" USING btree ("channel_slug","category_id","brand_id","discounted_cents","product_id");--> statement-breakpoint
CREATE INDEX "product_prices_category_list_idx" ON "product_prices" USING btree ("channel_slug","category_id","brand_id","list_cents","product_id");--> statement-breakpoint
ANALYZE "product_prices";

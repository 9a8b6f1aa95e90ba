CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- Words of new and changed products join the dictionary at once, whatever writes them (seed, import, admin);
-- refreshSearchWords (after catalog loads) rebuilds it and drops words no product uses any more.
CREATE FUNCTION "add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w.lexeme
  FROM "changed_products" p, unnest(to_tsvector('simple', p."name") || to_tsvector('simple', p."sku")) w
  WHERE w.lexeme ~ '^[[:alnum:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "changed_products" FOR EACH STATEMENT EXECUTE FUNCTION "add_search_words"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS "changed_products" FOR EACH STATEMENT EXECUTE FUNCTION "add_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT "word" FROM ts_stat($$SELECT to_tsvector('simple', "name") || to_tsvector('simple', "sku") FROM "products"$$)
WHERE "word" ~ '^[[:alnum:]]+$';
--> statement-breakpoint
ANALYZE "search_words";

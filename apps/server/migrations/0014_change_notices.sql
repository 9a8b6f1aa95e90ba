-- Change notices for the server's in-memory caches (src/db/changes.ts): whatever process writes
-- these tables, every server instance hears of it on channel portal_changes once the change commits.
-- 'catalog': what search pages, counts and term corrections copy. 'identity:<user id>' or
-- 'identity:*': what a session read and its pricing context copy.
CREATE FUNCTION "notify_catalog"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'catalog');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "notify_identity_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'identity:*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Row triggers; TG_ARGV[0] names the column that holds the user id.
CREATE FUNCTION "notify_identity_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_changes', 'identity:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_changes', 'identity:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The business a session acts for: the user of the session (a session already deleted told of itself).
CREATE FUNCTION "notify_identity_of_session"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  SELECT user_id INTO owner FROM sessions
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.session_id ELSE NEW.session_id END;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('portal_changes', 'identity:' || owner);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Catalog tables: one notice per statement. Identity tables whose rows concern everyone (a business,
-- its approved brands, a group, a brand's slug): one notice per statement too.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_prices', 'categories', 'brands', 'channels', 'search_words'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog()', t || '_notify_catalog', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['brands', 'business_partners', 'business_partner_approved_brands', 'permission_groups'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_everyone()', t || '_notify_identity', t);
  END LOOP;
  -- Rows that concern one user: a notice per row naming the user; emptying the table concerns everyone.
  FOREACH t IN ARRAY ARRAY['users:id', 'sessions:user_id', 'user_permission_groups:user_id'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
      FOR EACH ROW EXECUTE FUNCTION notify_identity_of_user(%L)', split_part(t, ':', 1) || '_notify_identity',
      split_part(t, ':', 1), split_part(t, ':', 2));
  END LOOP;
  FOREACH t IN ARRAY ARRAY['users', 'sessions', 'user_permission_groups', 'session_selections'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_everyone()', t || '_notify_truncate', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_selections_notify_identity" AFTER INSERT OR UPDATE OR DELETE ON "session_selections"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_of_session();

-- Change notices for two more in-memory caches (issue 17; src/db/changes.ts, migration 0014 made the
-- functions). The per-request actor now carries the user's screen preferences, so /api/session reads
-- nothing on a hit: a change to a user's preferences names the user ('identity:<user id>').
CREATE TRIGGER "user_preferences_notify_identity" AFTER INSERT OR UPDATE OR DELETE ON "user_preferences"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_of_user('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_preferences_notify_truncate" AFTER TRUNCATE ON "user_preferences"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_everyone();
--> statement-breakpoint
-- 'vehicles': what the wiring page's answers copy (vehicle-info and the other vehicle lookups), shared
-- by every session. Written by a seed or an import, in bulk: one notice per statement.
CREATE FUNCTION "notify_vehicles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'vehicles');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One statement-level trigger per table, made from the list.
DO $$
BEGIN
  EXECUTE (
    SELECT string_agg(format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION notify_vehicles()', t || '_notify_vehicles', t), '; ')
    FROM unnest(ARRAY['vehicle_makes', 'vehicle_models', 'vehicles', 'vehicle_categories', 'vehicle_external_wiring',
      'folders', 'documents', 'installer_guides', 'installer_guide_vehicles', 'product_features']) AS t
  );
END $$;

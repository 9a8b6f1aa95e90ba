-- The per-request actor (issue 16) caches a session's user with their types and installer record
-- (purchasing rights) and the business with its dealer record: changes to those rows must be noticed
-- too (migration 0014 made the notices). Rows of one user: a notice naming the user; dealers concern
-- everyone (few, rarely written).
CREATE TRIGGER "user_types_notify_identity" AFTER INSERT OR UPDATE OR DELETE ON "user_types"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_of_user('user_id');
--> statement-breakpoint
CREATE TRIGGER "installers_notify_identity" AFTER INSERT OR UPDATE OR DELETE ON "installers"
  FOR EACH ROW EXECUTE FUNCTION notify_identity_of_user('user_id');
--> statement-breakpoint
CREATE TRIGGER "dealers_notify_identity" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dealers"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_everyone();
--> statement-breakpoint
CREATE TRIGGER "user_types_notify_truncate" AFTER TRUNCATE ON "user_types"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_everyone();
--> statement-breakpoint
CREATE TRIGGER "installers_notify_truncate" AFTER TRUNCATE ON "installers"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_identity_everyone();

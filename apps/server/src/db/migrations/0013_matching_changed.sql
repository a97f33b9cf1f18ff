-- Issue 7: every instance drops its cached potential-matches answers after any committed change
-- to what they are computed from (modules/matching/matches-cache.ts). NOTIFY is delivered after
-- the commit, to every listening instance (and, on PGlite, to the one process).
CREATE OR REPLACE FUNCTION notify_matching_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('aeropool_matching_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_matching_changed AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER ride_requests_matching_changed AFTER INSERT OR UPDATE OR DELETE ON ride_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER matches_matching_changed AFTER INSERT OR UPDATE OR DELETE ON matches FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER match_members_matching_changed AFTER INSERT OR DELETE OR UPDATE OF match_id, ride_request_id ON match_members FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER match_requests_matching_changed AFTER INSERT OR UPDATE OR DELETE ON match_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER ratings_matching_changed AFTER INSERT OR UPDATE OR DELETE ON ratings FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER blocks_matching_changed AFTER INSERT OR UPDATE OR DELETE ON blocks FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();
--> statement-breakpoint
CREATE TRIGGER reports_matching_changed AFTER INSERT OR UPDATE OR DELETE ON reports FOR EACH STATEMENT EXECUTE FUNCTION notify_matching_changed();

-- Who is calling (decision 035): every statement that changes or removes sessions, or changes a
-- customer's KYC status, wakes the server (NOTIFY caller_changes, delivered at commit), so that a
-- server on the embedded database, which sees every write, may keep the sessions it has read
-- until one of them may have changed.
CREATE FUNCTION "notify_caller_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('caller_changes', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_caller_changes" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changes"();
--> statement-breakpoint
CREATE TRIGGER "customers_caller_changes" AFTER UPDATE OF "kyc_status" OR DELETE OR TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_caller_changes"();

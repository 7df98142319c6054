CREATE TABLE "calendar_versions" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Issue #29: the slot search keeps each dietitian's calendar in memory and reads these counters
-- with every search. A counter must change only once what changed is visible to others, or a
-- search between the change and its commit would cache the old calendar under the new number:
-- so each statement notes, in a transaction-local setting, whose calendar it touched, and a
-- deferred trigger raises their counters as the transaction commits, once, in id order. Raised
-- at commit, in one order, the counters' row locks are held only until the commit that follows
-- and no two committing transactions can wait on each other. A rolled-back transaction (or
-- savepoint) leaves its note and its counters as they were.
CREATE FUNCTION "calendar_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT employee_id::text, ',') INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT employee_id::text, ',') INTO ids FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT employee_id::text, ',') INTO ids
      FROM (SELECT employee_id FROM old_rows UNION SELECT employee_id FROM new_rows) AS touched;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM set_config('clinic.calendar_touched', concat_ws(',', nullif(current_setting('clinic.calendar_touched', true), ''), ids), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "calendar_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := coalesce(current_setting('clinic.calendar_touched', true), '');
BEGIN
  -- The first of the transaction's deferred events raises every counter; the others find nothing.
  IF touched = '' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('clinic.calendar_touched', '', true);
  INSERT INTO "calendar_versions" AS v ("employee_id", "version")
    SELECT DISTINCT id::integer, 1 FROM unnest(string_to_array(touched, ',')) AS id ORDER BY 1
    ON CONFLICT ("employee_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['appointments', 'group_sessions', 'time_off', 'weekly_schedules'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_touched()', t || '_calendar_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_touched()', t || '_calendar_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_touched()', t || '_calendar_delete', t);
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION calendar_commit()', t || '_calendar_commit', t);
  END LOOP;
END $$;

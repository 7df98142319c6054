-- A seat deleted with its person's records (issue #30, retention) gives its place back, as a
-- cancelled one does: seats_taken counts the seats that are not cancelled, and the roster and the
-- session's count must agree after a purge too. Migration 0012's function, with DELETE handled.
CREATE OR REPLACE FUNCTION "group_sessions_count_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_seat integer := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN OLD.group_session_id END;
  is_seat integer := CASE WHEN TG_OP <> 'DELETE' AND NEW.status <> 'cancelled' THEN NEW.group_session_id END;
BEGIN
  IF was_seat IS NOT DISTINCT FROM is_seat THEN
    RETURN NULL;
  END IF;
  IF was_seat IS NOT NULL THEN
    UPDATE group_sessions SET seats_taken = seats_taken - 1 WHERE id = was_seat;
  END IF;
  IF is_seat IS NOT NULL THEN
    UPDATE group_sessions SET seats_taken = seats_taken + 1 WHERE id = is_seat AND status = 'scheduled';
    IF NOT FOUND THEN
      RAISE EXCEPTION 'a seat in a group session that is not scheduled'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'group_sessions_open_check';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointments_uncount_deleted_seats"
  AFTER DELETE ON "appointments"
  FOR EACH ROW WHEN (OLD."group_session_id" IS NOT NULL)
  EXECUTE FUNCTION "group_sessions_count_seats"();

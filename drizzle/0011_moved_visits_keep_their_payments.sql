-- A moved visit is the same visit (issue 27): since then, a move carries the visit's payments
-- and receipts over to the new row and keeps the first booking's created_at
-- (lib/server/booking/appointments.ts, rescheduleAppointment). Visits moved before kept them on
-- the row the move cancelled, which would now read "refund due" while the visit itself read
-- unpaid. The same for them: each chain of moves (rescheduled_from_id) gets its payments and
-- receipts on its last row (the highest id: each move inserts its successor), and every row of
-- the chain the first row's created_at. Running it again changes nothing.
WITH RECURSIVE chain AS (
  SELECT id AS root_id, id FROM appointments WHERE rescheduled_from_id IS NULL
  UNION ALL
  SELECT chain.root_id, a.id FROM appointments a JOIN chain ON a.rescheduled_from_id = chain.id
), last_row AS (
  SELECT root_id, max(id) AS last_id FROM chain GROUP BY root_id HAVING count(*) > 1
)
UPDATE payments SET appointment_id = last_row.last_id
  FROM chain JOIN last_row ON last_row.root_id = chain.root_id
 WHERE payments.appointment_id = chain.id AND chain.id <> last_row.last_id;
--> statement-breakpoint
WITH RECURSIVE chain AS (
  SELECT id AS root_id, id FROM appointments WHERE rescheduled_from_id IS NULL
  UNION ALL
  SELECT chain.root_id, a.id FROM appointments a JOIN chain ON a.rescheduled_from_id = chain.id
), last_row AS (
  SELECT root_id, max(id) AS last_id FROM chain GROUP BY root_id HAVING count(*) > 1
)
UPDATE receipts SET appointment_id = last_row.last_id
  FROM chain JOIN last_row ON last_row.root_id = chain.root_id
 WHERE receipts.appointment_id = chain.id AND chain.id <> last_row.last_id;
--> statement-breakpoint
WITH RECURSIVE chain AS (
  SELECT id AS root_id, id, created_at AS root_created_at FROM appointments WHERE rescheduled_from_id IS NULL
  UNION ALL
  SELECT chain.root_id, a.id, chain.root_created_at FROM appointments a JOIN chain ON a.rescheduled_from_id = chain.id
)
UPDATE appointments SET created_at = chain.root_created_at
  FROM chain
 WHERE appointments.id = chain.id AND appointments.created_at <> chain.root_created_at;

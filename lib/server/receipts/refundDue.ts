import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { appointments, payments } from '@/lib/server/db/schema';

/**
 * Money on a cancelled visit (issue #27 item 6): a visit paid in advance and then cancelled keeps
 * its payments until the clinic records the refund. What is due back is the net of its payments
 * (refunds are negative). The agenda, the patient's record and the dietitian's cancellation
 * notice say it; recordPayment accepts only refunds on such a visit, up to that amount.
 */

/** What a visit's payments add up to (refunds subtracted), in cents. */
export async function netPaidCents(db: Database, appointmentId: number): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId));
  return row!.cents;
}

/** A cancelled appointment with money still to give back: for a query's `where`. */
export const hasRefundDue: SQL = sql`(${appointments.status} = 'cancelled' AND (SELECT coalesce(sum(p.amount_cents), 0) FROM ${payments} p WHERE p.appointment_id = ${appointments.id}) > 0)`;

/** The refunds due on those of `ids` that are cancelled, by appointment id (absent: none due). */
export async function refundsDue(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.appointmentId, cents: sql<number>`sum(${payments.amountCents})::int` })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(and(inArray(payments.appointmentId, ids), eq(appointments.status, 'cancelled')))
    .groupBy(payments.appointmentId);
  return new Map(rows.filter((row) => row.cents > 0).map((row) => [row.id, row.cents]));
}

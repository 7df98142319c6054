import { z } from 'zod';
import { idSchema } from './ids';
import { localDate } from './bookingSlots';

/**
 * Request bodies of the manage page's calls (issue #15): the e-mailed link's token, never in the
 * address. Its shape is checked by the server (a wrong one is a dead link, not a field error).
 */
const token = z.string({ error: 'required' }).max(200, { error: 'tooLong' });

/** POST /api/booking/manage and /api/booking/manage/cancel. */
export const manageTokenSchema = z.strictObject({ token });

/** POST /api/booking/manage/slots: the window starts at from_date (default: today). */
export const manageSlotsSchema = z.strictObject({ token, from_date: localDate.optional() });

/** POST /api/booking/manage/reschedule: a start the slots answer offered. */
export const manageRescheduleSchema = z.strictObject({
  token,
  start: z.iso.datetime({ offset: true, error: 'timeInvalid' }),
  /** A seat's move names the session (two may start at one time). */
  group_session_id: idSchema().optional(),
});

/* Answers, shared by the route handlers (lib/server/booking/managedView.ts) and the browser (lib/api/manage.ts). */

/** What the manage page shows. */
export interface ManagedAppointment {
  status: 'booked' | 'completed' | 'no_show' | 'cancelled';
  first_name: string;
  service_name: string;
  start: string;
  end: string;
  location: { kind: 'office'; name: string; address: string } | { kind: 'virtual' };
  dietitian_name: string;
  total_cents: number;
  tax_cents: number;
  cancellation_notice_hours: number;
  can_change: boolean;
  /** Whether it can move to another time (a seat in a series cannot: it is cancelled instead). */
  can_move: boolean;
  /** The visit has begun: nothing is left to change. */
  has_started: boolean;
  join_url: string | null;
  join_opens_at: string | null;
}

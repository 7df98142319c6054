import { z } from 'zod';
import { idSchema } from './ids';

/**
 * Request bodies of the last three booking calls (SPEC §7): available-appointments/fetch and
 * check, and book-appointment. Tokens are optional strings here on purpose, as in booking.ts:
 * a missing one is answered by the token check (`booking_token_missing`), not as a field error.
 */

const token = z.string().max(8192, { error: 'tooLong' }).optional();

export const slotStepTokens = {
  session_language_token: token,
  auth_token: token,
  service_token: token,
  contact_token: token,
  address_token: token,
  skills_token: token,
  office_data_token: token,
  location_token: token,
};

/** A local calendar date of the clinic, 'YYYY-MM-DD', that exists (no 2026-02-30). */
export const localDate = z
  .string({ error: 'required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'dateInvalid', abort: true })
  .refine((value) => {
    // '2026-02-30' rolls over to March; '0000-00-00' is no date at all.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, { error: 'dateInvalid' });

/**
 * A slot bound: an ISO instant as appointment_options gives it, or 'HH:MM' on the chosen date
 * in the clinic's zone (SPEC §4: the client may send a slot as 'HH:MM-HH:MM').
 */
const slotTime = z.union([z.iso.datetime({ offset: true }), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)], { error: 'timeInvalid' });

/** POST /api/booking/available-appointments/fetch; from_date defaults to today in the clinic's zone. */
export const fetchAppointmentsSchema = z.strictObject({
  ...slotStepTokens,
  from_date: localDate.nullish(),
});

/** POST /api/booking/available-appointments/check */
export const checkAppointmentSchema = z.strictObject({
  ...slotStepTokens,
  appointment_token: token,
  date: localDate,
  timeslot_start: slotTime,
  timeslot_end: slotTime.nullish(),
  /** For a group service: the session chosen (several may start at one time). */
  group_session_id: idSchema().nullish(),
});

/** POST /api/booking/book-appointment */
export const bookAppointmentSchema = z.strictObject({
  ...slotStepTokens,
  appointment_token: token,
  timeslot_token: token,
});

export type FetchAppointmentsInput = z.output<typeof fetchAppointmentsSchema>;
export type CheckAppointmentInput = z.output<typeof checkAppointmentSchema>;
export type BookAppointmentInput = z.output<typeof bookAppointmentSchema>;

/* Answers, shared by the route handlers and the browser (the booking flow, the manage page, the clinic's waitlist). */

export interface Slot {
  start: string;
  end: string;
  recommended_employee?: { id: number; name: string } | null;
  /** For a group service (issue #28): the session this time is, its topic and the seats left. */
  group_session?: {
    id: number;
    topic: string;
    seats_left: number;
    meetings: number;
    /** What the seat costs (a series' seat: every meeting together), in cents. */
    price: { base_cents: number; tax_cents: number; total_cents: number };
  };
}

/** Date 'YYYY-MM-DD' (clinic zone) -> the slots of that day. */
export type AppointmentOptions = Record<string, Slot[]>;

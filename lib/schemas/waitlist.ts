import { z } from 'zod';
import { idSchema, idTextSchema } from './ids';
import { localDate, slotStepTokens } from './bookingSlots';
import type { ManagedAppointment } from './manageAppointment';

/**
 * Request bodies of the waitlist's calls (issue #16). Joining sends the booking steps' tokens
 * through the office (the checked choices) and the person's window and preferences. Field
 * errors are keys of the Validation namespace.
 */

export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** POST /api/booking/waitlist/join */
export const joinWaitlistSchema = z
  .strictObject({
    ...slotStepTokens,
    from_date: localDate,
    to_date: localDate,
    times_of_day: z
      .array(z.enum(TIMES_OF_DAY, { error: 'waitlistTimesRequired' }), { error: 'waitlistTimesRequired' })
      .min(1, { error: 'waitlistTimesRequired' })
      .max(3)
      .transform((times) => TIMES_OF_DAY.filter((time) => times.includes(time))),
    weekdays: z
      .array(z.number({ error: 'waitlistDaysRequired' }).int().min(1).max(7), { error: 'waitlistDaysRequired' })
      .min(1, { error: 'waitlistDaysRequired' })
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    /** A group service's place names the full session it was joined from: it waits for a seat of that topic. */
    group_session_id: idSchema().optional(),
  })
  .refine((body) => body.from_date <= body.to_date, { path: ['to_date'], error: 'waitlistWindowOrder' })
  // A window none of whose days is a chosen weekday could never be offered a time.
  .refine((body) => body.from_date > body.to_date || body.weekdays.length === 0 || windowHasWeekday(body.from_date, body.to_date, body.weekdays), {
    path: ['weekdays'],
    error: 'waitlistNoMatchingDay',
  });

const DAY_MS = 86_400_000;

/**
 * Whether some date of [from, to] ('YYYY-MM-DD', both included) falls on one of `weekdays` (ISO:
 * 1 = Monday .. 7 = Sunday). A week holds every weekday, so at most 7 dates are looked at.
 */
function windowHasWeekday(from: string, to: string, weekdays: readonly number[]): boolean {
  const first = Date.parse(`${from}T00:00:00Z`);
  const last = Math.min(Date.parse(`${to}T00:00:00Z`), first + 6 * DAY_MS);
  for (let day = first; day <= last; day += DAY_MS) {
    if (weekdays.includes(((new Date(day).getUTCDay() + 6) % 7) + 1)) return true;
  }
  return false;
}

/** The waitlist page's calls: the e-mailed link's token, never in the address. */
const token = z.string({ error: 'required' }).max(200, { error: 'tooLong' });
export const waitlistTokenSchema = z.strictObject({ token });

/** GET /api/clinic/waitlist: every filter optional. */
const id = idTextSchema('numberInvalid');
export const clinicWaitlistQuerySchema = z.strictObject({
  service_id: id.optional(),
  employee_id: id.optional(),
  office_id: id.optional(),
  date: localDate.optional(),
});

/** GET /api/clinic/waitlist/<id>/slots */
export const clinicWaitlistSlotsQuerySchema = z.strictObject({ from_date: localDate.optional() });

/** POST /api/clinic/waitlist/<id>/offers: a start the slots answer listed. */
export const clinicWaitlistOfferSchema = z.strictObject({ start: z.iso.datetime({ offset: true, error: 'timeInvalid' }) });

export type JoinWaitlistInput = z.output<typeof joinWaitlistSchema>;
export type ClinicWaitlistQuery = z.output<typeof clinicWaitlistQuerySchema>;

/* Answers, shared by the route handlers (lib/server/waitlist) and the browser (lib/api/waitlist.ts, lib/api/clinicWaitlist.ts). */

/** A place on the waitlist. */
export interface WaitlistEntry {
  status: 'active' | 'booked' | 'left' | 'removed' | 'expired';
  first_name: string;
  service_name: string;
  location: { kind: 'office'; name: string; address: string } | { kind: 'virtual' };
  /** The dietitian the person chose; null: any. */
  dietitian_name: string | null;
  /** The window, as local dates (YYYY-MM-DD). */
  from_date: string;
  to_date: string;
  times_of_day: TimeOfDay[];
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
}

/** An offered time. */
export interface WaitlistOffer {
  status: 'open' | 'claimed' | 'taken' | 'expired' | 'withdrawn';
  start: string;
  end: string;
  expires_at: string;
  dietitian_name: string;
  total_cents: number;
  tax_cents: number;
}

/** What the waitlist page shows. */
export interface WaitlistView {
  entry: WaitlistEntry;
  /** null for the confirmation e-mail's link. */
  offer: WaitlistOffer | null;
  /** The visit the offer booked, once claimed. */
  appointment: ManagedAppointment | null;
}

/** One active entry on the clinic's waitlist. */
export interface ClinicWaitlistEntry {
  id: number;
  /** When the person joined (ISO). */
  created_at: string;
  person: { name: string; email: string; phone: string | null; kind: 'patient' | 'guest'; patient_id: number | null };
  session_language: 'en' | 'fr';
  service: { id: number; name: string };
  office: { id: number; name: string; is_virtual: boolean };
  /** Null: any dietitian will do. */
  dietitian: { id: number; name: string } | null;
  /** The window, 'YYYY-MM-DD', both included. */
  from_date: string;
  to_date: string;
  times_of_day: TimeOfDay[];
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  /** The time offered now and until when (ISO instants), if any. */
  open_offer: { start: string; end: string; expires_at: string; dietitian_name: string } | null;
}

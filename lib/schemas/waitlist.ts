import { z } from 'zod';
import { localDate, slotStepTokens } from './bookingSlots';

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
  })
  .refine((body) => body.from_date <= body.to_date, { path: ['to_date'], error: 'waitlistWindowOrder' });

/** The waitlist page's calls: the e-mailed link's token, never in the address. */
const token = z.string({ error: 'required' }).max(200, { error: 'tooLong' });
export const waitlistTokenSchema = z.strictObject({ token });

/** GET /api/clinic/waitlist: every filter optional. */
const id = z.coerce.number({ error: 'required' }).int().positive();
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

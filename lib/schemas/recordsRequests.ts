import { z } from 'zod';
import { localDate } from './bookingSlots';
import { recordsCorrectionSchema } from './chart';
import { emailSchema } from './contact';
import { idSchema } from './ids';

/**
 * The administrators' records requests (issue #30 item 5): a person's request for access to their
 * record (PHIPA s. 54, answered within 30 days) or for its correction (s. 55), recorded by the
 * clinic with its outcome. Field errors are keys of the Validation namespace. The same kinds and
 * statuses as the table's CHECKs (lib/server/db/schema/privacy.ts), which this pure module may not import.
 */

export const RECORDS_REQUEST_KINDS = ['access', 'correction'] as const;
export type RecordsRequestKind = (typeof RECORDS_REQUEST_KINDS)[number];
export type RecordsRequestStatus = 'open' | 'completed' | 'refused';

/** What a correction asks, and what was done: free text, possibly health information. */
export const MAX_RECORDS_TEXT = 2000;
/** A request is due this many days after it was received (PHIPA s. 54(2)). */
export const RECORDS_REQUEST_DAYS = 30;

const freeText = z
  .string({ error: 'required' })
  .trim()
  .max(MAX_RECORDS_TEXT, { error: 'tooLong' })
  .transform((value) => (value === '' ? undefined : value));

/** POST /api/clinic/records-requests: whose request, what kind, when it arrived. */
export const recordsRequestSchema = z
  .strictObject({
    kind: z.enum(RECORDS_REQUEST_KINDS, { error: 'choiceInvalid' }),
    patient_id: idSchema('recordsPersonRequired').optional(),
    guest_email: emailSchema.optional(),
    received_on: localDate,
    details: freeText.optional(),
  })
  .superRefine((body, ctx) => {
    // Exactly one person: a patient account, or a guest known by an address.
    if (body.patient_id === undefined && body.guest_email === undefined) {
      ctx.addIssue({ code: 'custom', path: ['patient_id'], message: 'recordsPersonRequired' });
    } else if (body.patient_id !== undefined && body.guest_email !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['guest_email'], message: 'recordsPersonBoth' });
    }
    if (body.kind === 'correction' && body.details === undefined) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'recordsDetailsRequired' });
    }
  });
export type RecordsRequestInput = z.output<typeof recordsRequestSchema>;

/**
 * The page's form for a new request: `who` picks the patient search or the guest's address, and
 * the values are turned into the API's body and checked by the same schema.
 */
export const recordsRequestFormSchema = z
  .object({
    kind: z.enum(RECORDS_REQUEST_KINDS, { error: 'choiceInvalid' }),
    who: z.enum(['patient', 'guest'], { error: 'choiceInvalid' }),
    patient_id: z.number().optional(),
    guest_email: z.string(),
    received_on: z.string(),
    details: z.string(),
  })
  .transform(({ who, patient_id, guest_email, ...rest }): z.input<typeof recordsRequestSchema> =>
    who === 'patient' ? { ...rest, patient_id } : { ...rest, guest_email },
  )
  .pipe(recordsRequestSchema);
export type RecordsRequestFormValues = z.input<typeof recordsRequestFormSchema>;

/**
 * Why a request cannot have been received on `date` when the clinic's calendar says `today`
 * (both 'YYYY-MM-DD'): not after today, nor more than a year before it. Null when it can.
 */
export function receivedOnProblem(date: string, today: string): 'recordsReceivedFuture' | 'recordsReceivedTooOld' | null {
  if (date > today) return 'recordsReceivedFuture';
  // The same day a year before, as text: '2027-02-29' (no such day) still sorts between the 28th and March 1st.
  const yearBefore = `${String(Number(today.slice(0, 4)) - 1).padStart(4, '0')}${today.slice(4)}`;
  return date < yearBefore ? 'recordsReceivedTooOld' : null;
}

/** PATCH /api/clinic/records-requests/<id>: how the request was handled. */
export const recordsRequestOutcomeSchema = z
  .strictObject({
    status: z.enum(['completed', 'refused'], { error: 'choiceInvalid' }),
    outcome: freeText.optional(),
    /**
     * A patient's correction request closed in their chart (PHIPA s. 55, issue #40): completed, an
     * addendum making the correction under the entry; refused, the patient's statement of
     * disagreement attached to it.
     */
    chart: recordsCorrectionSchema.optional(),
  })
  .refine((body) => body.status !== 'refused' || body.outcome !== undefined, { path: ['outcome'], message: 'recordsOutcomeRequired' });
export type RecordsRequestOutcome = z.output<typeof recordsRequestOutcomeSchema>;

/** GET /api/clinic/records-requests?status=: the open requests (the default), or all of them. */
export const recordsRequestsQuerySchema = z.strictObject({
  status: z.enum(['open', 'all'], { error: 'choiceInvalid' }).default('open'),
});

/* Answers, shared by the route handlers (lib/server/privacy/recordsRequests.ts) and the page (lib/api/clinicRecords.ts). */

/** Whose request: a patient account (possibly closed), or a guest by the address of their bookings. */
export type RecordsRequestPerson =
  | { kind: 'patient'; patient_id: number; name: string; email: string; closed: boolean }
  | { kind: 'guest'; email: string };

export interface RecordsRequestView {
  /** The public id (a UUID): the address of PATCH …/<id>. */
  id: string;
  kind: RecordsRequestKind;
  person: RecordsRequestPerson;
  /** Calendar dates of the clinic, 'YYYY-MM-DD'. */
  received_on: string;
  due_on: string;
  /** Days from the clinic's today to the due date, for an open request: 0 due today, negative overdue. Null once handled. */
  days_left: number | null;
  status: RecordsRequestStatus;
  outcome: string | null;
  details: string | null;
  /** Names of the employees who recorded and handled it. */
  created_by: string;
  handled_by: string | null;
  /** ISO instant. */
  handled_at: string | null;
}

/** A patient the request may be about, found by name or address; `closed`: the account was closed. */
export interface RecordsRequestPatient {
  id: number;
  name: string;
  email: string;
  closed: boolean;
}

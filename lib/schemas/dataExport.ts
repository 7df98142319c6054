import { z } from 'zod';
import { chartContentSchema } from './chart';

/**
 * data.json, the structured part of a person's export (issue #30): everything the clinic holds
 * about a patient account or a guest's e-mail address. Its JSON Schema (docs/data-export.schema.json,
 * and data.schema.json in each ZIP) is generated from this file (`dataExportJsonSchema`), so the
 * two cannot drift apart. Dates and times are ISO 8601 (UTC); calendar dates are YYYY-MM-DD; money
 * is integer cents, Canadian dollars. Field names are the API's (snake_case).
 */

export const DATA_EXPORT_FORMAT_VERSION = 1;

const instant = z.iso.datetime().describe('A moment, ISO 8601 in UTC.');
const calendarDate = z.iso.date().describe('A calendar date (YYYY-MM-DD), on the clinic’s calendar.');
const cents = z.number().int().describe('Cents of a Canadian dollar.');
const bilingual = z.strictObject({ en: z.string(), fr: z.string() }).describe('The same name in English and in French.');
const language = z.enum(['en', 'fr']);
const person = z.strictObject({ first_name: z.string(), last_name: z.string() });

const address = z
  .strictObject({
    street_number: z.string(),
    street_name: z.string(),
    unit_number: z.string().nullable(),
    city: z.string(),
    province: z.string(),
    country: z.string(),
    postal_code: z.string(),
  })
  .describe('A postal address as it was given.');

const office = z.strictObject({
  name: bilingual,
  address_lines: z.strictObject({ en: z.array(z.string()), fr: z.array(z.string()) }).describe('The office’s address as each language writes it.'),
});

const appointment = z
  .strictObject({
    id: z.number().int().describe('The appointment’s number at the clinic.'),
    kind: z.enum(['visit', 'group_seat']).describe('A visit of one’s own, or a seat in a group session.'),
    group_topic: bilingual.nullable().describe('For a group seat: what the group meets about.'),
    service: bilingual,
    dietitian: person,
    office,
    virtual: z.boolean().describe('Held by video rather than in person.'),
    session_language: language,
    starts_at: instant,
    ends_at: instant,
    status: z.enum(['booked', 'completed', 'no_show', 'cancelled']),
    reasons: z.array(bilingual).describe('The reasons for the visit chosen when booking.'),
    message: z.string().nullable().describe('The note written when booking.'),
    price_cents: cents,
    tax_cents: cents,
    total_cents: cents,
    booked_at: instant,
    booked_by_clinic: z.boolean().describe('Booked by the clinic’s staff on the person’s behalf.'),
    cancelled_at: instant.nullable(),
    rescheduled_from: z.number().int().nullable().describe('The appointment this one replaced when it was moved.'),
    reminder_sent_at: instant.nullable(),
    handouts_sent_at: instant.nullable().describe('When a group session’s handouts were last e-mailed for this seat (each file goes once; one attached later goes later).'),
    manage_links: z.array(z.strictObject({ created_at: instant, expires_at: instant })).describe('The links e-mailed to manage it (the links themselves are not kept).'),
  })
  .describe('A booked visit or group seat: past, upcoming or cancelled.');

const intakeSubmission = z.strictObject({
  id: z.uuid(),
  submitted_at: instant,
  language,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  consent_version: z.string(),
  consented_at: instant,
  answers: z.record(z.string(), z.unknown()).describe('The answers, step by step, as the form stores them (option codes; summary.html shows them under their questions).'),
});

const payment = z.strictObject({
  id: z.uuid(),
  appointment_id: z.number().int(),
  amount_cents: cents.describe('Negative for a refund.'),
  method: z.enum(['card', 'cash', 'e_transfer', 'direct_billing']),
  paid_on: calendarDate,
  refund_reason: z.string().nullable(),
  recorded_at: instant,
});

const receipt = z.strictObject({
  number: z.string(),
  appointment_id: z.number().int(),
  payment_id: z.uuid(),
  language,
  issued_at: instant,
  fee_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  paid_cents: cents,
  paid_to_date_cents: cents,
  balance_cents: cents,
  voided_at: instant.nullable(),
  void_reason: z.string().nullable(),
  file: z.string().describe('The receipt as a PDF, inside this ZIP.'),
});

const waitlistEntry = z.strictObject({
  service: bilingual,
  office: bilingual,
  group_topic: bilingual.nullable(),
  session_language: language,
  reasons: z.array(bilingual),
  message: z.string().nullable(),
  from_date: calendarDate,
  to_date: calendarDate,
  times_of_day: z.array(z.enum(['morning', 'afternoon', 'evening'])),
  weekdays: z.array(z.number().int().min(1).max(7)).describe('ISO weekdays, 1 = Monday.'),
  status: z.enum(['active', 'booked', 'left', 'removed', 'expired']),
  joined_at: instant,
  ended_at: instant.nullable(),
  offers: z.array(
    z.strictObject({
      starts_at: instant,
      ends_at: instant,
      status: z.enum(['open', 'claimed', 'taken', 'expired', 'withdrawn']),
      offered_at: instant,
      expires_at: instant,
    }),
  ),
});

const email = z
  .strictObject({
    kind: z.string().describe('What the e-mail was about (“appointment booked”).'),
    subject: z.string(),
    language,
    queued_at: instant,
    sent_at: instant.nullable(),
    status: z.enum(['pending', 'sent', 'failed']),
  })
  .describe('An e-mail the clinic sent: date, kind and subject (bodies are erased once sent).');

export const dataExportSchema = z
  .strictObject({
    format_version: z.literal(DATA_EXPORT_FORMAT_VERSION),
    generated_at: instant,
    language: language.describe('The language of summary.html.'),
    subject: z.enum(['patient', 'guest']).describe('A patient account, or a guest known by the e-mail address of their bookings.'),
    account: z
      .strictObject({
        email: z.string(),
        first_name: z.string(),
        last_name: z.string(),
        phone: z.string().nullable(),
        preferred_language: language,
        created_at: instant,
        email_verified_at: instant.nullable(),
        closed_at: instant.nullable(),
        address: address.nullable(),
        preferred_dietitian: person.nullable(),
      })
      .nullable()
      .describe('The account and its contact details; null for a guest.'),
    guest: z
      .strictObject({
        email: z.string(),
        contacts: z.array(
          z.strictObject({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string().nullable(), address: address.nullable() }),
        ),
      })
      .nullable()
      .describe('For a guest: the address asked about, and each different contact given when booking.'),
    appointments: z.array(appointment),
    intake_submissions: z.array(intakeSubmission),
    intake_draft: z
      .strictObject({ step: z.number().int(), updated_at: instant, answers: z.record(z.string(), z.unknown()) })
      .nullable()
      .describe('The unfinished form saved with the account.'),
    reasons: z
      .array(z.strictObject({ id: z.number().int(), name: bilingual }))
      .describe('The names of the reasons for a visit that the intake answers give by number (objective.reasons).'),
    payments: z.array(payment),
    receipts: z.array(receipt),
    waitlist: z.array(waitlistEntry),
    emails: z.array(email),
    consents: z
      .array(z.strictObject({ kind: z.literal('intake_form'), version: z.string(), given_at: instant }))
      .describe('The consents given, with the version of the text agreed to.'),
    sign_ins: z
      .array(z.strictObject({ signed_in_at: instant, last_seen_at: instant, expires_at: instant }))
      .describe('The sign-ins still open or kept (dates only, never addresses).'),
    email_links: z
      .array(z.strictObject({ purpose: z.string(), created_at: instant, expires_at: instant, used_at: instant.nullable() }))
      .describe('Sign-up, password and data links e-mailed (the links themselves are not kept).'),
    intake_access: z
      .array(
        z.strictObject({
          form_id: z.uuid(),
          read_at: instant,
          reader: z.strictObject({ first_name: z.string(), last_name: z.string(), role: z.enum(['clinic', 'self']) }),
        }),
      )
      .describe('Who opened each intake form, and when.'),
    chart_entries: z
      .array(
        z.strictObject({
          id: z.uuid(),
          template: z.enum(['adime', 'follow_up', 'group', 'note']),
          occurred_at: instant,
          signed_at: instant,
          late_entry: z.boolean().describe('Signed more than 24 hours after the care it records.'),
          author: z.string(),
          content_hash: z.string().describe('SHA-256 of what was signed.'),
          shared_with_you: z.boolean(),
          entered_in_error: z.strictObject({ at: instant, by: z.string(), reason: z.string() }).nullable(),
          content: chartContentSchema.describe('The entry’s fields; weight in kilograms, height and waist in centimetres.'),
          bmi: z.number().nullable(),
          addenda: z.array(
            z.strictObject({ kind: z.enum(['correction', 'disagreement']), author: z.string(), created_at: instant, reason: z.string(), text: z.string() }),
          ),
        }),
      )
      .describe('Your clinical record: the signed entries of your chart, with their addenda.'),
    chart_drafts_withheld: z.number().int().describe('Entries your dietitian has not signed yet: not part of the record until signed.'),
    chart_access: z
      .array(
        z.strictObject({
          read_at: instant,
          what: z.enum(['chart', 'entry', 'pdf']),
          entry_id: z.uuid().nullable(),
          reader: person,
        }),
      )
      .describe('Who at the clinic opened your chart, one of its entries or its PDF, and when.'),
    contact_messages: z.array(z.strictObject({ sent_at: instant, subject: z.string(), message: z.string(), language })),
    records_requests: z.array(
      z.strictObject({
        kind: z.enum(['access', 'correction']),
        received_on: calendarDate,
        due_on: calendarDate,
        status: z.enum(['open', 'completed', 'refused']),
        details: z.string().nullable(),
        outcome: z.string().nullable(),
      }),
    ),
    record_history: z
      .array(z.strictObject({ action: z.string(), at: instant, by_clinic: z.boolean() }))
      .describe('Exports, closures and requests of this record, from the clinic’s audit log.'),
  })
  .describe('Everything the clinic holds about one person, as of generated_at.');

export type DataExport = z.infer<typeof dataExportSchema>;

/** The JSON Schema of data.json (draft 2020-12). */
export function dataExportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(dataExportSchema, { target: 'draft-2020-12', io: 'output' }),
    $id: 'data.schema.json',
    title: 'Data export of a patient or guest',
  };
}

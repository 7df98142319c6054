// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Address, Contact } from '../../../schemas/contact';
import { users } from './accounts';
import { offices, services } from './clinic';
import { groupSessions } from './groups';

export const APPOINTMENT_STATUSES = ['booked', 'completed', 'no_show', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * Who a guest booking is for. A guest has no user row: the contact (and address, when the step
 * asked for it) is kept as given, so the clinic can reach them.
 */
export type GuestContact = Pick<Contact, 'firstName' | 'lastName' | 'email' | 'phone'> & {
  address?: Address;
};

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A booked visit. The patient sees [starts_at, ends_at) (the service's client duration); the
 * dietitian is busy over [starts_at, blocked_until) (its employee duration: the visit plus notes).
 *
 * Either `patient_id` (a patient account) or `guest_contact` (a guest booking) is set, never both.
 *
 * Rescheduling never edits a row's time: it cancels the row and inserts its successor in one
 * transaction (`rescheduled_from_id` points back; `calendar_uid` is carried over and `sequence`
 * goes up, so calendars update the same event). A row cancelled that way is referenced by its
 * successor's `rescheduled_from_id`; a plain cancellation is not.
 *
 * Double booking is impossible by construction (DESIGN §4.4), in migration 0003_no_double_booking
 * (drizzle has no builder for it): exclusion constraints over the rows whose status is not
 * 'cancelled' (completed and no-show visits keep their time) forbid
 *   - two overlapping [starts_at, blocked_until) for one dietitian (appointments_no_employee_overlap),
 *   - two overlapping [starts_at, ends_at) for one patient (appointments_no_patient_overlap),
 *   - the same for one guest e-mail (appointments_no_guest_overlap).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').references(() => users.id),
    /** The snapshot of a guest's contact; null for a patient's booking. */
    guestContact: jsonb('guest_contact').$type<GuestContact>(),
    /** The dietitian (an employee user). */
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    startsAt: timestamptz('starts_at').notNull(),
    /** The patient's end: starts_at + the service's client duration. */
    endsAt: timestamptz('ends_at').notNull(),
    /** The dietitian's end: starts_at + the service's employee duration. */
    blockedUntil: timestamptz('blocked_until').notNull(),
    sessionLanguage: text('session_language', { enum: ['en', 'fr'] }).notNull(),
    /** The reasons for the visit (skill ids), 1 to 3. */
    reasons: integer('reasons').array().notNull(),
    /** The patient's note. Health data: never log it. */
    message: text('message'),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    /** Cents, CAD, as priced when booked. */
    priceCents: integer('price_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The employee who booked for the patient; null when patients (or guests) booked themselves. */
    bookedBy: integer('booked_by').references(() => users.id, { onDelete: 'set null' }),
    /** The id of the timeslot token that booked it: the same token books once (idempotency). */
    timeslotTokenJti: text('timeslot_token_jti'),
    reminderSentAt: timestamptz('reminder_sent_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** Who cancelled (or rescheduled); null for a guest or the system. */
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** An employee cancelled or moved it inside the service's cancellation notice. */
    cancelOverride: boolean('cancel_override').notNull().default(false),
    rescheduledFromId: integer('rescheduled_from_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'set null',
    }),
    /** The iCalendar UID of the event: shared by an appointment and its reschedules. */
    calendarUid: uuid('calendar_uid').notNull().defaultRandom(),
    /** The iCalendar SEQUENCE: up by one at each reschedule and at cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /**
     * A virtual visit's video room: an unguessable name put into VIDEO_ROOM_URL_TEMPLATE. Null for
     * an in-person visit; a reschedule gets a new one, so the old join link leads nowhere.
     */
    videoRoom: text('video_room'),
    /** A seat in a group session (issue #28); null for a visit of one's own. */
    groupSessionId: integer('group_session_id').references(() => groupSessions.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('appointments_timeslot_token_jti_key').on(t.timeslotTokenJti),
    index('appointments_employee_starts_idx').on(t.employeeId, t.startsAt),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    index('appointments_rescheduled_from_idx').on(t.rescheduledFromId),
    // A guest's visits by address, as every query finds them (issue #30: exports, purges).
    index('appointments_guest_email_idx').on(sql`lower(${t.guestContact} ->> 'email')`).where(sql`${t.patientId} IS NULL`),
    // One seat per person and session (a guest is known by the e-mail address of the booking).
    uniqueIndex('appointments_one_seat_per_patient')
      .on(t.groupSessionId, t.patientId)
      .where(sql`${t.groupSessionId} IS NOT NULL AND ${t.patientId} IS NOT NULL AND ${t.status} <> 'cancelled'`),
    uniqueIndex('appointments_one_seat_per_guest')
      .on(t.groupSessionId, sql`lower(${t.guestContact} ->> 'email')`)
      .where(sql`${t.groupSessionId} IS NOT NULL AND ${t.guestContact} IS NOT NULL AND ${t.status} <> 'cancelled'`),
    check('appointments_status_check', sql`${t.status} IN ('booked', 'completed', 'no_show', 'cancelled')`),
    check('appointments_session_language_check', sql`${t.sessionLanguage} IN ('en', 'fr')`),
    check(
      'appointments_patient_or_guest_check',
      sql`(${t.patientId} IS NULL) <> (${t.guestContact} IS NULL) AND (${t.guestContact} IS NULL OR (${t.guestContact} ->> 'email') IS NOT NULL)`,
    ),
    check('appointments_times_check', sql`${t.startsAt} < ${t.endsAt} AND ${t.endsAt} <= ${t.blockedUntil}`),
    check('appointments_reasons_check', sql`cardinality(${t.reasons}) BETWEEN 1 AND 3 AND array_position(${t.reasons}, NULL) IS NULL`),
    check(
      'appointments_money_check',
      sql`${t.priceCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.priceCents} + ${t.taxCents}`,
    ),
    check(
      'appointments_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`,
    ),
    check('appointments_sequence_check', sql`${t.sequence} >= 0`),
  ],
);

export type Appointment = typeof appointments.$inferSelect;

/**
 * Manage links (issue #15): each confirmation and reminder e-mail carries a random token that
 * opens the appointment's manage page without an account. Only its SHA-256 is stored, so the
 * table alone opens nothing. A link of a rescheduled appointment leads to its successor.
 */
export const appointmentLinks = pgTable(
  'appointment_links',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appointment_links_token_hash_key').on(t.tokenHash), index('appointment_links_appointment_idx').on(t.appointmentId)],
);
export type NewAppointment = typeof appointments.$inferInsert;

// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { appointments, type GuestContact } from './appointments';
import { offices, services } from './clinic';
import { groupSessions, groupTopics } from './groups';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const WAITLIST_ENTRY_STATUSES = ['active', 'booked', 'left', 'removed', 'expired'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/**
 * A place on the waitlist (issue #16): what the booking steps checked (language, service,
 * reasons, office, the dietitian an employee chose) and when the person could come. Either
 * `patient_id` or `guest_contact`, as for an appointment. `person_key` ('patient:12' or
 * 'guest:<lower-case e-mail>') makes one active entry per service and person a database rule.
 * Only the SHA-256 of the e-mailed leave link's token is kept.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').references(() => users.id),
    guestContact: jsonb('guest_contact').$type<GuestContact>(),
    personKey: text('person_key').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    /** The dietitian an employee chose for the patient; null: whoever is free. */
    employeeId: integer('employee_id').references(() => users.id),
    /** A group service's place (issue #28): it waits for a seat in a session of this topic. */
    groupTopicId: integer('group_topic_id').references(() => groupTopics.id),
    /** The employee who put the patient on the list; null when people joined themselves. */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    sessionLanguage: text('session_language', { enum: ['en', 'fr'] }).notNull(),
    /** Skill ids, 1 to 3, as for an appointment. Health data: never in an e-mail or a log. */
    reasons: integer('reasons').array().notNull(),
    message: text('message'),
    /** The window, local dates of the clinic, both included. */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** Parts of the day the person can come (morning < 12:00, afternoon < 17:00, evening). */
    timesOfDay: text('times_of_day').array().notNull().$type<TimeOfDay[]>(),
    /** ISO weekdays, 1 = Monday. */
    weekdays: integer('weekdays').array().notNull(),
    status: text('status', { enum: WAITLIST_ENTRY_STATUSES }).notNull().default('active'),
    leaveTokenHash: text('leave_token_hash').notNull(),
    /** The booking that took the entry off the list. */
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    uniqueIndex('waitlist_entries_one_active_key').on(t.serviceId, t.personKey).where(sql`${t.status} = 'active'`),
    uniqueIndex('waitlist_entries_leave_token_key').on(t.leaveTokenHash),
    index('waitlist_entries_active_idx').on(t.status, t.createdAt),
    index('waitlist_entries_guest_email_idx').on(sql`lower(${t.guestContact} ->> 'email')`).where(sql`${t.patientId} IS NULL`),
    check('waitlist_entries_status_check', sql`${t.status} IN ('active', 'booked', 'left', 'removed', 'expired')`),
    check('waitlist_entries_session_language_check', sql`${t.sessionLanguage} IN ('en', 'fr')`),
    check(
      'waitlist_entries_patient_or_guest_check',
      sql`(${t.patientId} IS NULL) <> (${t.guestContact} IS NULL) AND (${t.guestContact} IS NULL OR (${t.guestContact} ->> 'email') IS NOT NULL)`,
    ),
    check('waitlist_entries_window_check', sql`${t.fromDate} <= ${t.toDate}`),
    check('waitlist_entries_reasons_check', sql`cardinality(${t.reasons}) BETWEEN 1 AND 3`),
    check('waitlist_entries_preferences_check', sql`cardinality(${t.timesOfDay}) >= 1 AND cardinality(${t.weekdays}) >= 1`),
    check('waitlist_entries_ended_check', sql`(${t.status} = 'active') = (${t.endedAt} IS NULL)`),
  ],
);
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

export const WAITLIST_OFFER_STATUSES = ['open', 'claimed', 'taken', 'expired', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/**
 * A freed time offered to one entry by e-mail, with a claim link (only its SHA-256 here) valid
 * until `expires_at`. An entry holds at most one open offer, and is offered a given time once.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id),
    startsAt: timestamptz('starts_at').notNull(),
    /** The patient's end, and the dietitian's (the visit plus notes): what a booking of it would hold. */
    endsAt: timestamptz('ends_at').notNull(),
    blockedUntil: timestamptz('blocked_until').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('open'),
    expiresAt: timestamptz('expires_at').notNull(),
    /** The employee who offered this time by hand; null: the job runner. */
    offeredBy: integer('offered_by').references(() => users.id, { onDelete: 'set null' }),
    /** A seat's offer (issue #28): the session whose seat it is. */
    groupSessionId: integer('group_session_id').references(() => groupSessions.id),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_key').on(t.tokenHash),
    uniqueIndex('waitlist_offers_one_open_key').on(t.entryId).where(sql`${t.status} = 'open'`),
    uniqueIndex('waitlist_offers_once_key').on(t.entryId, t.startsAt),
    index('waitlist_offers_slot_idx').on(t.employeeId, t.startsAt),
    check('waitlist_offers_status_check', sql`${t.status} IN ('open', 'claimed', 'taken', 'expired', 'withdrawn')`),
    check('waitlist_offers_claimed_check', sql`(${t.status} = 'claimed') = (${t.appointmentId} IS NOT NULL)`),
  ],
);
export type WaitlistOffer = typeof waitlistOffers.$inferSelect;

/**
 * Times that may have come free (a cancellation, a move, deleted time off, added hours, an
 * expired offer), written in the transaction that freed them. The job runner reads them, offers
 * what matches, then deletes them: a crash in between leaves them for the next run.
 */
export const waitlistWakeups = pgTable('waitlist_wakeups', {
  id: serial('id').primaryKey(),
  /** Whose time came free. */
  employeeId: integer('employee_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  startsAt: timestamptz('starts_at').notNull(),
  endsAt: timestamptz('ends_at').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

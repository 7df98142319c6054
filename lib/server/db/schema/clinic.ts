// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Canadian provinces and territories, by their two-letter postal code (ON, QC...). */
export const provinces = pgTable('provinces', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

/** Countries by ISO 3166-1 alpha-2 code. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
});

/**
 * What a patient can book. The client's duration is what the patient sees; the employee's
 * is the block taken from the dietitian's day (the visit plus notes). Money in integer cents.
 */
export const CHART_TEMPLATES = ['adime', 'follow_up', 'group', 'note'] as const;
export type ChartTemplate = (typeof CHART_TEMPLATES)[number];

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    shortDescriptionEn: text('short_description_en').notNull(),
    shortDescriptionFr: text('short_description_fr').notNull(),
    longDescriptionEn: text('long_description_en').notNull(),
    longDescriptionFr: text('long_description_fr').notNull(),
    clientDurationMinutes: integer('client_duration_minutes').notNull(),
    employeeDurationMinutes: integer('employee_duration_minutes').notNull(),
    basePriceCents: integer('base_price_cents').notNull(),
    currency: text('currency').notNull().default('CAD'),
    isActive: boolean('is_active').notNull().default(true),
    allowGuestBooking: boolean('allow_guest_booking').notNull().default(false),
    /** Only dietitians with a skill matching one of the patient's reasons may be offered. */
    requiresMatchingSkills: boolean('requires_matching_skills').notNull().default(false),
    isFreeService: boolean('is_free_service').notNull().default(false),
    /** The patient must have had the prerequisite service before booking this one. */
    enforcePrerequisite: boolean('enforce_prerequisite').notNull().default(false),
    prerequisiteServiceId: integer('prerequisite_service_id').references((): AnyPgColumn => services.id, {
      onDelete: 'set null',
    }),
    isTaxable: boolean('is_taxable').notNull().default(false),
    /** The price already includes the sales tax (nothing is added at checkout). */
    taxIncluded: boolean('tax_included').notNull().default(false),
    minCancellationNoticeHours: integer('min_cancellation_notice_hours').notNull().default(24),
    maxAdvanceBookingDays: integer('max_advance_booking_days').notNull().default(90),
    minAdvanceBookingHours: integer('min_advance_booking_hours').notNull().default(12),
    /** The chart template a visit of this service starts from (issue #40); a group seat always starts from 'group'. */
    chartTemplate: text('chart_template', { enum: CHART_TEMPLATES }).notNull().default('follow_up'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_slug_key').on(t.slug),
    check('services_durations_check', sql`${t.clientDurationMinutes} > 0 AND ${t.employeeDurationMinutes} >= ${t.clientDurationMinutes}`),
    check('services_price_check', sql`${t.basePriceCents} >= 0 AND (NOT ${t.isFreeService} OR ${t.basePriceCents} = 0)`),
    check('services_chart_template_check', sql`${t.chartTemplate} IN ('adime', 'follow_up', 'group', 'note')`),
    check('services_tax_check', sql`NOT ${t.taxIncluded} OR ${t.isTaxable}`),
    check('services_prerequisite_check', sql`NOT ${t.enforcePrerequisite} OR ${t.prerequisiteServiceId} IS NOT NULL`),
    check(
      'services_booking_window_check',
      sql`${t.minCancellationNoticeHours} >= 0 AND ${t.minAdvanceBookingHours} >= 0 AND ${t.maxAdvanceBookingDays} > 0`,
    ),
  ],
);

/** Reasons for a visit; a dietitian's skills are the reasons they see patients for. */
export const skills = pgTable(
  'skills',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
  },
  (t) => [uniqueIndex('skills_slug_key').on(t.slug)],
);

/** Where appointments take place. The virtual office (video calls) has no address. */
export const offices = pgTable(
  'offices',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    isVirtual: boolean('is_virtual').notNull().default(false),
    isAvailable: boolean('is_available').notNull().default(true),
    streetNumber: text('street_number'),
    streetName: text('street_name'),
    /** The street as French writes it ('rue Metcalfe'), for French pages, e-mails and receipts; null: the street_name. */
    streetNameFr: text('street_name_fr'),
    unitNumber: text('unit_number'),
    city: text('city'),
    provinceCode: text('province_code').references(() => provinces.code),
    countryCode: text('country_code').references(() => countries.code),
    /** Canadian postal codes without the space: 'K1P5G3'. */
    postalCode: text('postal_code'),
    placeName: text('place_name'),
    googleMapsLink: text('google_maps_link'),
    /** A map to embed on the page. */
    mapUrl: text('map_url'),
  },
  (t) => [
    uniqueIndex('offices_slug_key').on(t.slug),
    check(
      'offices_address_check',
      sql`${t.isVirtual} OR (${t.streetNumber} IS NOT NULL AND ${t.streetName} IS NOT NULL AND ${t.city} IS NOT NULL AND ${t.provinceCode} IS NOT NULL AND ${t.countryCode} IS NOT NULL AND ${t.postalCode} IS NOT NULL)`,
    ),
  ],
);

/** What the public team page and the booking flow show about a dietitian (an employee user). */
export const employeeProfiles = pgTable(
  'employee_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleFr: text('title_fr').notNull(),
    bioEn: text('bio_en').notNull(),
    bioFr: text('bio_fr').notNull(),
    /** The languages the dietitian holds sessions in. */
    languages: text('languages').array().$type<('en' | 'fr')[]>().notNull(),
    photoUrl: text('photo_url'),
    /** The registration number with the College of Dietitians of Ontario, printed on receipts (issue #20). */
    registrationNumber: text('registration_number'),
  },
  (t) => [
    check(
      'employee_profiles_languages_check',
      sql`cardinality(${t.languages}) > 0 AND ${t.languages} <@ ARRAY['en', 'fr']::text[]`,
    ),
  ],
);

export const employeeSkills = pgTable(
  'employee_skills',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skillId] }), index('employee_skills_skill_idx').on(t.skillId)],
);

/**
 * A dietitian's recurring working hours at one office: ISO weekday (1 = Monday .. 7 = Sunday)
 * and minutes after local midnight, read in CLINIC_TIMEZONE (so 9:00 stays 9:00 across DST).
 */
export const weeklySchedules = pgTable(
  'weekly_schedules',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    // A dietitian cannot begin two blocks at the same time; it is also the seed's upsert key.
    uniqueIndex('weekly_schedules_employee_start_key').on(t.employeeId, t.weekday, t.startMinute),
    index('weekly_schedules_office_idx').on(t.officeId),
    check('weekly_schedules_weekday_check', sql`${t.weekday} BETWEEN 1 AND 7`),
    check(
      'weekly_schedules_minutes_check',
      sql`${t.startMinute} >= 0 AND ${t.startMinute} < ${t.endMinute} AND ${t.endMinute} <= 1440`,
    ),
  ],
);

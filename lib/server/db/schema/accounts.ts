import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Everyone who can sign in: patients and employees (dietitians). E-mail is stored lowercased. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    preferredLanguage: text('preferred_language', { enum: ['en', 'fr'] }).notNull().default('en'),
    isActive: boolean('is_active').notNull().default(true),
    isPatient: boolean('is_patient').notNull().default(false),
    isEmployee: boolean('is_employee').notNull().default(false),
    /** Employees who may invite colleagues and deactivate employees. */
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    profilePictureUrl: text('profile_picture_url'),
    /**
     * The patient closed the account (issue #30): sign-in is refused, the password hash is erased,
     * and the address may open a new account. The row stays as long as the clinical and financial
     * record it names must be kept (lib/server/privacy/retention.ts).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One open account per address; closed accounts keep theirs for the record.
  (t) => [uniqueIndex('users_email_key').on(t.email).where(sql`${t.closedAt} IS NULL`)],
);

/** A patient's address (the sign-up wizard's third step). */
export const patientProfiles = pgTable('patient_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  streetNumber: text('street_number').notNull(),
  streetName: text('street_name').notNull(),
  unitNumber: text('unit_number'),
  city: text('city').notNull(),
  provinceCode: text('province_code').notNull(),
  countryCode: text('country_code').notNull(),
  postalCode: text('postal_code').notNull(),
  /** The dietitian (an employee's user id) the patient prefers, if any. */
  preferredDietitianId: integer('preferred_dietitian_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Sign-in sessions. The cookie holds a 256-bit random token; only its SHA-256 (hex) is stored.
 * Patients slide (7 days from last use); employees end 12 h after sign-in or after 1 h idle.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use links sent by e-mail (verification, password reset). Only the token's SHA-256 is
 * stored; a newer link of the same purpose voids the older ones (voided_at).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'password_reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Single-use invitations to employee sign-up. */
export const employeeInvites = pgTable(
  'employee_invites',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('employee_invites_hash_key').on(t.tokenHash)],
);

/** One row per counted event (failed login, e-mail sent, sign-up...): limits hold across instances. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_key_idx').on(t.key, t.createdAt)],
);

/** Anonymous page views: route name, path and language only. */
export const pageViews = pgTable('page_views', {
  id: serial('id').primaryKey(),
  route: text('route').notNull(),
  path: text('path').notNull(),
  locale: text('locale').notNull(),
  createdAt: createdAt(),
});


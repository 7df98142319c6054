import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { clinic } from '@/lib/clinic';
import { RETENTION_VARIABLES, type RetentionVariable } from '@/lib/content/retentionPeriods';

/** The server's settings (DESIGN §4.3), read from the environment once and validated. */
export interface AppConfig {
  port: number;
  /** Absolute path: embedded database, e-mail outbox, generated secrets. */
  dataDir: string;
  /** Absolute path of the group programs' handouts (PDFs); default `$DATA_DIR/handouts`. Back it up with the database. */
  handoutsDir: string;
  /** Where backups are written (issue #39); default `$DATA_DIR/backups`. */
  backupDir: string;
  /** Hours between backups; the first is made at start when the directory holds none. */
  backupIntervalHours: number;
  /** Encrypts the backups (age, scrypt). Unset: no backup is written, and the administrators' page says so. */
  backupPassphrase: string | undefined;
  /** scrypt's work factor for new backups, as log2 of N: 18, age's own default, unless a test asks for less. */
  backupScryptWorkFactor: number;
  /** How many daily, weekly and monthly backups are kept. */
  backupKeep: { daily: number; weekly: number; monthly: number };
  /** The clinic's hour (0 to 23) at which new backups are verified by a restore. */
  backupVerifyHour: number;
  /** Days a handout's download link works after it was e-mailed (issue #38). */
  handoutLinkDays: number;
  /** The days before and after today an employee's calendar feed holds (issue #41). */
  calendarFeedDays: { back: number; ahead: number };
  /** Unset: the embedded PGlite database in `$DATA_DIR/pglite`. */
  databaseUrl: string | undefined;
  appSecret: string | undefined;
  /** Unset: e-mail goes to the file outbox `$DATA_DIR/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  clinicEmail: string;
  clinicTimezone: string;
  bookingTokenTtlSeconds: number;
  intakeEncryptionKey: string | undefined;
  seedDemo: boolean;
  /** How often the in-process scheduler runs the jobs (reminders); 0: never (an external cron runs them). */
  jobsIntervalSeconds: number;
  /**
   * How long a sender holds a queued e-mail it is sending: one that died meanwhile leaves it to
   * another after this. Beyond the mailer's own timeouts (10 + 10 + 30 s), or a slow send is sent twice.
   */
  mailClaimSeconds: number;
  /** The wait before a failed e-mail's first retry; each next one doubles it, up to an hour. */
  mailRetrySeconds: number;
  /** A virtual visit's join link: `{room}` is replaced by the appointment's unguessable room name. */
  videoRoomUrlTemplate: string;
  /** Guest bookings a client address may make in an hour (issue 18). */
  guestBookingLimitPerHour: number;
  /** Upcoming guest appointments one e-mail address may hold. */
  guestUpcomingPerEmail: number;
  /** Waitlist joins a client address may make in an hour (issue 16). */
  waitlistJoinsPerHour: number;
  /** The clinic's HST registration number (business number + RT0001), printed on receipts of taxed visits (issue #20). */
  clinicHstNumber: string | undefined;
  /** Years a clinical record (visits, intake forms) is kept after the last contact (issue #30; the College of Dietitians of Ontario asks 10). */
  retentionClinicalYears: number;
  /** Someone seen as a child: their record is kept `retentionClinicalYears` after this birthday too, when that is later. */
  retentionMinorAge: number;
  /** Years payments and receipts are kept after the end of their calendar year (the Canada Revenue Agency asks 6). */
  retentionFinancialYears: number;
  /** Years a contact-page message is kept when its address never led to care (no account, visit, place or form). */
  retentionContactYears: number;
}

// Keys derived from these sign tokens and encrypt health data: a short one is a mistake.
const MIN_SECRET_LENGTH = 32;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Scheme, host and port only (a trailing slash aside): the site is served at the root. */
function isOrigin(value: string): boolean {
  const url = new URL(value.trim());
  return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be between ${min} and ${max}` });

const retention = (name: RetentionVariable) => {
  const { min, max, fallback } = RETENTION_VARIABLES[name];
  return integer(min, max).default(fallback);
};

const secret = z.string().min(MIN_SECRET_LENGTH, { error: `must be at least ${MIN_SECRET_LENGTH} characters long` });

const flag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['1', 'true', 'on', '0', 'false', 'off'], { error: "must be one of 1, true, on, 0, false, off" }))
  .transform((v) => v === '1' || v === 'true' || v === 'on');

const envSchema = z.object({
  PORT: integer(1, 65535).default(3000),
  DATA_DIR: z.string().default('.data'),
  HANDOUTS_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .refine((v) => hasProtocol(v, ['postgres:', 'postgresql:']), {
      error: 'must be a postgres:// or postgresql:// URL',
    })
    .optional(),
  APP_SECRET: secret.optional(),
  SMTP_URL: z
    .string()
    .refine((v) => hasProtocol(v, ['smtp:', 'smtps:']), { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: 'must be an e-mail address, optionally as "Name <address>"',
    })
    .default(`${clinic.name} <${clinic.email}>`),
  CLINIC_EMAIL: z.email({ error: 'must be an e-mail address' }).default(clinic.email),
  CLINIC_TIMEZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone such as America/Toronto' })
    .default('America/Toronto'),
  BOOKING_TOKEN_TTL_SECONDS: integer(10, 86400).default(1800),
  INTAKE_ENCRYPTION_KEY: secret.optional(),
  SEED_DEMO: flag.optional(),
  JOBS_INTERVAL_SECONDS: integer(0, 86400).default(300),
  MAIL_CLAIM_SECONDS: integer(5, 3600).default(120),
  MAIL_RETRY_SECONDS: integer(1, 3600).default(30),
  VIDEO_ROOM_URL_TEMPLATE: z
    .string()
    .refine((v) => hasProtocol(v.replace('{room}', 'room'), ['https:']) && v.includes('{room}'), {
      error: 'must be an https:// URL containing {room}, e.g. https://meet.jit.si/{room}',
    })
    .default('https://meet.jit.si/{room}'),
  GUEST_BOOKING_LIMIT_PER_HOUR: integer(1, 1_000_000).default(5),
  GUEST_UPCOMING_PER_EMAIL: integer(1, 1_000_000).default(3),
  WAITLIST_JOINS_PER_HOUR: integer(1, 1_000_000).default(10),
  // Read where links are written (lib/seo/siteUrl.ts); checked here so that a mistyped origin
  // stops the start instead of sending e-mails whose links lead nowhere (issue 27).
  SITE_URL: z
    .string()
    .refine((v) => hasProtocol(v, ['http:', 'https:']) && isOrigin(v), {
      error: 'must be the public origin, an http:// or https:// URL with no path, e.g. https://www.example.ca',
    })
    .optional(),
  CLINIC_HST_NUMBER: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^\d{9}RT\d{4}$/, { error: 'must be a business number followed by its HST account, e.g. 123456789RT0001' }))
    .optional(),
  RETENTION_CLINICAL_YEARS: retention('RETENTION_CLINICAL_YEARS'),
  RETENTION_MINOR_AGE: retention('RETENTION_MINOR_AGE'),
  RETENTION_FINANCIAL_YEARS: retention('RETENTION_FINANCIAL_YEARS'),
  RETENTION_CONTACT_YEARS: retention('RETENTION_CONTACT_YEARS'),
  HANDOUT_LINK_DAYS: integer(1, 3650).default(90),
  CALENDAR_FEED_DAYS_BACK: integer(0, 366).default(30),
  CALENDAR_FEED_DAYS_AHEAD: integer(1, 730).default(180),
  BACKUP_DIR: z.string().optional(),
  BACKUP_INTERVAL_HOURS: integer(1, 24 * 7).default(24),
  BACKUP_PASSPHRASE: z.string().min(12, { error: 'must be at least 12 characters long' }).optional(),
  BACKUP_KEEP_DAILY: integer(1, 366).default(7),
  BACKUP_KEEP_WEEKLY: integer(0, 520).default(4),
  BACKUP_KEEP_MONTHLY: integer(0, 1200).default(12),
  BACKUP_VERIFY_HOUR: integer(0, 23).default(3),
  BACKUP_SCRYPT_WORK_FACTOR: integer(12, 22).default(18),
});

/**
 * Validates an environment and returns the settings. Empty values count as unset (an
 * `.env` line like `SMTP_URL=` means "not configured"). Throws an Error naming each bad
 * variable; the message never repeats a value, since some values are secrets.
 */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}.`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    // turbopackIgnore: these are the running server's own directories, never files of the build.
    // Without it Turbopack read path.resolve of a variable as a file the server may open and traced
    // the whole project (sources, tests, benchmarks) into the standalone output (issue #38).
    dataDir: path.resolve(/* turbopackIgnore: true */ e.DATA_DIR),
    handoutsDir: path.resolve(/* turbopackIgnore: true */ e.HANDOUTS_DIR ?? path.join(e.DATA_DIR, 'handouts')),
    handoutLinkDays: e.HANDOUT_LINK_DAYS,
    calendarFeedDays: { back: e.CALENDAR_FEED_DAYS_BACK, ahead: e.CALENDAR_FEED_DAYS_AHEAD },
    backupDir: path.resolve(/* turbopackIgnore: true */ e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    backupPassphrase: e.BACKUP_PASSPHRASE,
    backupKeep: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY, monthly: e.BACKUP_KEEP_MONTHLY },
    backupVerifyHour: e.BACKUP_VERIFY_HOUR,
    backupScryptWorkFactor: e.BACKUP_SCRYPT_WORK_FACTOR,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    clinicEmail: e.CLINIC_EMAIL,
    clinicTimezone: e.CLINIC_TIMEZONE,
    bookingTokenTtlSeconds: e.BOOKING_TOKEN_TTL_SECONDS,
    intakeEncryptionKey: e.INTAKE_ENCRYPTION_KEY,
    // Demo data makes the zero-setup embedded database usable at once; a real server starts clean.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    mailClaimSeconds: e.MAIL_CLAIM_SECONDS,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    videoRoomUrlTemplate: e.VIDEO_ROOM_URL_TEMPLATE,
    guestBookingLimitPerHour: e.GUEST_BOOKING_LIMIT_PER_HOUR,
    guestUpcomingPerEmail: e.GUEST_UPCOMING_PER_EMAIL,
    waitlistJoinsPerHour: e.WAITLIST_JOINS_PER_HOUR,
    clinicHstNumber: e.CLINIC_HST_NUMBER,
    retentionClinicalYears: e.RETENTION_CLINICAL_YEARS,
    retentionMinorAge: e.RETENTION_MINOR_AGE,
    retentionFinancialYears: e.RETENTION_FINANCIAL_YEARS,
    retentionContactYears: e.RETENTION_CONTACT_YEARS,
  };
}

let cached: AppConfig | undefined;

/** The process's settings, validated on first use. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Forget the cached settings so a test can change `process.env`. */
export function resetConfigForTests(): void {
  cached = undefined;
}

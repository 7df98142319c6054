import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import type { Locale } from '@/lib/i18n/routing';
import { assertUnderLimit, hashIp, lockLimitKeys, recordEvent, type Limit } from '@/lib/server/auth/rateLimit';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { guestAppointmentsOf } from './guestEmail';

/**
 * Limits on guest bookings (issue 18 item 2), so a script cannot fill the calendar or make the
 * clinic send its confirmations to any address. Employees booking for a patient, and patients
 * with an account, are not limited here; a guest moving a visit from its manage link books
 * nothing new.
 *
 * - Per client address: GUEST_BOOKING_LIMIT_PER_HOUR bookings an hour (default 5): 429 with
 *   Retry-After.
 * - Per e-mail address: GUEST_UPCOMING_PER_EMAIL upcoming guest appointments (default 3): 409
 *   with a message in the booking's language that says how to manage the ones booked.
 *
 * Both are checked early, to spare the guest a form that cannot end in a booking (the address at
 * check-session, the e-mail at check-contact), and enforced in the booking's own transaction,
 * under the keys' locks, where the booking is counted: simultaneous bookings pass one at a time.
 */

const HOUR_MS = 3_600_000;

function perHour(): Limit {
  return { max: getConfig().guestBookingLimitPerHour, windowMs: HOUR_MS };
}
const addressKey = (ip: string) => `guest-booking-ip:${hashIp(ip)}`;
const emailKey = (email: string) => `guest-booking-email:${email.toLowerCase()}`;

/** The early check of the client address (nothing counted). */
export async function assertGuestAddressUnderLimit(db: Database, ip: string, now: Date = new Date()): Promise<void> {
  await assertUnderLimit(db, addressKey(ip), perHour(), now, 'guestBookingRateLimited');
}

/** Refuses an e-mail address that already holds the maximum of upcoming guest appointments. */
export async function assertGuestUpcomingUnderLimit(db: Database, email: string, language: Locale, now: Date = new Date()): Promise<void> {
  const max = getConfig().guestUpcomingPerEmail;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'booked'),
        gt(appointments.startsAt, now),
        guestAppointmentsOf(email),
      ),
    );
  if ((row?.n ?? 0) < max) return;
  throw new AppError('guest_upcoming_limit', 409, 'guestUpcomingLimit', {
    values: { max, phone: formatPhone(clinic.phone) },
    locale: language,
  });
}

/** Both limits, in the booking's transaction, and the booking counted against the address. */
export async function enforceGuestLimits(tx: Database, input: { ip: string; email: string; language: Locale; now: Date }): Promise<void> {
  await lockLimitKeys(tx, [addressKey(input.ip), emailKey(input.email)]);
  await assertUnderLimit(tx, addressKey(input.ip), perHour(), input.now, 'guestBookingRateLimited');
  await assertGuestUpcomingUnderLimit(tx, input.email, input.language, input.now);
  await recordEvent(tx, addressKey(input.ip), input.now);
}

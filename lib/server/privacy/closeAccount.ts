import 'server-only';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { localDateOf } from '@/lib/format/dates';
import type { Locale } from '@/lib/i18n/routing';
import { consume, clearEvents, limits } from '@/lib/server/auth/rateLimit';
import { verifyPassword } from '@/lib/server/auth/passwords';
import type { User } from '@/lib/server/auth/sessions';
import { cancelAppointment } from '@/lib/server/booking/appointments';
import { queueBookingNotices } from '@/lib/server/booking/notifications';
import type { Database } from '@/lib/server/db/client';
import { appointments, emailTokens, intakeDrafts, sessions, users, waitlistEntries } from '@/lib/server/db/schema';
import { accountClosedEmail } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { AppError } from '@/lib/server/http/appError';
import { endEntry } from '@/lib/server/waitlist/entries';
import { recordAudit } from './audit';
import { retainUntil } from './retentionDue';
import { endFeeds } from '@/lib/server/calendarFeed/feeds';

export interface ClosedAccount {
  cancelledVisits: number;
  endedWaitlistPlaces: number;
  /** YYYY-MM-DD (the clinic's calendar): when the kept record may be deleted; null when nothing is kept. */
  keptUntil: string | null;
}

/**
 * POST /api/account/close (issue #30 item 3): a patient closes their own account after typing
 * their password again. In one transaction:
 * - every session ends and sign-in is refused (closed_at; the password hash is erased);
 * - upcoming visits and group seats are cancelled, with the usual e-mails, and their times are
 *   recorded as freed for the waitlist (announced after commit);
 * - waitlist places end, with their open offers;
 * - the intake draft and unused e-mail links are erased.
 * What stays is the clinical and financial record (past visits, intake forms sent, payments,
 * receipts), readable by the clinic only, until retention.ts purges it. The address may open a
 * new account at once. Wrong passwords count like failed sign-ins (10 per 15 minutes).
 */
export async function closeAccount(db: Database, user: User, input: { password: string; locale: Locale; now?: Date }): Promise<ClosedAccount> {
  const now = input.now ?? new Date();
  if (user.isEmployee) throw new AppError('forbidden', 403, 'accountCloseEmployee');
  const failuresKey = `close-failed:${user.id}`;
  await consume(db, failuresKey, limits.failedLoginPerAccount);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('wrong_password', 400, 'wrongCurrentPassword', { fieldErrors: { password: ['wrongCurrentPassword'] } });
  }
  await clearEvents(db, failuresKey);

  const result = await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(users)
      .set({ closedAt: now, isActive: false, passwordHash: '', updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.closedAt)))
      .returning({ id: users.id });
    // Closed by a request that got here first: nothing more to do.
    if (!closed) return null;
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await endFeeds(tx, { userId: user.id, reason: 'account_closed', actorUserId: user.id });
    await tx.delete(intakeDrafts).where(eq(intakeDrafts.userId, user.id));
    await tx.delete(emailTokens).where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)));

    const upcoming = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.patientId, user.id), eq(appointments.status, 'booked'), gt(appointments.startsAt, now)))
      .orderBy(asc(appointments.startsAt));
    let cancelledVisits = 0;
    for (const { id } of upcoming) {
      const cancelled = await cancelAppointment(tx, { appointmentId: id, by: user.id });
      if (!cancelled.cancelled) continue;
      await queueBookingNotices(tx, { appointmentId: id, kind: 'cancelled' });
      cancelledVisits += 1;
    }

    const places = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.patientId, user.id), eq(waitlistEntries.status, 'active')));
    let freedOffers = false;
    for (const { id } of places) {
      const ended = await endEntry(tx, id, 'left', now);
      if (ended?.freedTime) freedOffers = true;
    }

    const until = await retainUntil(tx, { kind: 'patient', patientId: user.id }, now);
    const keptUntil = until ? localDateOf(until) : null;
    const content = accountClosedEmail({ firstName: user.firstName, language: input.locale, cancelledVisits, keptUntil });
    await queueEmail(tx, { purpose: 'account closed', message: { to: user.email, language: input.locale, ...content } });
    await recordAudit(tx, {
      action: 'account_closed',
      actorUserId: user.id,
      subject: { kind: 'patient', patientId: user.id },
      detail: { cancelled_visits: cancelledVisits, ended_waitlist_places: places.length, kept_until: keptUntil },
    });
    return { cancelledVisits, endedWaitlistPlaces: places.length, keptUntil, freedTime: cancelledVisits > 0 || freedOffers };
  });
  if (!result) throw new AppError('unauthenticated', 401, 'unauthenticated');
  void kickMailQueue();
  if (result.freedTime) announce('time-freed');
  return { cancelledVisits: result.cancelledVisits, endedWaitlistPlaces: result.endedWaitlistPlaces, keptUntil: result.keptUntil };
}

import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, handoutSends, users } from '@/lib/server/db/schema';
import { handoutsEmail } from '@/lib/server/email/templates/handouts';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { handoutLink } from './handoutLinks';
import { handoutsOfSession, sessionHandoutRows } from './handouts';

/**
 * POST /api/clinic/group-sessions/<id>/handouts/send (issue #28 item 4): once a session has
 * started, every attendee marked present ('completed') who was not sent them yet gets one e-mail
 * in their seat's language with a link per handout (the session's own and its topic's). Each send
 * is recorded (handout_sends) in the transaction that queues its e-mail, under the session's row
 * lock: a second click, or two at once, sends nobody twice. No-show and cancelled seats get
 * nothing; a seat marked present later is sent by the next click. Answers how many were sent now.
 */
export async function sendHandouts(db: Database, input: { sessionId: number; by: number; now: Date }): Promise<{ sent: number }> {
  const result = await db.transaction(async (tx) => {
    const [session] = await tx.select().from(groupSessions).where(eq(groupSessions.id, input.sessionId)).for('update');
    if (!session) throw new AppError('group_session_not_found', 404, 'groupSessionNotFound');
    if (session.status === 'cancelled') throw new AppError('group_session_cancelled', 409, 'handoutsSessionCancelled');
    if (session.startsAt.getTime() > input.now.getTime()) throw new AppError('group_session_not_started', 409, 'handoutsNotStarted');
    const files = await sessionHandoutRows(tx, handoutsOfSession(session));
    if (files.length === 0) throw new AppError('handouts_none', 409, 'handoutsNone');
    const [topic] = await tx.select().from(groupTopics).where(eq(groupTopics.id, session.topicId));
    const seats = await tx
      .select({ seat: appointments, patient: { email: users.email, firstName: users.firstName } })
      .from(appointments)
      .leftJoin(users, eq(users.id, appointments.patientId))
      .leftJoin(handoutSends, eq(handoutSends.appointmentId, appointments.id))
      .where(and(eq(appointments.groupSessionId, session.id), eq(appointments.status, 'completed'), isNull(handoutSends.appointmentId)))
      .orderBy(asc(appointments.id));
    const timeZone = getConfig().clinicTimezone;
    let sent = 0;
    for (const { seat, patient } of seats) {
      const to = patient ?? (seat.guestContact ? { email: seat.guestContact.email, firstName: seat.guestContact.firstName } : null);
      if (!to) continue;
      const recorded = await tx.insert(handoutSends).values({ appointmentId: seat.id, sentBy: input.by, sentAt: input.now }).onConflictDoNothing().returning();
      if (recorded.length === 0) continue;
      const language = seat.sessionLanguage;
      const content = handoutsEmail({
        language,
        firstName: to.firstName,
        topic: language === 'fr' ? topic!.titleFr : topic!.titleEn,
        sessionStart: session.startsAt,
        timeZone,
        files: await Promise.all(files.map(async (file) => ({ name: file.fileName, url: await handoutLink(seat.id, file.id) }))),
      });
      await queueEmail(tx, { purpose: 'group handouts', message: { to: to.email, language, ...content } });
      sent += 1;
    }
    return { sent };
  });
  if (result.sent > 0) void kickMailQueue();
  return result;
}

/** How many present seats of a session were sent its handouts, and how many were not yet. */
export async function handoutSendCounts(db: Database, sessionId: number): Promise<{ sent: number; unsent: number }> {
  const rows = await db
    .select({ sent: handoutSends.appointmentId })
    .from(appointments)
    .leftJoin(handoutSends, eq(handoutSends.appointmentId, appointments.id))
    .where(and(eq(appointments.groupSessionId, sessionId), eq(appointments.status, 'completed')));
  const sent = rows.filter((row) => row.sent !== null).length;
  return { sent, unsent: rows.length - sent };
}

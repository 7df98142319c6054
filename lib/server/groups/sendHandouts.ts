import 'server-only';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, groupSessions, groupTopics, handoutSends, users, type Appointment, type GroupSession, type Handout } from '@/lib/server/db/schema';
import { handoutsEmail } from '@/lib/server/email/templates/handouts';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { handoutLink } from './handoutLinks';
import { handoutsOfSession, sessionHandoutRows } from './handouts';

type Seat = Pick<Appointment, 'id' | 'patientId' | 'guestContact'>;

/**
 * The session's files a present seat has not had (issue #38): those sent to this seat are
 * skipped, and in a series so are the topic's files sent to the same person (their account, or
 * a guest's address) at another meeting of it, since every meeting hands out the topic's files.
 */
async function unsentFiles(db: Database, session: GroupSession, files: Handout[], seat: Seat): Promise<Handout[]> {
  const samePerson =
    seat.patientId !== null
      ? eq(appointments.patientId, seat.patientId)
      : seat.guestContact
        ? sql`lower(${appointments.guestContact} ->> 'email') = ${seat.guestContact.email.toLowerCase()}`
        : sql`false`;
  const sameSeries =
    session.seriesId === null
      ? sql`false`
      : and(eq(groupSessions.seriesId, session.seriesId), ne(appointments.id, seat.id), samePerson, inArray(handoutSends.handoutId, topicFileIds(files)));
  const had = await db
    .select({ handoutId: handoutSends.handoutId })
    .from(handoutSends)
    .innerJoin(appointments, eq(appointments.id, handoutSends.appointmentId))
    .innerJoin(groupSessions, eq(groupSessions.id, appointments.groupSessionId))
    .where(and(inArray(handoutSends.handoutId, files.map((file) => file.id)), or(eq(handoutSends.appointmentId, seat.id), sameSeries)));
  const sent = new Set(had.map((row) => row.handoutId));
  return files.filter((file) => !sent.has(file.id));
}

/** inArray needs at least one value; 0 is no handout's id. */
const topicFileIds = (files: Handout[]) => [0, ...files.filter((file) => file.groupTopicId !== null).map((file) => file.id)];

const presentSeats = (db: Database, sessionId: number) =>
  db
    .select({ seat: appointments, patient: { email: users.email, firstName: users.firstName } })
    .from(appointments)
    .leftJoin(users, eq(users.id, appointments.patientId))
    .where(and(eq(appointments.groupSessionId, sessionId), eq(appointments.status, 'completed')))
    .orderBy(asc(appointments.id));

/**
 * POST /api/clinic/group-sessions/<id>/handouts/send (issue #28 item 4): once a session has
 * started, every attendee marked present ('completed') gets one e-mail in their seat's language
 * with a link per handout they have not had yet (the session's own and its topic's). Each file
 * sent is recorded per seat (handout_sends) in the transaction that queues its e-mail, under the
 * session's row lock: a second click, or two at once, sends no file twice, and a file attached
 * since reaches those who had the others. No-show and cancelled seats get nothing; a seat marked
 * present later is sent by the next click. Answers how many attendees were sent something now.
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
    const { clinicTimezone: timeZone, handoutLinkDays } = getConfig();
    let sent = 0;
    for (const { seat, patient } of await presentSeats(tx, session.id)) {
      const to = patient ?? (seat.guestContact ? { email: seat.guestContact.email, firstName: seat.guestContact.firstName } : null);
      if (!to) continue;
      const due = await unsentFiles(tx, session, files, seat);
      if (due.length === 0) continue;
      await tx.insert(handoutSends).values(due.map((file) => ({ appointmentId: seat.id, handoutId: file.id, sentBy: input.by, sentAt: input.now })));
      const language = seat.sessionLanguage;
      const content = handoutsEmail({
        language,
        firstName: to.firstName,
        topic: language === 'fr' ? topic!.titleFr : topic!.titleEn,
        sessionStart: session.startsAt,
        timeZone,
        linkDays: handoutLinkDays,
        files: await Promise.all(due.map(async (file) => ({ name: file.fileName, url: await handoutLink(seat.id, file.id) }))),
      });
      await queueEmail(tx, { purpose: 'group handouts', message: { to: to.email, language, ...content } });
      sent += 1;
    }
    return { sent };
  });
  if (result.sent > 0) void kickMailQueue();
  return result;
}

/** How many present seats of a session have had every one of its handouts, and how many have not yet. */
export async function handoutSendCounts(db: Database, sessionId: number): Promise<{ sent: number; unsent: number }> {
  const [session] = await db.select().from(groupSessions).where(eq(groupSessions.id, sessionId));
  if (!session) return { sent: 0, unsent: 0 };
  const files = await sessionHandoutRows(db, handoutsOfSession(session));
  const seats = await presentSeats(db, sessionId);
  if (files.length === 0) return { sent: 0, unsent: seats.length };
  let sent = 0;
  for (const { seat } of seats) if ((await unsentFiles(db, session, files, seat)).length === 0) sent += 1;
  return { sent, unsent: seats.length - sent };
}

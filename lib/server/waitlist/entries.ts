import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { WaitlistEntry as WaitlistEntryView } from '@/lib/schemas/waitlist';
import type { JoinWaitlistInput } from '@/lib/schemas/waitlist';
import { openGuardedLink } from '@/lib/server/auth/linkGuard';
import { assertUnderLimit, hashIp, lockLimitKeys, recordEvent } from '@/lib/server/auth/rateLimit';
import { pageLink } from '@/lib/server/auth/links';
import { hashToken, randomToken } from '@/lib/server/auth/tokens';
import { utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { locationOf } from '@/lib/server/booking/notifications';
import { lastBookableLocalDate } from '@/lib/server/booking/rules';
import { loadService, type SlotQuery } from '@/lib/server/booking/slots';
import { verifyContextOf } from '@/lib/server/booking/steps/actor';
import { bookingTokenContext, verifyChain, type Actor, type KeyContext, type RequestActor } from '@/lib/server/booking/stepTokens';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupTopics, offices, services, users, waitlistEntries, waitlistOffers, type GuestContact, type WaitlistEntry, type WaitlistOffer } from '@/lib/server/db/schema';
import { waitlistJoinedEmail } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { announce } from '@/lib/server/events/announce';
import { recordFreedTime } from '@/lib/server/events/freedTime';
import { chosenGroupSession } from '@/lib/server/groups/dateStep';
import { isGroupService, serviceNameIn } from '@/lib/server/groups/groupService';
import { AppError } from '@/lib/server/http/appError';

/**
 * The waitlist's entries (issue #16). Joining happens on the booking flow's date-and-time step:
 * the entry keeps what the earlier steps checked (their tokens are verified as for a booking)
 * and adds a date window and the times of day and weekdays the person can come. One active
 * entry per service and person (a database rule: waitlist_entries_one_active_key). The
 * confirmation e-mail carries a link to the waitlist page, where the person sees the place and
 * leaves the list; like the manage links, its token travels in the fragment and only its
 * SHA-256 is stored.
 */

export const waitlistLink = (language: Locale, token: string) => `${pageLink(language, '/waitlist')}#${token}`;

const linkInvalid = () => new AppError('link_invalid', 404, 'waitlistLinkInvalid');

/** Whose entry: 'patient:<id>' or 'guest:<e-mail>', the key of the one-active-entry rule. */
export function personKeyOf(party: { patientId: number | null; guestContact: GuestContact | null }): string {
  return party.patientId !== null ? `patient:${party.patientId}` : `guest:${party.guestContact?.email.toLowerCase() ?? ''}`;
}

/** The availability query of an entry: the same actor, office, language, reasons and dietitian as the booking would have. */
export function entryQuery(entry: WaitlistEntry): SlotQuery {
  const actor: Actor =
    entry.employeeId !== null && entry.patientId !== null
      ? { kind: 'employee', userId: entry.addedBy ?? entry.employeeId, patientId: entry.patientId, dietitianId: entry.employeeId }
      : entry.patientId !== null
        ? { kind: 'patient', userId: entry.patientId }
        : { kind: 'guest' };
  return {
    actor,
    officeId: entry.officeId,
    sessionLanguage: entry.sessionLanguage,
    skillIds: entry.reasons,
    guestEmail: entry.guestContact?.email,
  };
}

/** The person's e-mail address and first name: the patient's account, or the guest's contact. */
export async function recipientOf(db: Database, entry: Pick<WaitlistEntry, 'patientId' | 'guestContact'>) {
  if (entry.patientId === null) return entry.guestContact ? { email: entry.guestContact.email, firstName: entry.guestContact.firstName, lastName: entry.guestContact.lastName } : null;
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, entry.patientId));
  return user ?? null;
}

/** What the waitlist page shows of a place (lib/schemas/waitlist.ts), one type for the handler and the browser. */
export type { WaitlistEntryView };

/** What the waitlist page (and the join answer) shows of an entry, in `locale`: never the reasons or the message. */
export async function describeEntry(db: Database, entry: WaitlistEntry, locale: Locale): Promise<WaitlistEntryView> {
  const [row] = await db
    .select({ service: services, office: offices, topic: groupTopics })
    .from(services)
    .innerJoin(offices, eq(offices.id, entry.officeId))
    .leftJoin(groupTopics, eq(groupTopics.id, entry.groupTopicId ?? 0))
    .where(eq(services.id, entry.serviceId));
  const ids = [...(entry.employeeId === null ? [] : [entry.employeeId]), ...(entry.patientId === null ? [] : [entry.patientId])];
  const people = ids.length ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids)) : [];
  const dietitian = people.find((p) => p.id === entry.employeeId);
  const person = entry.patientId === null ? entry.guestContact : people.find((p) => p.id === entry.patientId);
  const location = !row || row.office.isVirtual ? ({ kind: 'virtual' } as const) : locationOf(row.office, locale);
  return {
    status: entry.status,
    first_name: person?.firstName ?? '',
    service_name: row ? serviceNameIn(locale, row.service, row.topic) : '',
    location: location.kind === 'virtual' ? { kind: 'virtual' } : location,
    dietitian_name: dietitian ? fullName(dietitian) : null,
    from_date: entry.fromDate,
    to_date: entry.toDate,
    times_of_day: entry.timesOfDay,
    weekdays: entry.weekdays,
  };
}

/** Queues the confirmation of a new entry, in the transaction that wrote it. */
async function queueJoinedEmail(tx: Database, entry: WaitlistEntry, leaveToken: string): Promise<void> {
  const recipient = await recipientOf(tx, entry);
  if (!recipient) return;
  const language = entry.sessionLanguage;
  const view = await describeEntry(tx, entry, language);
  const content = waitlistJoinedEmail({
    language,
    firstName: recipient.firstName,
    serviceName: view.service_name,
    location: view.location,
    dietitianName: view.dietitian_name,
    fromDate: entry.fromDate,
    toDate: entry.toDate,
    timesOfDay: entry.timesOfDay,
    weekdays: entry.weekdays,
    leaveLink: waitlistLink(language, leaveToken),
  });
  await queueEmail(tx, { purpose: 'waitlist joined', message: { to: recipient.email, language, ...content } });
}

/**
 * POST /api/booking/waitlist/join. The chain through the office step, verified as for a booking;
 * the window within today and the service's booking horizon. 409 when the person already waits
 * for this service; 429 after WAITLIST_JOINS_PER_HOUR (default 10) joins from one address in an hour.
 */
export async function joinWaitlist(db: Database, input: JoinWaitlistInput, caller: RequestActor, ip: string, key: KeyContext = bookingTokenContext()) {
  const chain = await verifyChain(input, ['location'], verifyContextOf(caller, key));
  const now = key.now ?? new Date();
  const language = chain.session_language.sessionLanguage;
  // Moving a visit is not waiting for one: the visit keeps its time until a new one is chosen.
  if (chain.session_language.reschedulingAppointmentId !== undefined) throw new AppError('waitlist_rescheduling', 400, 'waitlistRescheduling');
  const { actor } = chain.auth;
  if (actor.kind === 'employee' && actor.patientId === null) throw new AppError('patient_required', 400, 'patientRequired');
  const service = await loadService(db, chain.service.serviceId);
  // A group service's place waits for a seat in a session of the full one's topic (issue #28 item 5).
  let groupTopicId: number | null = null;
  let sessionDate: string | null = null;
  if (isGroupService(service)) {
    if (input.group_session_id === undefined) throw new AppError('validation_error', 400, 'validationError', { fieldErrors: { group_session_id: ['required'] } });
    const query = { officeId: chain.location.officeId, sessionLanguage: language, serviceId: service.id };
    const [full] = await chosenGroupSession(db, query, service, input.group_session_id, now);
    groupTopicId = full!.topicId;
    sessionDate = utcToLocalDate(full!.startsAt, getConfig().clinicTimezone);
  }
  const timeZone = getConfig().clinicTimezone;
  const today = utcToLocalDate(now, timeZone);
  const horizon = lastBookableLocalDate(now, service.maxAdvanceBookingDays, timeZone);
  const fieldErrors: Record<string, string[]> = {};
  if (input.from_date < today) fieldErrors.from_date = ['waitlistFromPast'];
  if (input.to_date > horizon) fieldErrors.to_date = ['waitlistToBeyond'];
  // The place waits for a seat in that session too: its window must hold the session's day.
  else if (sessionDate && (input.from_date > sessionDate || input.to_date < sessionDate)) fieldErrors.to_date = ['waitlistWindowMissesSession'];
  if (Object.keys(fieldErrors).length) throw new AppError('validation_error', 400, 'validationError', { fieldErrors });

  const party =
    actor.kind === 'guest'
      ? { patientId: null, guestContact: { ...pickContact(chain.contact.contact), address: chain.address.address } satisfies GuestContact }
      : { patientId: actor.kind === 'patient' ? actor.userId : (actor.patientId as number), guestContact: null };
  const personKey = personKeyOf(party);
  const limitKey = `waitlist-join:${hashIp(ip)}`;
  const leaveToken = randomToken();

  const entry = await db.transaction(async (tx) => {
    // One join at a time per address and per person: the limit and the one-entry rule hold under a race.
    await lockLimitKeys(tx, [limitKey, `waitlist:${personKey}`]);
    await assertUnderLimit(tx, limitKey, { max: getConfig().waitlistJoinsPerHour, windowMs: 3_600_000 }, now);
    const [waiting] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.serviceId, service.id), eq(waitlistEntries.personKey, personKey), eq(waitlistEntries.status, 'active')));
    if (waiting) throw new AppError('waitlist_already', 409, 'waitlistAlready', { locale: language });
    const [row] = await tx
      .insert(waitlistEntries)
      .values({
        ...party,
        personKey,
        serviceId: service.id,
        officeId: chain.location.officeId,
        employeeId: actor.kind === 'employee' ? actor.dietitianId : null,
        addedBy: actor.kind === 'employee' ? actor.userId : null,
        sessionLanguage: language,
        reasons: chain.skills.skillIds,
        message: chain.skills.userMessage === '' ? null : chain.skills.userMessage,
        fromDate: input.from_date,
        toDate: input.to_date,
        timesOfDay: input.times_of_day,
        weekdays: input.weekdays,
        leaveTokenHash: hashToken(leaveToken),
        groupTopicId,
      })
      .returning();
    await recordEvent(tx, limitKey, now);
    await queueJoinedEmail(tx, row!, leaveToken);
    return row!;
  });
  void kickMailQueue();
  return { entry: await describeEntry(db, entry, language), email: (await recipientOf(db, entry))?.email ?? '' };
}

function pickContact(contact: { firstName: string; lastName: string; email: string; phone: string }) {
  const { firstName, lastName, email, phone } = contact;
  return { firstName, lastName, email, phone };
}

/** What a waitlist link opens: an entry (the confirmation's link) or an offer and its entry (an offer's link). */
export interface OpenedLink {
  entry: WaitlistEntry;
  offer: WaitlistOffer | null;
}

/** The entry or offer a token opens, or 404 (each miss counted against the caller's address). */
export async function openWaitlistLink(db: Database, token: string, ip: string, now: Date): Promise<OpenedLink> {
  const opened = await openGuardedLink(db, { kind: 'waitlist', token, ip, now }, findByToken);
  if (!opened) throw linkInvalid();
  return opened;
}

async function findByToken(db: Database, hash: string): Promise<OpenedLink | null> {
  const [offered] = await db
    .select({ offer: waitlistOffers, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.tokenHash, hash));
  if (offered) return offered;
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.leaveTokenHash, hash));
  return entry ? { entry, offer: null } : null;
}

/**
 * Withdraws the open offers of entries that just ended, or whose offer the clinic replaces by
 * hand (clinicOffer.ts), in the caller's transaction. An offer
 * given up this way frees its place in the time's batch at once: its time is recorded as freed
 * (events/freedTime.ts), as a cancellation's is, so the next pass offers it to the next entries
 * without waiting for the time's other offers to expire. Answers how many were withdrawn (the
 * caller announces 'time-freed' after commit when there were some).
 */
export async function withdrawOpenOffers(tx: Database, entryIds: number[], now: Date): Promise<number> {
  if (entryIds.length === 0) return 0;
  const withdrawn = await tx
    .update(waitlistOffers)
    .set({ status: 'withdrawn', closedAt: now })
    .where(and(inArray(waitlistOffers.entryId, entryIds), eq(waitlistOffers.status, 'open')))
    .returning({ employeeId: waitlistOffers.employeeId, startsAt: waitlistOffers.startsAt, blockedUntil: waitlistOffers.blockedUntil });
  for (const offer of withdrawn) await recordFreedTime(tx, offer.employeeId, offer.startsAt, offer.blockedUntil);
  return withdrawn.length;
}

/**
 * Ends an active entry ('left' or 'removed') and withdraws its open offer, whose time is then
 * freed for the next entries; in the caller's transaction. Answers null when it was not active,
 * else whether an offer's time was freed (announce 'time-freed' after commit).
 */
export async function endEntry(tx: Database, entryId: number, status: 'left' | 'removed', now: Date): Promise<{ freedTime: boolean } | null> {
  const [ended] = await tx
    .update(waitlistEntries)
    .set({ status, endedAt: now })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'active')))
    .returning({ id: waitlistEntries.id });
  if (!ended) return null;
  return { freedTime: (await withdrawOpenOffers(tx, [entryId], now)) > 0 };
}

/** POST /api/booking/waitlist/leave: the link's holder leaves the list (again: the same answer). */
export async function leaveByLink(db: Database, request: { token: string; ip: string; now?: Date }): Promise<WaitlistEntry> {
  const now = request.now ?? new Date();
  const { entry } = await openWaitlistLink(db, request.token, request.ip, now);
  const ended = await db.transaction((tx) => endEntry(tx, entry.id, 'left', now));
  // The offer they held goes on to the next in line, in the background.
  if (ended?.freedTime) announce('time-freed');
  const [current] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
  return current ?? entry;
}

/**
 * Entries whose window has ended leave the list (each pass of the waitlist, before it reads the
 * freed times: an open offer they held is offered on in the same pass).
 */
export async function expireEntries(db: Database, now: Date): Promise<number> {
  const today = utcToLocalDate(now, getConfig().clinicTimezone);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(waitlistEntries)
      .set({ status: 'expired', endedAt: now })
      .where(and(eq(waitlistEntries.status, 'active'), sql`${waitlistEntries.toDate} < ${today}`))
      .returning({ id: waitlistEntries.id });
    await withdrawOpenOffers(tx, expired.map((e) => e.id), now);
    return expired.length;
  });
}

import 'server-only';
import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import { locationOf } from '@/lib/server/booking/notifications';
import { priceService } from '@/lib/server/booking/pricing';
import type { ServiceRow } from '@/lib/server/booking/slots';
import { hashToken, randomToken } from '@/lib/server/auth/tokens';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { groupSessions, groupTopics, offices, users, waitlistOffers, type WaitlistEntry, type WaitlistOffer } from '@/lib/server/db/schema';
import { waitlistOfferEmail } from '@/lib/server/email';
import { queueEmail } from '@/lib/server/email/queue';
import { seatPriceOf } from '@/lib/server/groups/dateStep';
import { nameWithTopic } from '@/lib/server/groups/groupService';
import { recipientOf, waitlistLink } from './entries';

/** Making one offer: its row, its link and its e-mail, and the checks made under the offers' lock. */

/** Writes an offer and queues its e-mail, in the caller's transaction. */
export async function createOffer(
  tx: Database,
  entry: WaitlistEntry,
  service: ServiceRow,
  slot: { start: Date; end: Date; employeeId: number; groupSessionId?: number | null },
  options: { expiresAt: Date; offeredBy: number | null },
): Promise<WaitlistOffer> {
  const blockedUntil = new Date(slot.start.getTime() + service.employeeDurationMinutes * 60_000);
  const token = randomToken();
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({
      entryId: entry.id,
      employeeId: slot.employeeId,
      startsAt: slot.start,
      endsAt: slot.end,
      blockedUntil,
      tokenHash: hashToken(token),
      expiresAt: options.expiresAt,
      offeredBy: options.offeredBy,
      groupSessionId: slot.groupSessionId ?? null,
    })
    .returning();
  const recipient = await recipientOf(tx, entry);
  const [office] = await tx.select().from(offices).where(eq(offices.id, entry.officeId));
  const [dietitian] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, slot.employeeId));
  if (recipient && office) {
    const language = entry.sessionLanguage;
    const price = await offerPrice(tx, service, slot.groupSessionId);
    const content = waitlistOfferEmail({
      language,
      firstName: recipient.firstName,
      serviceName: nameWithTopic({ en: service.nameEn, fr: service.nameFr }, await topicOfSession(tx, slot.groupSessionId))[language],
      start: slot.start,
      end: slot.end,
      location: locationOf(office, language),
      dietitianName: dietitian ? fullName(dietitian) : '',
      timeZone: getConfig().clinicTimezone,
      totalCents: price.totalCents,
      taxCents: price.taxCents,
      expiresAt: options.expiresAt,
      claimLink: waitlistLink(language, token),
    });
    await queueEmail(tx, { purpose: 'waitlist offer', message: { to: recipient.email, language, ...content } });
  }
  return offer!;
}

/** A seat's session's topic titles, for the offer's e-mail; null for a visit's offer. */
async function topicOfSession(tx: Database, groupSessionId: number | null | undefined): Promise<{ en: string; fr: string } | null> {
  if (groupSessionId == null) return null;
  const [topic] = await tx
    .select({ en: groupTopics.titleEn, fr: groupTopics.titleFr })
    .from(groupSessions)
    .innerJoin(groupTopics, eq(groupTopics.id, groupSessions.topicId))
    .where(eq(groupSessions.id, groupSessionId));
  return topic ?? null;
}

/** Offers close one after another: the batch count and the one-open-offer rule are read and written under this lock. */
export async function lockOffers(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('waitlist:offers'))`);
}

/** Open offers of the dietitian's time [start, blockedUntil): a freed stretch goes to OFFER_BATCH entries at once. */
export async function openOffersOver(tx: Database, employeeId: number, start: Date, blockedUntil: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.employeeId, employeeId),
        eq(waitlistOffers.status, 'open'),
        lt(waitlistOffers.startsAt, blockedUntil),
        gt(waitlistOffers.blockedUntil, start),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the entry was ever offered this dietitian's time, or a time overlapping it: it is not offered again. */
export async function offeredBefore(tx: Database, entryId: number, employeeId: number, start: Date, blockedUntil: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: waitlistOffers.id })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.entryId, entryId),
        or(and(eq(waitlistOffers.employeeId, employeeId), lt(waitlistOffers.startsAt, blockedUntil), gt(waitlistOffers.blockedUntil, start)), eq(waitlistOffers.startsAt, start)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What an offer costs: the service's price, or a seat's in its session (a series' seat, the whole series'). */
export async function offerPrice(db: Database, service: ServiceRow, groupSessionId: number | null | undefined) {
  const seat = groupSessionId ? await seatPriceOf(db, groupSessionId) : null;
  if (seat) return seat;
  const price = priceService(service);
  return { taxCents: price.tax_amount, totalCents: price.total_price };
}

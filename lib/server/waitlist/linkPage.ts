import 'server-only';
import { eq } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import type { WaitlistOffer as WaitlistOfferView, WaitlistView as WaitlistPageView } from '@/lib/schemas/waitlist';
import { describeManaged } from '@/lib/server/booking/managedView';
import type { ServiceRow } from '@/lib/server/booking/slots';
import type { Database } from '@/lib/server/db/client';
import { appointments, services, users, type WaitlistEntry, type WaitlistOffer } from '@/lib/server/db/schema';
import { describeEntry, openWaitlistLink } from './entries';
import { offerPrice } from './makeOffer';

/** What a waitlist link's page shows: the place, its offer, and the visit the offer became. */

async function describeOffer(db: Database, offer: WaitlistOffer, service: ServiceRow, now: Date): Promise<WaitlistOfferView> {
  const [dietitian] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, offer.employeeId));
  const price = await offerPrice(db, service, offer.groupSessionId);
  return {
    status: offer.status === 'open' && offer.expiresAt <= now ? 'expired' : offer.status,
    start: offer.startsAt.toISOString(),
    end: offer.endsAt.toISOString(),
    expires_at: offer.expiresAt.toISOString(),
    dietitian_name: dietitian ? fullName(dietitian) : '',
    total_cents: price.totalCents,
    tax_cents: price.taxCents,
  };
}

export async function pageView(db: Database, entry: WaitlistEntry, offer: WaitlistOffer | null, locale: Locale, now: Date): Promise<WaitlistPageView> {
  const [service] = await db.select().from(services).where(eq(services.id, entry.serviceId));
  const offerView = offer && service ? await describeOffer(db, offer, service, now) : null;
  let appointment: ManagedAppointment | null = null;
  if (offer?.appointmentId) {
    const [booked] = await db.select().from(appointments).where(eq(appointments.id, offer.appointmentId));
    if (booked) appointment = await describeManaged(db, booked, locale, now);
  }
  return { entry: await describeEntry(db, entry, locale), offer: offerView, appointment };
}

/** POST /api/booking/waitlist: what a confirmation's or an offer's link opens. */
export async function viewWaitlistLink(db: Database, request: { token: string; ip: string; locale: Locale; now?: Date }): Promise<WaitlistPageView> {
  const now = request.now ?? new Date();
  const { entry, offer } = await openWaitlistLink(db, request.token, request.ip, now);
  return pageView(db, entry, offer, request.locale, now);
}


import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { offices } from '@/lib/server/db/schema';
import type { RescheduleValues } from './appointments';
import type { AppointmentSlot } from './availability';
import { priceService } from './pricing';
import type { ServiceRow } from './slots';
import { newVideoRoom } from './videoRoom';

/** The price as the booking chain fixed it at its step (cents); otherwise today's price of the service. */
export interface PriceCents {
  base: number;
  tax: number;
  total: number;
}

export interface SlotBooking {
  /** A slot availability offered, re-checked by the caller under the dietitian's booking lock. */
  slot: Pick<AppointmentSlot, 'start' | 'end'>;
  dietitianId: number;
  service: ServiceRow;
  officeId: number;
  sessionLanguage: RescheduleValues['sessionLanguage'];
  bookedBy: number | null;
  timeslotTokenJti?: string | null;
  price?: PriceCents;
}

export async function isVirtualOffice(db: Database, officeId: number): Promise<boolean> {
  const [office] = await db.select({ isVirtual: offices.isVirtual }).from(offices).where(eq(offices.id, officeId));
  return office?.isVirtual ?? false;
}

/**
 * What a new appointment at a free slot writes, the same whoever makes it (a booking, a
 * manage-link move, a waitlist claim): its end, the dietitian's time blocked after it (the
 * service's employee duration), the price and a video room of its own for a virtual office.
 * Whose visit it is, its reasons and message are the caller's to add.
 */
export async function appointmentAtSlot(tx: Database, booking: SlotBooking): Promise<RescheduleValues> {
  const { slot, service } = booking;
  const startsAt = new Date(slot.start);
  const todays = priceService(service);
  const price = booking.price ?? { base: todays.base_price, tax: todays.tax_amount, total: todays.total_price };
  return {
    employeeId: booking.dietitianId,
    serviceId: service.id,
    officeId: booking.officeId,
    startsAt,
    endsAt: new Date(slot.end),
    blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * 60_000),
    sessionLanguage: booking.sessionLanguage,
    priceCents: price.base,
    taxCents: price.tax,
    totalCents: price.total,
    bookedBy: booking.bookedBy,
    timeslotTokenJti: booking.timeslotTokenJti ?? null,
    videoRoom: (await isVirtualOffice(tx, booking.officeId)) ? newVideoRoom() : null,
  };
}

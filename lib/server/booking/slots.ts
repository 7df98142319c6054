import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { services } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import type { LocalDate } from './clinicTime';
import type { Actor, VerifiedChain } from './stepTokens';

/**
 * What a slot search is about: the service (still offered), whose slots and where (SlotQuery, from
 * a booking chain or the appointment being moved), and over which dates (SlotWindow).
 */

type SlotChain = VerifiedChain<'location'>;
export type ServiceRow = typeof services.$inferSelect;

export async function loadService(db: Database, serviceId: number): Promise<ServiceRow> {
  const [service] = await db.select().from(services).where(eq(services.id, serviceId)).limit(1);
  // Withdrawn since the service step: the booking cannot go on with it.
  if (!service || !service.isActive) throw new AppError('service_not_found', 404, 'serviceNotFound');
  return service;
}

export interface SlotWindow {
  now: Date;
  timeZone: string;
  fromDate: LocalDate;
  days: number;
}

/**
 * Whose slots, where: what a booking chain established, or (for a manage link's reschedule) what
 * the appointment being moved holds.
 */
export interface SlotQuery {
  actor: Actor;
  officeId: number;
  sessionLanguage: Locale;
  skillIds: number[];
  /** The appointment being moved: it no longer holds its own time. */
  movingId?: number;
  /** A guest's e-mail: their own visits cannot overlap the new one. */
  guestEmail?: string;
}

export function slotQueryOf(chain: SlotChain): SlotQuery {
  return {
    actor: chain.auth.actor,
    officeId: chain.location.officeId,
    sessionLanguage: chain.session_language.sessionLanguage,
    skillIds: chain.skills.skillIds,
    movingId: chain.session_language.reschedulingAppointmentId,
    guestEmail: chain.contact.contact.email,
  };
}

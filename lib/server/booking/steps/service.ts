import 'server-only';
import { and, eq, lte, or } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { CheckServiceInput } from '@/lib/schemas/booking';
import type { Database } from '@/lib/server/db/client';
import { appointments, services } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { bookingTokenContext, signNextStep, verifyChain, type KeyContext, type RequestActor } from '../stepTokens';
import { bookingPatientId, verifyContextOf } from './actor';

/**
 * Whether the patient has had this service: an appointment marked completed (from the agenda,
 * even while the visit is still running), or one still 'booked' whose time is over (not marked
 * yet: presumed attended, as the statistics count it, so a forgotten mark never blocks a
 * patient). A no-show ('no_show') or a cancellation never counts.
 */
export async function hasCompletedService(db: Database, patientId: number, serviceId: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.serviceId, serviceId),
        or(eq(appointments.status, 'completed'), and(eq(appointments.status, 'booked'), lte(appointments.endsAt, now))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * check-service: an active service this actor may book. Guests only book guest-bookable
 * services and never one with a prerequisite (they have no history to check); a patient, or an
 * employee's chosen patient, must have had the prerequisite service.
 */
export async function checkServiceStep(
  db: Database,
  input: CheckServiceInput & { /** The language of the answer (the request's). */ locale: Locale },
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
): Promise<{ service_token: string }> {
  const chain = await verifyChain(input, ['auth'], verifyContextOf(caller, key));
  const { actor } = chain.auth;
  const [service] = await db.select().from(services).where(eq(services.id, input.service_id)).limit(1);
  if (!service || !service.isActive) throw new AppError('service_not_found', 404, 'serviceNotFound');
  if (actor.kind === 'guest' && !service.allowGuestBooking) throw new AppError('service_requires_account', 403, 'serviceRequiresAccount');

  if (service.enforcePrerequisite && service.prerequisiteServiceId !== null) {
    const patientId = bookingPatientId(actor);
    const satisfied = patientId !== null && (await hasCompletedService(db, patientId, service.prerequisiteServiceId, key.now));
    if (!satisfied) {
      const [prerequisite] = await db.select().from(services).where(eq(services.id, service.prerequisiteServiceId));
      const name = input.locale === 'fr' ? prerequisite?.nameFr : prerequisite?.nameEn;
      throw new AppError('prerequisite_required', 403, 'prerequisiteRequired', {
        values: { service: name ?? '' },
        extra: { prerequisite_service: service.prerequisiteServiceId },
      });
    }
  }

  const claims = { serviceId: service.id, clientDurationMinutes: service.clientDurationMinutes, employeeDurationMinutes: service.employeeDurationMinutes };
  return { service_token: await signNextStep('service', claims, chain, key) };
}

import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { CheckLocationInput, FetchLocationsInput } from '@/lib/schemas/booking';
import type { Database } from '@/lib/server/db/client';
import { countries, offices, services, weeklySchedules } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { bookingTokenContext, signNextStep, verifyChain, type KeyContext, type RequestActor } from '../stepTokens';
import { verifyContextOf } from './actor';
import { findQualifiedDietitians } from './dietitians';

type OfficeRow = typeof offices.$inferSelect;

/** SPEC §3 Office; the virtual office has no address (the client shows 'Virtual'). */
function officeDto(office: OfficeRow, countryLabel: string | null, locale: Locale) {
  const hasAddress = !office.isVirtual && office.streetNumber !== null && office.streetName !== null;
  return {
    id: office.id,
    name: locale === 'fr' ? office.nameFr : office.nameEn,
    is_available: office.isAvailable,
    is_virtual: office.isVirtual,
    address: hasAddress
      ? {
          street_number: office.streetNumber,
          street_name: office.streetName,
          street_name_fr: office.streetNameFr,
          unit_number: office.unitNumber,
          city: office.city,
          province: { code: office.provinceCode },
          country: { code: office.countryCode, label: countryLabel },
          postal_code: office.postalCode,
          place_name: office.placeName,
        }
      : null,
    google_maps_link: office.googleMapsLink,
    map_url: office.mapUrl,
  };
}
export type OfficeDto = ReturnType<typeof officeDto>;

/**
 * locations/fetch: the offices where a qualified dietitian (findQualifiedDietitians) has hours.
 * Offices marked unavailable are listed, flagged, so the client can show them greyed out, but
 * only the available ones go into office_data_token, the list locations/check accepts from.
 */
export async function fetchLocationsStep(
  db: Database,
  input: FetchLocationsInput & { /** The language of the office names (the request's). */ locale: Locale },
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
): Promise<{ office_data_token: string; offices: OfficeDto[] }> {
  const chain = await verifyChain(input, ['skills'], verifyContextOf(caller, key));
  const [service] = await db.select().from(services).where(eq(services.id, chain.service.serviceId)).limit(1);
  // Withdrawn since the service step: the booking cannot go on with it.
  if (!service || !service.isActive) throw new AppError('service_not_found', 404, 'serviceNotFound');
  const { actor } = chain.auth;
  const dietitianIds = await findQualifiedDietitians(db, {
    sessionLanguage: chain.session_language.sessionLanguage,
    skillIds: chain.skills.skillIds,
    requiresMatchingSkills: service.requiresMatchingSkills,
    dietitianId: actor.kind === 'employee' ? actor.dietitianId : null,
  });
  const rows =
    dietitianIds.length === 0
      ? []
      : await db
          .select({ office: offices, countryEn: countries.nameEn, countryFr: countries.nameFr })
          .from(offices)
          .leftJoin(countries, eq(countries.code, offices.countryCode))
          .where(
            inArray(
              offices.id,
              db.select({ id: weeklySchedules.officeId }).from(weeklySchedules).where(inArray(weeklySchedules.employeeId, dietitianIds)),
            ),
          )
          .orderBy(asc(offices.isVirtual), asc(offices.id));
  const list = rows.map((row) => officeDto(row.office, input.locale === 'fr' ? row.countryFr : row.countryEn, input.locale));
  const officeIds = list.filter((office) => office.is_available).map((office) => office.id);
  return { office_data_token: await signNextStep('office_data', { officeIds }, chain, key), offices: list };
}

/** locations/check: the chosen office must be one locations/fetch offered to this booking. */
export async function checkLocationStep(
  input: CheckLocationInput,
  caller: RequestActor,
  key: KeyContext = bookingTokenContext(),
): Promise<{ location_token: string }> {
  const chain = await verifyChain(input, ['office_data'], verifyContextOf(caller, key));
  if (!chain.office_data.officeIds.includes(input.selected_office_id)) {
    throw new AppError('office_not_offered', 400, 'officeNotOffered', { fieldErrors: { selected_office_id: ['officeNotOffered'] } });
  }
  return { location_token: await signNextStep('location', { officeId: input.selected_office_id }, chain, key) };
}

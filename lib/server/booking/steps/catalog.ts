import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { services, skills } from '@/lib/server/db/schema';
import { isGroupService } from '@/lib/server/groups/groupService';
import type { RequestActor } from '../stepTokens';

type ServiceRow = typeof services.$inferSelect;

/** Whole cents as dollars with 2 decimals ('135.00'), without going through floating point. */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** SPEC §3 Service, in one language. `base_price` is for display; `base_price_cents` for arithmetic. */
export function serviceDto(row: ServiceRow, locale: Locale) {
  const fr = locale === 'fr';
  return {
    id: row.id,
    /** The service page's slug: links such as /book-online?service=follow-up preselect it. */
    slug: row.slug,
    translated_name: fr ? row.nameFr : row.nameEn,
    client_duration: row.clientDurationMinutes,
    employee_duration: row.employeeDurationMinutes,
    base_price: centsToDecimal(row.basePriceCents),
    base_price_cents: row.basePriceCents,
    currency: row.currency,
    translated_short_description: fr ? row.shortDescriptionFr : row.shortDescriptionEn,
    translated_long_description: fr ? row.longDescriptionFr : row.longDescriptionEn,
    created_at: row.createdAt.toISOString(),
    is_active: row.isActive,
    prerequisite_service: row.prerequisiteServiceId,
    allow_guest_booking: row.allowGuestBooking,
    requires_matching_skills: row.requiresMatchingSkills,
    is_free_service: row.isFreeService,
    enforce_prerequisite: row.enforcePrerequisite,
    is_taxable: row.isTaxable,
    /** The price already contains the HST (shown as "HST included"). */
    tax_included: row.taxIncluded,
    /** Hours. */
    min_cancellation_notice: row.minCancellationNoticeHours,
    max_advance_booking_days: row.maxAdvanceBookingDays,
    min_advance_booking_hours: row.minAdvanceBookingHours,
    /** Booked by the seat in a session the clinic scheduled (issue #28), not at a free slot. */
    books_seats: isGroupService(row),
  };
}
export type ServiceDto = ReturnType<typeof serviceDto>;

/** GET /api/services/all: guests see the guest-bookable services, signed-in people every active one (SPEC §5). */
export async function listServices(db: Database, input: { locale: Locale }, actor: RequestActor): Promise<ServiceDto[]> {
  const rows = await db
    .select()
    .from(services)
    .where(and(eq(services.isActive, true), actor.kind === 'guest' ? eq(services.allowGuestBooking, true) : undefined))
    .orderBy(asc(services.id));
  return rows.map((row) => serviceDto(row, input.locale));
}

/** GET /api/nutrition/skills/all: the reasons for a visit. */
export async function listSkills(db: Database, input: { locale: Locale }): Promise<{ id: number; translated_name: string }[]> {
  const rows = await db.select().from(skills).orderBy(asc(skills.id));
  return rows.map((row) => ({ id: row.id, translated_name: input.locale === 'fr' ? row.nameFr : row.nameEn }));
}

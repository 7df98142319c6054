import 'server-only';
import type { Locale, ServiceSlug } from '@/lib/i18n/routing';
import { catalogueService } from '../db/seed/services';

/** What a service's public page shows: the figures the booking flow also uses. */
export type PublicService = {
  description: string;
  durationMinutes: number;
  priceCents: number;
  currency: string;
  isTaxable: boolean;
  taxIncluded: boolean;
  minCancellationNoticeHours: number;
  allowGuestBooking: boolean;
};

/**
 * The service as the clinic's catalogue defines it (seed/services.ts). Every start upserts the
 * catalogue into the database, so these are the figures booking uses; reading them here rather
 * than from the database lets the service pages be prerendered at build time (issue 14).
 */
export function getPublicService(slug: ServiceSlug, locale: Locale): PublicService {
  const service = catalogueService(slug);
  return {
    description: locale === 'fr' ? service.longDescriptionFr : service.longDescriptionEn,
    durationMinutes: service.clientDurationMinutes,
    priceCents: service.basePriceCents,
    currency: service.currency,
    isTaxable: service.isTaxable,
    taxIncluded: service.taxIncluded,
    minCancellationNoticeHours: service.minCancellationNoticeHours,
    allowGuestBooking: service.allowGuestBooking,
  };
}

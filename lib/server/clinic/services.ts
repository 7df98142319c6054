import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '../db/client';
import { services } from '../db/schema';

/** What a service's public page shows from the database: the figures the booking flow also uses. */
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

/** The active service with this slug, in the visitor's language; null when none is offered. */
export async function getPublicService(db: Database, slug: string, locale: Locale): Promise<PublicService | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.slug, slug), eq(services.isActive, true)))
    .limit(1);
  if (!row) return null;
  return {
    description: locale === 'fr' ? row.longDescriptionFr : row.longDescriptionEn,
    durationMinutes: row.clientDurationMinutes,
    priceCents: row.basePriceCents,
    currency: row.currency,
    isTaxable: row.isTaxable,
    taxIncluded: row.taxIncluded,
    minCancellationNoticeHours: row.minCancellationNoticeHours,
    allowGuestBooking: row.allowGuestBooking,
  };
}

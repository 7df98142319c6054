import 'server-only';

/** The service group sessions are booked under (SPEC §2's group programs). */
export const GROUP_SERVICE_SLUG = 'group-programs';

/** A service booked by the seat, in a session the clinic scheduled, rather than at a free slot. */
export const isGroupService = (service: { slug: string }) => service.slug === GROUP_SERVICE_SLUG;

/** A session starting at `startsAt`: its end for attendees, and how long it holds the dietitian. */
export function sessionSpan(service: { clientDurationMinutes: number; employeeDurationMinutes: number }, startsAt: Date) {
  return {
    startsAt,
    endsAt: new Date(startsAt.getTime() + service.clientDurationMinutes * 60_000),
    blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * 60_000),
  };
}

/** A service's name, with a seat's topic after it (« Programmes de groupe — Vivre avec… »): e-mails and receipts. */
export function nameWithTopic(name: { en: string; fr: string }, topic: { en: string; fr: string } | null | undefined): { en: string; fr: string } {
  return topic ? { en: `${name.en} — ${topic.en}`, fr: `${name.fr} — ${topic.fr}` } : name;
}

/** The same from a topic row (null for a place or visit without one), in one language. */
export function serviceNameIn(language: 'en' | 'fr', service: { nameEn: string; nameFr: string }, topic: { titleEn: string; titleFr: string } | null): string {
  return nameWithTopic({ en: service.nameEn, fr: service.nameFr }, topic && { en: topic.titleEn, fr: topic.titleFr })[language];
}

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

import type { BookingApi, Service } from '@/lib/api/booking';
import { createCachedListStore, type CachedListStore } from './cachedList';

/** SPEC §9: services are kept 90 minutes. */
export const SERVICES_TTL_MS = 90 * 60 * 1000;

/** Who the list is for: guests get fewer services from the server (and the client filters too). */
export type ServicesAudience = 'guest' | 'signed-in';

export const servicesKey = (language: string, audience: ServicesAudience) => `${language}:${audience}`;

export type ServicesStore = CachedListStore<Service>;

export function createServicesStore(api: Pick<BookingApi, 'services'>): ServicesStore {
  return createCachedListStore(() => api.services(), SERVICES_TTL_MS);
}

/**
 * SPEC §5: a guest sees only services that allow guest booking; a signed-in patient or employee
 * sees them all (an employee books for a patient they chose). Inactive services are never offered.
 */
export function visibleServices(services: readonly Service[], signedIn: boolean): Service[] {
  return services.filter((service) => service.is_active && (signedIn || service.allow_guest_booking));
}

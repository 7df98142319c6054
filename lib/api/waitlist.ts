import type { TimeOfDay } from '@/lib/schemas/waitlist';
import type { ManagedAppointment } from './manage';

/** A place on the waitlist (lib/server/waitlist/entries.ts WaitlistEntryView). */
export interface WaitlistEntry {
  status: 'active' | 'booked' | 'left' | 'removed' | 'expired';
  first_name: string;
  service_name: string;
  location: { kind: 'office'; name: string; address: string } | { kind: 'virtual' };
  /** The dietitian the person chose; null: any. */
  dietitian_name: string | null;
  /** The window, as local dates (YYYY-MM-DD). */
  from_date: string;
  to_date: string;
  times_of_day: TimeOfDay[];
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
}

/** An offered time (lib/server/waitlist/offers.ts WaitlistOfferView). */
export interface WaitlistOffer {
  status: 'open' | 'claimed' | 'taken' | 'expired' | 'withdrawn';
  start: string;
  end: string;
  expires_at: string;
  dietitian_name: string;
  total_cents: number;
  tax_cents: number;
}

/** What the waitlist page shows (lib/server/waitlist/offers.ts WaitlistPageView). */
export interface WaitlistView {
  entry: WaitlistEntry;
  /** null for the confirmation e-mail's link. */
  offer: WaitlistOffer | null;
  /** The visit the offer booked, once claimed. */
  appointment: ManagedAppointment | null;
}

/**
 * The waitlist page's calls (issue #16). Silent, like the manage page's: the page says what went
 * wrong in place. The token goes in the body, never in the address.
 */
async function post(path: string, token: string): Promise<WaitlistView> {
  const { api } = await import('./client');
  return (await api.post<WaitlistView>(path, { token }, { silent: true })).data;
}

export const waitlistApi = {
  view: (token: string) => post('/api/booking/waitlist', token),
  claim: (token: string) => post('/api/booking/waitlist/claim', token),
  leave: (token: string) => post('/api/booking/waitlist/leave', token),
};

import type { BookingApi } from '@/lib/api/booking';
import type { BookingStore } from './booking';
import type { BookingAppointmentStore } from './bookingAppointment';
import type { ServicesStore } from './services';
import type { SkillsStore } from './skills';

/**
 * The stores of booking (SPEC §3): made by the first page that needs them, kept for the visit.
 * Types only, so the app's stores (StoresProvider.tsx) can hold them without importing the
 * module that makes them (useBookingStores.ts), which imports the provider.
 */
export interface BookingStores {
  booking: BookingStore;
  bookingAppointment: BookingAppointmentStore;
  services: ServicesStore;
  skills: SkillsStore;
  /** The booking calls these stores use. */
  bookingApi: BookingApi;
}

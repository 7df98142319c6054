import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppointmentSummary, BookingResult } from '@/lib/api/booking';

/**
 * The appointment the booking flow works on: the one being rescheduled (set from the profile
 * before it opens the booking page), and the booking's outcome for the success screen.
 */
export interface BookingAppointmentState {
  /** The appointment being moved; null for a new booking. */
  rescheduling: AppointmentSummary | null;
  /** What book-appointment answered; shown on the success screen until a new booking starts. */
  result: BookingResult | null;
  /** Whether the result moved an appointment (the success screen says "moved"). */
  resultWasReschedule: boolean;

  startReschedule: (appointment: AppointmentSummary) => void;
  endReschedule: () => void;
  setResult: (result: BookingResult) => void;
  clearResult: () => void;
  reset: () => void;
}

export type BookingAppointmentStore = StoreApi<BookingAppointmentState>;

export function createBookingAppointmentStore(): BookingAppointmentStore {
  return createStore<BookingAppointmentState>()((set, get) => ({
    rescheduling: null,
    result: null,
    resultWasReschedule: false,
    startReschedule: (appointment) => set({ rescheduling: appointment, result: null, resultWasReschedule: false }),
    endReschedule: () => set({ rescheduling: null }),
    setResult: (result) => set({ result, resultWasReschedule: get().rescheduling !== null }),
    clearResult: () => set({ result: null, resultWasReschedule: false }),
    reset: () => set({ rescheduling: null, result: null, resultWasReschedule: false }),
  }));
}

import type { AppointmentOptions } from './booking';

/** What the manage page shows (lib/server/booking/manage.ts ManagedAppointment). */
export interface ManagedAppointment {
  status: 'booked' | 'completed' | 'no_show' | 'cancelled';
  first_name: string;
  service_name: string;
  start: string;
  end: string;
  location: { kind: 'office'; name: string; address: string } | { kind: 'virtual' };
  dietitian_name: string;
  total_cents: number;
  tax_cents: number;
  cancellation_notice_hours: number;
  can_change: boolean;
  /** The visit has begun: nothing is left to change. */
  has_started: boolean;
  join_url: string | null;
  join_opens_at: string | null;
}

/**
 * The manage page's calls (issue #15). Silent: the page says what went wrong in place, next to
 * the appointment, rather than in a toast. The token goes in the body, never in the address.
 */
async function post<T>(path: string, body: unknown): Promise<T> {
  const { api } = await import('./client');
  return (await api.post<T>(path, body, { silent: true })).data;
}

export const manageApi = {
  view: (token: string) => post<{ appointment: ManagedAppointment }>('/api/booking/manage', { token }),
  cancel: (token: string) => post<{ appointment: ManagedAppointment }>('/api/booking/manage/cancel', { token }),
  slots: (token: string) => post<{ appointment_options: AppointmentOptions }>('/api/booking/manage/slots', { token }),
  reschedule: (token: string, start: string) =>
    post<{ appointment: ManagedAppointment }>('/api/booking/manage/reschedule', { token, start }),
};

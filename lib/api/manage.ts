import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';

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
  /** `slot`: a chosen time's key, 'start' for a visit or 'start#session' for a group seat. */
  reschedule: (token: string, slot: string) => {
    const [start, session] = slot.split('#');
    return post<{ appointment: ManagedAppointment }>('/api/booking/manage/reschedule', { token, start, ...(session && { group_session_id: Number(session) }) });
  },
};

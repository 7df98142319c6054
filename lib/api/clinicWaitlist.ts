import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';

/**
 * The clinic's waitlist (issue #16): GET /api/clinic/waitlist, DELETE /api/clinic/waitlist/<id>,
 * GET /api/clinic/waitlist/<id>/slots and POST /api/clinic/waitlist/<id>/offers. Silent calls
 * (no toasts): the page shows its own loading, failure and result texts, the server's success
 * sentence included. The HTTP client loads on the first call.
 */

/** Every filter optional; `date` ('YYYY-MM-DD') keeps the entries whose window holds it. */
export interface ClinicWaitlistQuery {
  service_id?: number;
  employee_id?: number;
  office_id?: number;
  date?: string;
}

/** The server's sentence for a change it accepted, '' without one. */
function firstMessage(data: { messages?: unknown }): string {
  const [first] = Array.isArray(data.messages) ? (data.messages as unknown[]) : [];
  if (typeof first === 'string') return first;
  const message = (first as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** The active entries, oldest first. */
export async function listWaitlist(query: ClinicWaitlistQuery, signal?: AbortSignal): Promise<ClinicWaitlistEntry[]> {
  const { api } = await import('./client');
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
  const { data } = await api.get<{ entries: ClinicWaitlistEntry[] }>('/api/clinic/waitlist', { params, signal, silent: true });
  return data.entries;
}

/** Takes an entry off the list; resolves with the server's confirmation. */
export async function removeWaitlistEntry(id: number): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.delete<{ removed: true; messages?: unknown }>(`/api/clinic/waitlist/${id}`, { silent: true });
  return firstMessage(data);
}

/** The free times this person could book, by clinic date. */
export async function getWaitlistSlots(id: number, signal?: AbortSignal): Promise<AppointmentOptions> {
  const { api } = await import('./client');
  const { data } = await api.get<{ appointment_options: AppointmentOptions }>(`/api/clinic/waitlist/${id}/slots`, { signal, silent: true });
  return data.appointment_options;
}

/** E-mails the person an offer of `start` (a start the slots listed); resolves with the server's confirmation. */
export async function offerWaitlistTime(id: number, start: string): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.post<{ offer: { start: string; end: string; expires_at: string }; messages?: unknown }>(
    `/api/clinic/waitlist/${id}/offers`,
    { start },
    { silent: true },
  );
  return firstMessage(data);
}

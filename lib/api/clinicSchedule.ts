import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { OrphanAppointment, ScheduleRange, TimeOffFormValues } from '@/lib/schemas/clinicSchedule';

/**
 * The employee's own schedule and time off: GET/PUT /api/clinic/schedule, POST
 * /api/clinic/time-off and DELETE /api/clinic/time-off/<id>. Writes toast the server's
 * messages, except a refusal the form shows itself: its appointments and field errors come back
 * for the page to show at the rows and fields concerned, and only there.
 */

export interface ScheduleOffice {
  id: number;
  name: string;
  is_virtual: boolean;
  is_available: boolean;
}

export interface TimeOffEntry {
  id: number;
  starts_at: string;
  ends_at: string;
  /** Private: only its author receives it. */
  reason: string | null;
}

export interface Schedule {
  offices: ScheduleOffice[];
  ranges: ScheduleRange[];
  time_off: TimeOffEntry[];
}

export type { OrphanAppointment } from '@/lib/schemas/clinicSchedule';

/** What a refused write tells the page: field errors (400) or the appointments in the way (409). */
export interface WriteRefusal {
  fieldErrors: Record<string, string[]>;
  orphans: OrphanAppointment[] | null;
}

export async function getSchedule(signal?: AbortSignal): Promise<Schedule> {
  const { api } = await import('./client');
  const { data } = await api.get<Schedule>('/api/clinic/schedule', { signal, silent: true });
  return data;
}

/** The forms show a refusal (see `refusalOf`) at its fields or as the list to move first: no toast too. */
const REFUSALS_INLINE: AxiosRequestConfig = { inlineFailures: ({ status }) => status === 400 || status === 409 };

export async function saveSchedule(ranges: ScheduleRange[]): Promise<Schedule> {
  const { api } = await import('./client');
  const { data } = await api.put<Schedule>('/api/clinic/schedule', { ranges }, REFUSALS_INLINE);
  return data;
}

export async function addTimeOff(values: TimeOffFormValues): Promise<TimeOffEntry> {
  const { api } = await import('./client');
  const { data } = await api.post<{ time_off: TimeOffEntry }>('/api/clinic/time-off', values, REFUSALS_INLINE);
  return data.time_off;
}

export async function deleteTimeOff(id: number): Promise<void> {
  const { api } = await import('./client');
  await api.delete(`/api/clinic/time-off/${id}`);
}

/** The refusal in a failed write, or null when the failure was something else (network, 500). */
export function refusalOf(error: unknown): WriteRefusal | null {
  const response = (error as AxiosError<{ field_errors?: Record<string, string[]>; appointments?: OrphanAppointment[] }>)?.response;
  if (!response || (response.status !== 400 && response.status !== 409)) return null;
  return { fieldErrors: response.data?.field_errors ?? {}, orphans: response.status === 409 ? (response.data?.appointments ?? []) : null };
}

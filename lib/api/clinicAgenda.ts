/**
 * The clinic agenda (issue #8, item 2): GET /api/clinic/agenda and POST
 * /api/clinic/appointments/<id>/status. Silent calls (no toasts): the agenda shows its own
 * loading, failure and result texts. The HTTP client loads on the first call.
 */

import type { AgendaAppointment, AgendaGroupSession, AgendaMark, AgendaRange, AgendaView } from '@/lib/schemas/clinicAgenda';

export type { AgendaAppointment, AgendaGroupSession, AgendaMark, AgendaRange, AgendaView } from '@/lib/schemas/clinicAgenda';

/**
 * What an agenda item's texts call it (their `kind` select): a seat in a group session, or a
 * visit. Here and not in lib/schemas: a value imported from there brings zod into the page.
 */
export const agendaKindOf = (appointment: Pick<AgendaAppointment, 'group_session_id'>) => (appointment.group_session_id === null ? 'visit' : 'seat');

export interface Agenda {
  range: AgendaRange;
  appointments: AgendaAppointment[];
  group_sessions: AgendaGroupSession[];
}

/** No date: the clinic's today. */
export async function getAgenda(query: { date?: string; view: AgendaView }, signal?: AbortSignal): Promise<Agenda> {
  const { api } = await import('./client');
  const params: Record<string, string> = { view: query.view };
  if (query.date) params.date = query.date;
  const { data } = await api.get<Agenda>('/api/clinic/agenda', { params, signal, silent: true });
  return data;
}

export async function markAppointment(id: number, status: AgendaMark): Promise<AgendaAppointment> {
  const { api } = await import('./client');
  const { data } = await api.post<{ appointment: AgendaAppointment }>(
    `/api/clinic/appointments/${id}/status`,
    { status },
    { silent: true },
  );
  return data.appointment;
}

/** The server's localized reason for a refused call, when it gave one. */
export function failureMessage(error: unknown): string | null {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : null;
}

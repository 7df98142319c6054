import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';

/**
 * The clinic's group sessions (issue #28): GET /api/clinic/group-sessions/choices, GET and POST
 * /api/clinic/group-sessions, PATCH …/<id> (seats), POST …/<id>/move and …/<id>/cancel. Silent
 * calls (no toasts): the page shows its own loading, failure and result texts, the server's
 * sentence included. The HTTP client loads on the first call.
 */

/** The server's sentence of a successful change. */
const sentence = (data: { messages?: Array<{ message?: string }> }) => data.messages?.[0]?.message ?? '';

export async function groupSessionChoices(signal?: AbortSignal): Promise<GroupSessionChoices> {
  const { api } = await import('./client');
  const { data } = await api.get<GroupSessionChoices>('/api/clinic/group-sessions/choices', { signal, silent: true });
  return data;
}

/** The sessions starting in the `days` days from `from` ('YYYY-MM-DD', the clinic's calendar). */
export async function listGroupSessions(from: string, days: number, signal?: AbortSignal): Promise<GroupSessionView[]> {
  const { api } = await import('./client');
  const { data } = await api.get<{ sessions: GroupSessionView[] }>('/api/clinic/group-sessions', { params: { from, days }, signal, silent: true });
  return data.sessions;
}

export interface ScheduleGroupSessionBody {
  topic_id: number;
  employee_id: number;
  office_id: number;
  date: string;
  time: string;
  session_language: 'en' | 'fr';
  capacity: number;
  meetings: number;
}

/** Schedules a session or a series; resolves with what was written and the server's sentence. */
export async function scheduleGroupSession(body: ScheduleGroupSessionBody): Promise<{ sessions: GroupSessionView[]; message: string }> {
  const { api } = await import('./client');
  const { data } = await api.post<{ sessions: GroupSessionView[]; messages?: Array<{ message?: string }> }>('/api/clinic/group-sessions', body, { silent: true });
  return { sessions: data.sessions, message: sentence(data) };
}


/** Changes a session's seats (a series: every meeting still ahead). */
export async function setGroupCapacity(id: number, capacity: number): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.patch<{ messages?: Array<{ message?: string }> }>(`/api/clinic/group-sessions/${id}`, { capacity }, { silent: true });
  return sentence(data);
}

/** Cancels a session, or every meeting of its series still ahead; each attendee is told by e-mail. */
export async function cancelGroupSession(id: number, wholeSeries: boolean): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.post<{ messages?: Array<{ message?: string }> }>(`/api/clinic/group-sessions/${id}/cancel`, { whole_series: wholeSeries }, { silent: true });
  return sentence(data);
}

/** Moves a session (one meeting) to another date, time or office; each attendee is told by e-mail. */
export async function moveGroupSession(id: number, body: { date: string; time: string; office_id: number }): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.post<{ messages?: Array<{ message?: string }> }>(`/api/clinic/group-sessions/${id}/move`, body, { silent: true });
  return sentence(data);
}

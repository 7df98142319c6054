import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';

/**
 * The clinic's group sessions (issue #28): GET /api/clinic/group-sessions/choices, GET and POST
 * /api/clinic/group-sessions. Silent calls (no toasts): the page shows its own loading, failure
 * and result texts, the server's sentence included. The HTTP client loads on the first call.
 */

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
  return { sessions: data.sessions, message: data.messages?.[0]?.message ?? '' };
}

import { HANDOUT_FILE_FIELD, type HandoutView, type SessionHandouts } from '@/lib/schemas/handouts';

/**
 * Handouts of the group programs (issue #28 item 4): GET/POST /api/clinic/group-topics/<id>/handouts,
 * GET/POST /api/clinic/group-sessions/<id>/handouts, DELETE /api/clinic/handouts/<id> and POST
 * /api/clinic/group-sessions/<id>/handouts/send. Silent calls: the page shows every outcome in
 * place, the server's sentence included. The HTTP client loads on the first call.
 */

type Sentence = { messages?: Array<{ message?: string }> };
const sentence = (data: Sentence) => data.messages?.[0]?.message ?? '';
const base = (kind: 'topic' | 'session', id: number) => (kind === 'topic' ? `/api/clinic/group-topics/${id}/handouts` : `/api/clinic/group-sessions/${id}/handouts`);

export async function topicHandouts(topicId: number, signal?: AbortSignal): Promise<HandoutView[]> {
  const { api } = await import('./client');
  const { data } = await api.get<{ handouts: HandoutView[] }>(base('topic', topicId), { signal, silent: true });
  return data.handouts;
}

/** A session's handouts (its own and its topic's) and how many present attendees were sent them. */
export async function sessionHandouts(sessionId: number, signal?: AbortSignal): Promise<SessionHandouts> {
  const { api } = await import('./client');
  const { data } = await api.get<SessionHandouts>(base('session', sessionId), { signal, silent: true });
  return data;
}

/** Attaches a PDF to a topic or a session (multipart); resolves with the server's sentence. */
export async function uploadHandout(kind: 'topic' | 'session', id: number, file: File): Promise<string> {
  const { api } = await import('./client');
  const form = new FormData();
  form.set(HANDOUT_FILE_FIELD, file);
  const { data } = await api.post<Sentence>(base(kind, id), form, { silent: true });
  return sentence(data);
}

export async function deleteHandout(id: number): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.delete<Sentence>(`/api/clinic/handouts/${id}`, { silent: true });
  return sentence(data);
}

/** Sends the session's handouts to the attendees marked present not yet sent them. */
export async function sendHandouts(sessionId: number): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.post<Sentence>(`/api/clinic/group-sessions/${sessionId}/handouts/send`, {}, { silent: true });
  return sentence(data);
}

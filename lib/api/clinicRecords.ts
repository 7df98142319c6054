import type { RecordsRequestInput, RecordsRequestOutcome, RecordsRequestPatient, RecordsRequestView } from '@/lib/schemas/recordsRequests';

/**
 * The administrators' records requests (issue #30 item 5): GET and POST
 * /api/clinic/records-requests, PATCH …/<id>, GET …/people?search=. Silent calls (no toasts): the
 * page shows its own loading, failure and result texts, the server's sentence included. The HTTP
 * client loads on the first call.
 */

/** The server's sentence of a successful change. */
const sentence = (data: { messages?: Array<{ message?: string }> }) => data.messages?.[0]?.message ?? '';

/** The open requests, or all of them; open ones first by due date. */
export async function listRecordsRequests(status: 'open' | 'all', signal?: AbortSignal): Promise<RecordsRequestView[]> {
  const { api } = await import('./client');
  const { data } = await api.get<{ requests: RecordsRequestView[] }>('/api/clinic/records-requests', { params: { status }, signal, silent: true });
  return data.requests;
}

/** Records a request; resolves with the server's sentence (its due date). */
export async function recordRecordsRequest(body: RecordsRequestInput): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.post<{ request: RecordsRequestView; messages?: Array<{ message?: string }> }>('/api/clinic/records-requests', body, { silent: true });
  return sentence(data);
}

/** Completes or refuses an open request; resolves with the server's sentence. */
export async function handleRecordsRequest(id: string, body: RecordsRequestOutcome): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.patch<{ request: RecordsRequestView; messages?: Array<{ message?: string }> }>(
    `/api/clinic/records-requests/${encodeURIComponent(id)}`,
    body,
    { silent: true },
  );
  return sentence(data);
}

/** Patients by name, e-mail or phone, closed accounts included. */
export async function findRequestPatients(search: string, signal?: AbortSignal): Promise<RecordsRequestPatient[]> {
  const { api } = await import('./client');
  const { data } = await api.get<{ patients: RecordsRequestPatient[] }>('/api/clinic/records-requests/people', { params: { search }, signal, silent: true });
  return data.patients;
}

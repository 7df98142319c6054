import type { ChartContent, ChartEntryView, ChartPrivacy, ChartTemplate, ChartView, SharedChartEntryView } from '@/lib/schemas/chart';

/**
 * The clinical record (issue #40): the chart of a patient, its entries and their changes. Silent
 * calls (no toasts): the pages show their own loading, saving and failure states, and the
 * server's sentence. The HTTP client loads on the first call.
 */

type Said = { messages?: Array<{ message?: string }> };
const sentence = (data: Said) => data.messages?.[0]?.message ?? '';
const entryPath = (id: string) => `/api/clinic/chart-entries/${encodeURIComponent(id)}`;

export async function getChart(patientId: string, signal?: AbortSignal): Promise<ChartView> {
  const { api } = await import('./client');
  const { data } = await api.get<{ chart: ChartView }>(`/api/clinic/patients/${encodeURIComponent(patientId)}/chart`, { signal, silent: true });
  return data.chart;
}

/** A new draft (or, for a visit that has one, its entry). */
export async function startEntry(
  patientId: number | string,
  body: { appointment_id?: number; template?: ChartTemplate; occurred_at?: string },
): Promise<ChartEntryView> {
  const { api } = await import('./client');
  const { data } = await api.post<{ entry: ChartEntryView }>(`/api/clinic/patients/${encodeURIComponent(String(patientId))}/chart`, body, { silent: true });
  return data.entry;
}

export async function getEntry(id: string, signal?: AbortSignal): Promise<ChartEntryView> {
  const { api } = await import('./client');
  const { data } = await api.get<{ entry: ChartEntryView }>(entryPath(id), { signal, silent: true });
  return data.entry;
}

/** Saves the draft over `version`; a 409 carries the newer entry (readApiFailure's `data.entry`). */
export async function saveEntry(id: string, body: { version: number; privacy: ChartPrivacy; content: ChartContent }): Promise<ChartEntryView> {
  const { api } = await import('./client');
  const { data } = await api.put<{ entry: ChartEntryView }>(entryPath(id), body, { silent: true });
  return data.entry;
}

export async function deleteEntry(id: string): Promise<string> {
  const { api } = await import('./client');
  const { data } = await api.delete<Said>(entryPath(id), { silent: true });
  return sentence(data);
}

export async function signEntry(id: string, version: number): Promise<{ entry: ChartEntryView; message: string }> {
  const { api } = await import('./client');
  const { data } = await api.post<{ entry: ChartEntryView } & Said>(`${entryPath(id)}/sign`, { version }, { silent: true });
  return { entry: data.entry, message: sentence(data) };
}

export async function addAddendum(id: string, body: { reason: string; text: string }): Promise<{ entry: ChartEntryView; message: string }> {
  const { api } = await import('./client');
  const { data } = await api.post<{ entry: ChartEntryView } & Said>(`${entryPath(id)}/addenda`, body, { silent: true });
  return { entry: data.entry, message: sentence(data) };
}

export async function markEnteredInError(id: string, reason: string): Promise<{ entry: ChartEntryView; message: string }> {
  const { api } = await import('./client');
  const { data } = await api.post<{ entry: ChartEntryView } & Said>(`${entryPath(id)}/entered-in-error`, { reason }, { silent: true });
  return { entry: data.entry, message: sentence(data) };
}

export async function setSharing(id: string, shared: boolean): Promise<{ entry: ChartEntryView; message: string }> {
  const { api } = await import('./client');
  const { data } = await api.put<{ entry: ChartEntryView } & Said>(`${entryPath(id)}/sharing`, { shared }, { silent: true });
  return { entry: data.entry, message: sentence(data) };
}

export async function getNotesToSign(signal?: AbortSignal): Promise<{ drafts: number; missing: number }> {
  const { api } = await import('./client');
  const { data } = await api.get<{ drafts: number; missing: number }>('/api/clinic/notes-to-sign', { signal, silent: true });
  return data;
}

export async function getSharedEntries(signal?: AbortSignal): Promise<SharedChartEntryView[]> {
  const { api } = await import('./client');
  const { data } = await api.get<{ entries: SharedChartEntryView[] }>('/api/account/chart', { signal, silent: true });
  return data.entries;
}

/** The chart's PDF address, for a plain download link (the session cookie goes with it). */
export const chartPdfHref = (patientId: number, language: 'en' | 'fr') => `/api/clinic/patients/${patientId}/chart-pdf?language=${language}`;

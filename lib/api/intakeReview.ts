import type { IntakeAnswers } from '@/lib/schemas/intake';

/**
 * The clinic's review of intake submissions: GET /api/intake (the list) and GET /api/intake/<id>
 * (one submission). Both calls are silent (no toasts): the pages show loading, empty and failed
 * states themselves. The HTTP client loads on the first call, like lib/api/contact.ts.
 */

export type IntakeLanguage = 'en' | 'fr';

/** One row of the list: who submitted and when, never any health data. */
export interface IntakeSummary {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** ISO date-time. */
  submitted_at: string;
  language: IntakeLanguage;
}

export interface IntakeListPage {
  results: IntakeSummary[];
  count: number;
  page: number;
  page_size: number;
}

/** One submission with its answers. Each read is written to the audit log by the server. */
export interface IntakeDetail extends IntakeSummary {
  consent_version: string;
  /** ISO date-time. */
  consented_at: string;
  linked_to_account: boolean;
  answers: IntakeAnswers;
  /** The reasons for consulting (answers.objective.reasons) with their names in the request's language. */
  reasons: Array<{ id: number; name: string }>;
}

export interface IntakeListQuery {
  search?: string;
  page?: number;
}

export async function listIntakes(query: IntakeListQuery = {}, signal?: AbortSignal): Promise<IntakeListPage> {
  const { api } = await import('./client');
  const params: Record<string, string | number> = {};
  if (query.search) params.search = query.search;
  if (query.page && query.page > 1) params.page = query.page;
  const { data } = await api.get<IntakeListPage>('/api/intake', { params, signal, silent: true });
  return data;
}

export async function getIntake(id: string): Promise<IntakeDetail> {
  const { api } = await import('./client');
  // No automatic retry: every read the server answers is an audit entry of its own.
  const { data } = await api.get<IntakeDetail>(`/api/intake/${encodeURIComponent(id)}`, { silent: true, 'axios-retry': { retries: 0 } });
  return data;
}

import type { AppointmentStatistics, AppointmentSummary, Language } from './booking';

/**
 * The clinic's patient records: GET /api/clinic/patients (the list) and GET
 * /api/clinic/patients/<id> (one patient). Both calls are silent (no toasts): the pages show
 * loading, empty and failed states themselves. The HTTP client loads on the first call.
 */

export interface ClinicPatientRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** The preferred dietitian's name, null without one. */
  preferred_dietitian: string | null;
  /** The next booked appointment's start (ISO), null without one. */
  next_appointment: string | null;
}

export interface ClinicPatientsPage {
  results: ClinicPatientRow[];
  count: number;
  page: number;
  page_size: number;
}

export interface ClinicPatientAddress {
  street_number: string;
  street_name: string;
  unit_number: string | null;
  city: string;
  province: { code: string; name: string };
  country: { code: string; label: string };
  postal_code: string;
}

export interface ClinicPatient {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  preferred_language: Language;
  address: ClinicPatientAddress | null;
  preferred_dietitian: { id: number; name: string } | null;
  /** When the account was created (ISO). */
  created_at: string;
  /** Every appointment, newest first; `status` is booked, completed, no_show or cancelled. */
  appointments: AppointmentSummary[];
  statistics: AppointmentStatistics;
  /** The patient's intake forms, newest first: ids only (opening one is an audited read). */
  intake_forms: Array<{ id: string; submitted_at: string }>;
}

export interface ClinicPatientsQuery {
  search?: string;
  page?: number;
}

export async function listClinicPatients(query: ClinicPatientsQuery = {}, signal?: AbortSignal): Promise<ClinicPatientsPage> {
  const { api } = await import('./client');
  const params: Record<string, string | number> = {};
  if (query.search) params.search = query.search;
  if (query.page && query.page > 1) params.page = query.page;
  const { data } = await api.get<ClinicPatientsPage>('/api/clinic/patients', { params, signal, silent: true });
  return data;
}

export async function getClinicPatient(id: string, signal?: AbortSignal): Promise<ClinicPatient> {
  const { api } = await import('./client');
  const { data } = await api.get<ClinicPatient>(`/api/clinic/patients/${encodeURIComponent(id)}`, { signal, silent: true });
  return data;
}

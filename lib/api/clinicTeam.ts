import type { InvitationStatus, TeamInviteInput } from '@/lib/schemas/clinicTeam';

/**
 * The team page's calls (administrators only): GET /api/clinic/team, POST /api/clinic/invitations,
 * POST /api/clinic/employees/<id>/deactivate|reactivate, GET /api/clinic/mail-failures and
 * POST /api/clinic/mail-failures/<id>/retry. All silent but the last: the page shows every outcome
 * in place (a refused deactivation is a list to act on, not a toast); sending an e-mail again
 * relays the server's confirmation (or refusal) as a toast. The HTTP client loads on the first
 * call, like lib/api/intakeReview.ts.
 */

export interface TeamEmployee {
  id: number;
  name: string;
  email: string;
  title: string | null;
  is_admin: boolean;
  is_active: boolean;
  /** Booked visits not over yet. */
  future_appointments: number;
  /** The College of Dietitians of Ontario registration number printed on receipts; null: none yet. */
  registration_number: string | null;
}

export interface TeamInvitation {
  id: number;
  email: string;
  /** ISO date-times. */
  created_at: string;
  expires_at: string;
  status: InvitationStatus;
}

export interface TeamRoster {
  employees: TeamEmployee[];
  /** The open ones first. */
  invitations: TeamInvitation[];
  /**
   * Set while SITE_URL is not and others reach the server: the origin the e-mails' links name
   * instead (http://localhost:3000), which nobody who gets them can open (issue 27).
   */
  unreachable_link_origin: string | null;
}

/** An e-mail the system gave up on after a day of failed sends (lib/server/email/queue.ts). */
export interface FailedMail {
  id: number;
  /** An English technical label ('appointment booked', 'password reset', …). */
  purpose: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  /** ISO date-time: when it was first queued. */
  created_at: string;
}

/** A booked visit that stops a deactivation (409 `employee_has_appointments`). */
export interface BlockingAppointment {
  id: number;
  starts_at: string;
  ends_at: string;
  /** Null for a guest's booking. */
  patient_id: number | null;
  patient_name: string;
  service: string;
}

export async function getTeam(signal?: AbortSignal): Promise<TeamRoster> {
  const { api } = await import('./client');
  const { data } = await api.get<TeamRoster>('/api/clinic/team', { signal, silent: true });
  return data;
}

export async function inviteColleague(body: TeamInviteInput): Promise<{ id: number; email: string; expires_at: string }> {
  const { api } = await import('./client');
  const { data } = await api.post<{ invitation: { id: number; email: string; expires_at: string } }>('/api/clinic/invitations', body, {
    silent: true,
  });
  return data.invitation;
}

export async function setEmployeeActive(id: number, active: boolean): Promise<void> {
  const { api } = await import('./client');
  await api.post(`/api/clinic/employees/${id}/${active ? 'reactivate' : 'deactivate'}`, {}, { silent: true });
}

/** Sets (or with null, clears) an employee's College registration number; answers the number kept. */
export async function setRegistrationNumber(id: number, registrationNumber: string | null): Promise<string | null> {
  const { api } = await import('./client');
  const { data } = await api.put<{ registration_number: string | null }>(
    `/api/clinic/employees/${id}/registration`,
    { registration_number: registrationNumber },
    { silent: true },
  );
  return data.registration_number;
}

/** The e-mails given up on, newest first. */
export async function mailFailures(signal?: AbortSignal): Promise<FailedMail[]> {
  const { api } = await import('./client');
  const { data } = await api.get<{ emails: FailedMail[] }>('/api/clinic/mail-failures', { signal, silent: true });
  return data.emails;
}

/**
 * Queues a given-up e-mail again. Not silent: the server's answer is a toast. Rejects with a 404
 * `mail_not_found` when it is no longer given up on (already sent again, e.g. by a colleague).
 */
export async function retryMail(id: number): Promise<void> {
  const { api } = await import('./client');
  await api.post(`/api/clinic/mail-failures/${id}/retry`, {});
}

/** The visits listed by a refused deactivation, or null when the failure was something else. */
export function blockingAppointmentsOf(data: Record<string, unknown>): BlockingAppointment[] | null {
  return data.code === 'employee_has_appointments' && Array.isArray(data.appointments) ? (data.appointments as BlockingAppointment[]) : null;
}

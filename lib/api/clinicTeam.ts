import type { InvitationStatus, TeamInviteInput } from '@/lib/schemas/clinicTeam';

/**
 * The team page's calls (administrators only): GET /api/clinic/team, POST /api/clinic/invitations,
 * POST /api/clinic/employees/<id>/deactivate|reactivate. All silent: the page shows every outcome
 * in place (a refused deactivation is a list to act on, not a toast). The HTTP client loads on
 * the first call, like lib/api/intakeReview.ts.
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

/** The visits listed by a refused deactivation, or null when the failure was something else. */
export function blockingAppointmentsOf(data: Record<string, unknown>): BlockingAppointment[] | null {
  return data.code === 'employee_has_appointments' && Array.isArray(data.appointments) ? (data.appointments as BlockingAppointment[]) : null;
}

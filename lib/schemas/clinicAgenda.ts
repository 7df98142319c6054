import { z } from 'zod';
import { isClinicDate } from './clinicSchedule';

/**
 * Requests of the clinic agenda (issue #8, item 2): the day or week of an employee's
 * appointments, and the marks a dietitian gives a visit once it has started. Messages are
 * Validation keys.
 */

export const AGENDA_VIEWS = ['day', 'week'] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

/** What a dietitian may set: the two marks, or 'booked' to undo a mark given by mistake. */
export const AGENDA_MARKS = ['completed', 'no_show', 'booked'] as const;
export type AgendaMark = (typeof AGENDA_MARKS)[number];

/** GET /api/clinic/agenda?date=YYYY-MM-DD&view=day|week (query values arrive as text). No date: the clinic's today. */
export const agendaQuerySchema = z.object({
  date: z.string().refine(isClinicDate, 'dateInvalid').optional(),
  view: z.enum(AGENDA_VIEWS, { error: 'choiceInvalid' }).default('day'),
});

/** POST /api/clinic/appointments/<id>/status */
export const appointmentMarkSchema = z.strictObject({
  status: z.enum(AGENDA_MARKS, { error: (issue) => (issue.input === undefined ? 'required' : 'choiceInvalid') }),
});

/** The <id> of the path, as text. */

/* Answers, shared by the route handlers and the browser's client (lib/api/clinicAgenda.ts). */

export type AgendaStatus = 'booked' | 'completed' | 'no_show' | 'cancelled';

export interface AgendaAppointment {
  id: number;
  /** ISO date-times (UTC). */
  starts_at: string;
  ends_at: string;
  status: AgendaStatus;
  service: { id: number; name: string };
  /** id null for a guest's booking (the contact given when booking). */
  patient: { id: number | null; name: string; email: string; phone: string | null };
  reasons: string[];
  office: { name: string; is_virtual: boolean };
  /** A booked virtual visit's video room link (issue #15); null otherwise. */
  join_url: string | null;
  session_language: 'en' | 'fr';
  /** The visit has started, so it can be marked completed or no-show (or the mark undone). */
  can_mark: boolean;
  /** A cancelled visit's money still to give back (what was paid, net of refunds), in cents; 0 otherwise. */
  refund_due_cents: number;
  /** A seat's group session (issue #28): its roster shows under the session's block. */
  group_session_id: number | null;
  /**
   * The chart entry of a visit that has started, of a patient with an account (issue #40): none
   * yet, a draft, or signed, with the entry's public id. Null for a guest, a cancelled visit, or
   * one still to come.
   */
  note: { state: 'missing'; entry_id: null } | { state: 'draft' | 'signed'; entry_id: string } | null;
}

/** A group session of the employee's (issue #28): one block with its seats taken, its seats under it. */
export interface AgendaGroupSession {
  id: number;
  topic: string;
  starts_at: string;
  ends_at: string;
  office: { name: string; is_virtual: boolean };
  seats_taken: number;
  capacity: number;
  series_id: number | null;
}

/** Local dates are 'YYYY-MM-DD' on the clinic's calendar. */
export interface AgendaRange {
  view: AgendaView;
  /** The date asked for (the clinic's today when none was). */
  date: string;
  today: string;
  first_day: string;
  last_day: string;
  /** [starts_at, ends_at): local midnight of first_day to local midnight after last_day, UTC ISO. */
  starts_at: string;
  ends_at: string;
  previous_date: string;
  next_date: string;
}

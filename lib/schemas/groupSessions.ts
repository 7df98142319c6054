import { z } from 'zod';
import { idSchema } from './ids';
import { clockToMinutes, isClinicDate } from './clinicSchedule';

/**
 * A group session or series the clinic schedules (issue #28): one source of truth for the
 * clinic's form and POST /api/clinic/group-sessions. Message keys as in clinicSchedule.ts.
 */
export const GROUP_CAPACITY_MIN = 1;
export const GROUP_CAPACITY_MAX = 50;
/** A series meets once a week, up to this many times. */
export const GROUP_SERIES_MAX_MEETINGS = 12;
/** A seat's (a series' seat's) price, at most $10,000. */
export const GROUP_PRICE_MAX_CENTS = 1_000_000;
const GRID_MINUTES = 15;

export const groupSessionSchema = z
  .object({
    topic_id: idSchema('required'),
    employee_id: idSchema('required'),
    office_id: idSchema('required'),
    /** The first meeting, in the clinic's time zone. */
    date: z.string().refine(isClinicDate, 'dateInvalid'),
    time: z.string().regex(/^([01]\d|2[0-3]):([0-5]\d)$/, 'timeInvalid'),
    session_language: z.enum(['en', 'fr']),
    capacity: z.number().int().min(GROUP_CAPACITY_MIN, 'groupCapacityRange').max(GROUP_CAPACITY_MAX, 'groupCapacityRange'),
    /** 1: a single session; more: a weekly series booked as one. */
    meetings: z.number().int().min(1).max(GROUP_SERIES_MAX_MEETINGS, 'groupSeriesTooLong').default(1),
    /**
     * The price of a seat, for a series of its whole seat (every meeting), in cents as the
     * service states its prices (before tax, or tax included); the service's tax rule applies.
     * Unset: the service's price, per meeting.
     */
    price_cents: z.number({ error: 'groupPriceRange' }).int('groupPriceRange').min(0, 'groupPriceRange').max(GROUP_PRICE_MAX_CENTS, 'groupPriceRange').optional(),
  })
  .superRefine((input, ctx) => {
    if (clockToMinutes(input.time) % GRID_MINUTES !== 0) ctx.addIssue({ code: 'custom', path: ['time'], message: 'scheduleTimeGrid' });
  });

export type GroupSessionInput = z.infer<typeof groupSessionSchema>;

/** GET /api/clinic/group-sessions: the sessions starting from `from` for `days` days (the clinic's calendar). */
export const groupSessionsQuerySchema = z.object({
  from: z.string().refine(isClinicDate, 'dateInvalid'),
  days: z.coerce.number().int().min(1).max(92).default(31),
});

/** POST /api/clinic/group-sessions/<id>/cancel: this session, or every meeting of its series still ahead. */
export const groupSessionCancelSchema = z.strictObject({ whole_series: z.boolean().default(false) });

/** PATCH /api/clinic/group-sessions/<id>: its seats (a series' meetings still ahead all change). */
export const groupCapacitySchema = z.strictObject({
  capacity: z.number().int().min(GROUP_CAPACITY_MIN, 'groupCapacityRange').max(GROUP_CAPACITY_MAX, 'groupCapacityRange'),
});

/** POST /api/clinic/group-sessions/<id>/move: the session's new date, time and office. */
export const groupSessionMoveSchema = z
  .strictObject({
    date: z.string().refine(isClinicDate, 'dateInvalid'),
    time: z.string().regex(/^([01]\d|2[0-3]):([0-5]\d)$/, 'timeInvalid'),
    office_id: idSchema('required'),
  })
  .superRefine((input, ctx) => {
    if (clockToMinutes(input.time) % GRID_MINUTES !== 0) ctx.addIssue({ code: 'custom', path: ['time'], message: 'scheduleTimeGrid' });
  });

export type GroupSessionMoveInput = z.infer<typeof groupSessionMoveSchema>;

/* Answers, shared by the route handlers and the clinic's pages. */

export interface GroupTopicView {
  id: number;
  slug: string;
  title: string;
  description: string;
}

export interface GroupSessionChoices {
  topics: GroupTopicView[];
  /** The group service's price of one meeting's seat, in cents as the service states it, and its tax rule (the form's default). */
  price: { price_cents: number; tax: 'added' | 'included' | 'none' };
  dietitians: Array<{ id: number; name: string }>;
  offices: Array<{ id: number; name: string; is_virtual: boolean }>;
}

export interface GroupSessionView {
  id: number;
  topic: { id: number; title: string };
  series_id: number | null;
  dietitian: { id: number; name: string };
  office: { id: number; name: string; is_virtual: boolean };
  start: string;
  end: string;
  session_language: 'en' | 'fr';
  capacity: number;
  seats_taken: number;
  seats_left: number;
  total_cents: number;
  status: 'scheduled' | 'done' | 'cancelled';
}

/** GET /api/group-sessions: a topic the clinic runs, with its next sessions open to seats. */
export interface PublicGroupTopic {
  id: number;
  slug: string;
  title: string;
  description: string;
  sessions: PublicGroupSession[];
}

/** A session (a series, at its first meeting) as anyone may see it: never who holds a seat. */
export interface PublicGroupSession {
  id: number;
  start: string;
  end: string;
  session_language: 'en' | 'fr';
  office: { id: number; name: string; is_virtual: boolean };
  dietitian: string;
  seats_left: number;
  capacity: number;
  /** 1 for a session; for a series, how many weekly meetings its seat holds. */
  meetings: number;
  /** What the seat costs, tax included: for a series, every meeting together. */
  total_cents: number;
  service_slug: string;
}

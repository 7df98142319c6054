import { z } from 'zod';

/** POST and PUT /api/clinic/calendar-feed (issue #41): what each event of the employee's feed is called. */
export const calendarFeedSchema = z.strictObject({
  titles: z.enum(['service', 'initials'], { error: 'choiceInvalid' }),
});

/** The employee's feed as GET /api/clinic/calendar-feed answers it. */
export interface CalendarFeedStatus {
  active: boolean;
  /** ISO instant the link was made; null when off. */
  created_at: string | null;
  titles: 'service' | 'initials';
}

import { z } from 'zod';
import { localDate } from './bookingSlots';

/**
 * Request bodies of the manage page's calls (issue #15): the e-mailed link's token, never in the
 * address. Its shape is checked by the server (a wrong one is a dead link, not a field error).
 */
const token = z.string({ error: 'required' }).max(200, { error: 'tooLong' });

/** POST /api/booking/manage and /api/booking/manage/cancel. */
export const manageTokenSchema = z.strictObject({ token });

/** POST /api/booking/manage/slots: the window starts at from_date (default: today). */
export const manageSlotsSchema = z.strictObject({ token, from_date: localDate.optional() });

/** POST /api/booking/manage/reschedule: a start the slots answer offered. */
export const manageRescheduleSchema = z.strictObject({ token, start: z.iso.datetime({ offset: true, error: 'timeInvalid' }) });

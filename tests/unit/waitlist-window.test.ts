import { describe, expect, it } from 'vitest';
import { formatDateWindow } from '@/lib/format/dates';
import { joinWaitlistSchema } from '@/lib/schemas/waitlist';
import { waitlistJoinedEmail } from '@/lib/server/email/templates/waitlist';

/**
 * A waitlist window in words (issue 27 item 4): one day reads as that day, in both languages,
 * wherever a window is written; and the shared rule that a window must hold a chosen weekday
 * (item 3), as the join form and the API both read it from lib/schemas.
 */

describe('formatDateWindow', () => {
  it('writes a one-day window as that day: « le vendredi 27 novembre 2026 », "on Friday, November 27, 2026"', () => {
    expect(formatDateWindow('2026-11-27', '2026-11-27', 'fr')).toBe('le vendredi 27 novembre 2026');
    expect(formatDateWindow('2026-11-27', '2026-11-27', 'en')).toBe('on Friday, November 27, 2026');
  });

  it('writes a longer window from one full date to the other', () => {
    expect(formatDateWindow('2026-11-27', '2026-12-01', 'fr')).toBe('du vendredi 27 novembre 2026 au mardi 1er décembre 2026');
    expect(formatDateWindow('2026-11-27', '2026-12-01', 'en')).toBe('Friday, November 27, 2026 to Tuesday, December 1, 2026');
    // Two days are two days, not one.
    expect(formatDateWindow('2026-11-27', '2026-11-28', 'en')).toBe('Friday, November 27, 2026 to Saturday, November 28, 2026');
  });

  it('is what the join confirmation e-mail says, in both languages', () => {
    const base = {
      serviceName: 'Consultation',
      location: { kind: 'virtual' } as const,
      dietitianName: null,
      fromDate: '2026-11-27',
      toDate: '2026-11-27',
      timesOfDay: ['morning'] as const,
      weekdays: [5],
      leaveLink: 'https://example.test/waitlist#token',
    };
    const fr = waitlistJoinedEmail({ ...base, language: 'fr' });
    expect(fr.text).toContain('Période\u00a0: le vendredi 27 novembre 2026');
    expect(fr.text).not.toContain('au vendredi');
    const en = waitlistJoinedEmail({ ...base, language: 'en' });
    expect(en.text).toContain('Dates: on Friday, November 27, 2026');
    expect(en.text).not.toContain('to Friday');
  });
});

describe('the window must hold a chosen weekday (joinWaitlistSchema)', () => {
  const body = (from_date: string, to_date: string, weekdays: number[]) => ({ from_date, to_date, times_of_day: ['morning'], weekdays });
  const weekdayIssues = (input: ReturnType<typeof body>) =>
    (joinWaitlistSchema.safeParse(input).error?.issues ?? []).filter((issue) => issue.path[0] === 'weekdays').map((issue) => issue.message);

  it('refuses one Friday with Saturday only, at the weekdays', () => {
    expect(weekdayIssues(body('2026-11-27', '2026-11-27', [6]))).toEqual(['waitlistNoMatchingDay']);
    expect(weekdayIssues(body('2026-11-30', '2026-12-02', [6, 7]))).toEqual(['waitlistNoMatchingDay']);
  });

  it('accepts a window that holds one of the days, and any window of a week or more', () => {
    expect(joinWaitlistSchema.safeParse(body('2026-11-27', '2026-11-27', [5, 6])).success).toBe(true);
    expect(joinWaitlistSchema.safeParse(body('2026-11-27', '2026-11-29', [7])).success).toBe(true);
    for (let day = 1; day <= 7; day++) expect(joinWaitlistSchema.safeParse(body('2026-11-27', '2026-12-03', [day])).success).toBe(true);
  });

  it('says one thing at a time: no days at all, or dates in the wrong order, are their own errors', () => {
    expect(weekdayIssues(body('2026-11-27', '2026-11-27', []))).toEqual(['waitlistDaysRequired']);
    const reversed = joinWaitlistSchema.safeParse(body('2026-11-28', '2026-11-27', [6])).error!.issues.map((issue) => issue.message);
    expect(reversed).toEqual(['waitlistWindowOrder']);
  });
});

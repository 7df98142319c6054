import { describe, expect, it } from 'vitest';
import { getAvailableSlots, mergeRanges, type AvailabilityInput } from '@/lib/server/booking/availability';
import { answerJson, recentOrNewSlots } from '@/lib/server/booking/recentAnswers';
import { ok, okWithJsonMember } from '@/lib/server/http/respond';

/**
 * The slot search's last answers (issue #29): reused for the same question while they are still
 * the answer, and never once the calendars, the question or the clock say otherwise.
 */
const OFFICE = 1;
const monday = (hours: number, minutes = 0) => new Date(Date.UTC(2026, 3, 6, hours + 4, minutes)); // Toronto is UTC-4 in April
function question(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  const schedules = [1, 2, 3, 4, 5].map((weekday) => ({ officeId: OFFICE, weekday, startMinute: 9 * 60, endMinute: 17 * 60 }));
  return {
    now: monday(6),
    timeZone: 'America/Toronto',
    fromDate: '2026-04-06',
    days: 5,
    service: { clientDurationMinutes: 50, employeeDurationMinutes: 60, minAdvanceBookingHours: 2, maxAdvanceBookingDays: 365 },
    dietitians: [{ id: 1, name: 'Claire Dubois', schedules }],
    officeId: OFFICE,
    timeOff: [],
    busy: [],
    patientBusy: [],
    weeklyLoad: new Map(),
    calendars: new Map([[1, mergeRanges([[monday(13).getTime(), monday(14).getTime()]])]]),
    ...overrides,
  };
}

describe('recentOrNewSlots', () => {
  it('gives the same answer again for the same question, also a little later', () => {
    const asked = question();
    const first = recentOrNewSlots(asked);
    expect(first).toEqual(getAvailableSlots(asked));
    expect(first['2026-04-06']![0]!.start).toBe(monday(9).toISOString());
    expect(recentOrNewSlots({ ...asked })).toBe(first);
    expect(recentOrNewSlots({ ...asked, now: new Date(monday(6).getTime() + 60_000) })).toBe(first);
  });

  it('answers anew once the clock passes the first slot, or goes back, and for any other calendar or question', () => {
    const asked = question();
    const first = recentOrNewSlots(asked);
    const later = { ...asked, now: monday(7, 30) }; // the earliest start is now 9:30: 9:00 is gone
    expect(recentOrNewSlots(later)).not.toBe(first);
    expect(recentOrNewSlots(later)['2026-04-06']![0]!.start).toBe(monday(9, 30).toISOString());
    // A clock set back (a test's, a corrected one) sees the 9:00 slot again.
    expect(recentOrNewSlots({ ...asked, now: monday(5) })['2026-04-06']![0]!.start).toBe(monday(9).toISOString());

    // The same busy times in a new calendar (the cache reloaded it): computed again, same answer.
    const reloaded = { ...asked, calendars: new Map([[1, mergeRanges([[monday(13).getTime(), monday(14).getTime()]])]]) };
    const again = recentOrNewSlots(reloaded);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    // A renamed dietitian, the patient's own visit, another office: each its own answer.
    const renamed = recentOrNewSlots({ ...reloaded, dietitians: [{ ...reloaded.dietitians[0]!, name: 'Claire Tremblay' }] });
    expect(renamed['2026-04-06']![0]!.recommended_employee.name).toBe('Claire Tremblay');
    const own = recentOrNewSlots({ ...reloaded, patientBusy: [{ startsAt: monday(9), endsAt: monday(10) }] });
    expect(own['2026-04-06']![0]!.start).toBe(monday(10).toISOString());
    expect(recentOrNewSlots({ ...reloaded, officeId: 2 })).toEqual({});
  });

  it('keeps nothing for a question read from the tables rather than the cache', () => {
    const asked = question({ calendars: undefined, busy: [{ employeeId: 1, startsAt: monday(13), endsAt: monday(14) }] });
    const first = recentOrNewSlots(asked);
    expect(recentOrNewSlots(asked)).not.toBe(first);
    expect(recentOrNewSlots(asked)).toEqual(first);
  });
});

describe('answerJson and okWithJsonMember', () => {
  it('write a reused answer once, and send the body and headers ok() would', async () => {
    const input = question();
    const answer = recentOrNewSlots(input);
    const json = answerJson(answer);
    expect(answerJson(recentOrNewSlots(input))).toBe(json);
    expect(answerJson(getAvailableSlots(input))).not.toBe(json);

    const payload = { appointment_token: 'a.b.c', pricing_data: { total_price: '56.50', note: 'café « 9 h 45 »' } };
    const response = okWithJsonMember(payload, 'appointment_options', json);
    const expected = ok({ ...payload, appointment_options: answer });
    expect(await response.text()).toBe(await expected.text());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(expected.headers.get('content-type'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await okWithJsonMember({}, 'appointment_options', json).json()).toEqual({ appointment_options: JSON.parse(JSON.stringify(answer)) });
    expect(() => okWithJsonMember({ appointment_options: 1 }, 'appointment_options', json)).toThrow();
  });
});

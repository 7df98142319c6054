import { describe, expect, it } from 'vitest';
import {
  countWeeklyLoad,
  findSlot,
  getAvailableSlots,
  type AvailabilityInput,
  type Dietitian,
  type EmployeeRange,
  type ScheduleBlock,
  type TimeRange,
} from '@/lib/server/booking/availability';
import {
  addDays,
  isoWeekday,
  isoWeekKey,
  localDayToUtcConverter,
  utcToLocalDate,
  zonedDateTimeToUtc,
  zonedMinuteToUtcMs,
} from '@/lib/server/booking/clinicTime';

const TZ = 'America/Toronto';
const OFFICE = 1;
const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const localTimeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const localTime = (iso: string) => localTimeFormat.format(new Date(iso));

function weekly(startMinute: number, endMinute: number, weekdays = [1, 2, 3, 4, 5, 6, 7], officeId = OFFICE): ScheduleBlock[] {
  return weekdays.map((weekday) => ({ officeId, weekday, startMinute, endMinute }));
}
function dietitian(id: number, schedules = weekly(h(9), h(17))): Dietitian {
  return { id, name: `Dietitian ${id}`, schedules };
}
/** Someone taken between two local times of a date. */
function taken(employeeId: number, date: string, from: number, to: number): EmployeeRange {
  return { employeeId, startsAt: zonedDateTimeToUtc(date, from, TZ)!, endsAt: zonedDateTimeToUtc(date, to, TZ)! };
}
function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    now: new Date('2026-01-01T00:00:00Z'),
    timeZone: TZ,
    fromDate: '2026-04-06', // a Monday
    days: 1,
    service: { clientDurationMinutes: 50, employeeDurationMinutes: 60, minAdvanceBookingHours: 0, maxAdvanceBookingDays: 365 },
    dietitians: [dietitian(1)],
    officeId: OFFICE,
    timeOff: [],
    busy: [],
    patientBusy: [],
    weeklyLoad: new Map(),
    ...overrides,
  };
}
const startsOn = (options: ReturnType<typeof getAvailableSlots>, date: string) => (options[date] ?? []).map((s) => localTime(s.start));

describe('clinic time', () => {
  it('has no instant for the skipped hour and takes the first of the repeated one', () => {
    expect(zonedDateTimeToUtc('2026-03-08', h(2, 30), TZ)).toBeNull();
    expect(zonedDateTimeToUtc('2026-03-08', h(3), TZ)?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedDateTimeToUtc('2026-11-01', h(1, 30), TZ)?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedDateTimeToUtc('2026-11-01', h(24), TZ)?.toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('converts a whole DST-change day the same fast way as minute by minute', () => {
    // Toronto's two changes, Newfoundland's (at 5:30Z) and Lord Howe's 30-minute ones.
    const days = [
      [TZ, '2026-03-08'],
      [TZ, '2026-11-01'],
      ['America/St_Johns', '2026-03-08'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['Australia/Lord_Howe', '2026-10-04'],
    ] as const;
    for (const [zone, date] of days) {
      const toUtc = localDayToUtcConverter(date, zone);
      const minutes = Array.from({ length: 289 }, (_, i) => i * 5);
      expect(minutes.map(toUtc)).toEqual(minutes.map((m) => zonedMinuteToUtcMs(date, m, zone)));
      // The day really has two offsets, so the DST path (not the steady one) was exercised.
      const offsets = minutes.flatMap((m) => {
        const ms = toUtc(m);
        return ms === null ? [] : [ms - m * 60_000];
      });
      expect(new Set(offsets).size).toBe(2);
    }
  });

  it('reads local dates, weekdays and ISO weeks', () => {
    expect(utcToLocalDate(new Date('2026-03-01T04:30:00Z'), TZ)).toBe('2026-02-28');
    expect([isoWeekday('2026-03-08'), isoWeekday('2026-03-09')]).toEqual([7, 1]);
    expect([addDays('2026-02-28', 1), addDays('2026-03-01', -1)]).toEqual(['2026-03-01', '2026-02-28']);
    expect([isoWeekKey('2026-01-01'), isoWeekKey('2027-01-03'), isoWeekKey('2027-01-04')]).toEqual(['2026-W01', '2026-W53', '2027-W01']);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('slots across DST in America/Toronto', () => {
  it('keeps 9:00 at 9:00 local when the clocks spring forward on 2026-03-08', () => {
    const options = getAvailableSlots(input({ fromDate: '2026-03-07', days: 3 }));
    expect(options['2026-03-07']?.[0]?.start).toBe('2026-03-07T14:00:00.000Z');
    expect(options['2026-03-08']?.[0]?.start).toBe('2026-03-08T13:00:00.000Z');
    expect(options['2026-03-09']?.[0]?.start).toBe('2026-03-09T13:00:00.000Z');
  });

  it('keeps 9:00 at 9:00 local when the clocks fall back on 2026-11-01', () => {
    const options = getAvailableSlots(input({ fromDate: '2026-10-31', days: 3 }));
    expect(options['2026-10-31']?.[0]?.start).toBe('2026-10-31T13:00:00.000Z');
    expect(options['2026-11-01']?.[0]?.start).toBe('2026-11-01T14:00:00.000Z');
    expect(options['2026-11-02']?.[0]?.start).toBe('2026-11-02T14:00:00.000Z');
  });

  it('offers nothing in the skipped hour 2:00-2:59', () => {
    const night = input({ fromDate: '2026-03-08', dietitians: [dietitian(1, weekly(h(1), h(4), [7]))] });
    const slots = getAvailableSlots(night)['2026-03-08'] ?? [];
    // 1:00 EST to 4:00 EDT is two real hours; a 60-minute block must end by 08:00Z.
    expect(slots.map((s) => localTime(s.start))).toEqual(['01:00', '01:15', '01:30', '01:45', '03:00']);
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual(['06:00', '06:15', '06:30', '06:45', '07:00']);
  });

  it('offers each time of the repeated hour 1:00-1:59 once', () => {
    const night = input({ fromDate: '2026-11-01', dietitians: [dietitian(1, weekly(h(1), h(4), [7]))] });
    const slots = getAvailableSlots(night)['2026-11-01'] ?? [];
    const times = slots.map((s) => localTime(s.start));
    expect(new Set(times).size).toBe(times.length);
    expect(times.filter((t) => t.startsWith('01:'))).toEqual(['01:00', '01:15', '01:30', '01:45']);
    expect(slots.map((s) => s.start.slice(11, 16))).not.toContain('06:00');
    expect(times.at(-1)).toBe('03:00');
  });
});

describe('slot rules', () => {
  it('starts on the 15-minute grid of local time and ends after the client duration', () => {
    const service = { clientDurationMinutes: 30, employeeDurationMinutes: 30, minAdvanceBookingHours: 0, maxAdvanceBookingDays: 365 };
    const options = getAvailableSlots(input({ service, dietitians: [dietitian(1, weekly(h(9, 10), h(11)))] }));
    expect(startsOn(options, '2026-04-06')).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15', '10:30']);
    const first = options['2026-04-06']![0]!;
    expect(Date.parse(first.end) - Date.parse(first.start)).toBe(30 * 60_000);
  });

  it('fits the employee duration inside the schedule and blocks it after each appointment', () => {
    const morning = [dietitian(1, weekly(h(9), h(12)))];
    expect(startsOn(getAvailableSlots(input({ dietitians: morning })), '2026-04-06').at(-1)).toBe('11:00');
    // A 50/60-minute appointment at 9:00 holds the dietitian until 10:00: the next one follows back to back.
    const afterOne = getAvailableSlots(input({ dietitians: morning, busy: [taken(1, '2026-04-06', h(9), h(10))] }));
    expect(startsOn(afterOne, '2026-04-06')).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(afterOne['2026-04-06']![0]!.end).toBe('2026-04-06T14:50:00.000Z');
  });

  it('refuses overlapping-but-not-identical ranges and allows back to back', () => {
    const busy = [taken(1, '2026-04-06', h(10, 30), h(11, 30))];
    const times = startsOn(getAvailableSlots(input({ busy })), '2026-04-06');
    expect(times.slice(0, 4)).toEqual(['09:00', '09:15', '09:30', '11:30']);
  });

  it('respects time off and leaves out dates with no slot', () => {
    const timeOff = [taken(1, '2026-04-07', 0, h(24)), taken(1, '2026-04-08', h(9), h(12))];
    const options = getAvailableSlots(input({ days: 3, timeOff }));
    expect(Object.keys(options)).toEqual(['2026-04-06', '2026-04-08']);
    expect(startsOn(options, '2026-04-08')[0]).toBe('12:00');
  });

  it('never gives the patient two overlapping appointments', () => {
    const patientBusy = [taken(99, '2026-04-06', h(10), h(10, 50))];
    const times = startsOn(getAvailableSlots(input({ patientBusy })), '2026-04-06');
    expect(times.slice(0, 2)).toEqual(['09:00', '11:00']);
  });

  it('only counts schedules at the chosen office', () => {
    const elsewhere = [dietitian(1, weekly(h(9), h(17), [1], 2))];
    expect(getAvailableSlots(input({ dietitians: elsewhere }))).toEqual({});
  });

  it('applies the minimum notice and the maximum horizon', () => {
    // 08:00 local on Monday with 12 h notice: nothing before 20:00, so Monday is gone.
    const service = { clientDurationMinutes: 50, employeeDurationMinutes: 60, minAdvanceBookingHours: 12, maxAdvanceBookingDays: 3 };
    const options = getAvailableSlots(input({ now: new Date('2026-04-06T12:00:00Z'), days: 10, service }));
    expect(Object.keys(options)).toEqual(['2026-04-07', '2026-04-08', '2026-04-09']);
    const atNine = getAvailableSlots(input({ now: new Date('2026-04-07T01:00:00Z'), days: 2, service }));
    expect(startsOn(atNine, '2026-04-07')[0]).toBe('09:00');
  });
});

describe('recommended and selected dietitian', () => {
  const two = [dietitian(1), dietitian(2)];
  const recommended = (options: ReturnType<typeof getAvailableSlots>, date: string) =>
    (options[date] ?? []).map((s) => s.recommended_employee.id);

  it('recommends the preferred dietitian when free, someone else when not', () => {
    const busy = [taken(2, '2026-04-06', h(9), h(10))];
    const options = getAvailableSlots(input({ dietitians: two, preferredDietitianId: 2, busy }));
    expect(recommended(options, '2026-04-06').slice(0, 6)).toEqual([1, 1, 1, 1, 2, 2]);
    expect(options['2026-04-06']![0]!.recommended_employee).toEqual({ id: 1, name: 'Dietitian 1' });
  });

  it('otherwise recommends the one with the fewest appointments that ISO week, ties by lowest id', () => {
    const weeklyLoad = new Map([[1, new Map([['2026-W15', 3]])], [2, new Map([['2026-W15', 1]])]]);
    const options = getAvailableSlots(input({ dietitians: two, weeklyLoad, fromDate: '2026-04-12', days: 2 }));
    expect(new Set(recommended(options, '2026-04-12'))).toEqual(new Set([2])); // Sunday of W15
    expect(new Set(recommended(options, '2026-04-13'))).toEqual(new Set([1])); // W16: a tie
  });

  it('limits the slots to a selected dietitian; -1 means automatic', () => {
    const partTime = [dietitian(1), dietitian(2, weekly(h(13), h(15)))];
    const selected = getAvailableSlots(input({ dietitians: partTime, selectedDietitianId: 2 }));
    expect(startsOn(selected, '2026-04-06')).toEqual(['13:00', '13:15', '13:30', '13:45', '14:00']);
    expect(new Set(recommended(selected, '2026-04-06'))).toEqual(new Set([2]));
    const automatic = getAvailableSlots(input({ dietitians: partTime, selectedDietitianId: -1 }));
    expect(startsOn(automatic, '2026-04-06')[0]).toBe('09:00');
    expect(getAvailableSlots(input({ dietitians: partTime, selectedDietitianId: 7 }))).toEqual({});
  });

  it('re-validates one chosen start with the same rules', () => {
    const busy = [taken(1, '2026-04-06', h(10), h(11))];
    expect(findSlot(input({ busy }), '2026-04-06T13:00:00.000Z')?.end).toBe('2026-04-06T13:50:00.000Z');
    expect(findSlot(input({ busy }), '2026-04-06T14:00:00Z')).toBeNull(); // 10:00 is taken
    expect(findSlot(input({ busy }), '2026-04-06T13:05:00Z')).toBeNull(); // off the grid
    expect(findSlot(input({ busy }), 'tomorrow')).toBeNull();
  });
});

describe('a clinic-sized input', () => {
  /** Small deterministic PRNG (mulberry32): the same "random" clinic on every run. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** The rules read literally: every range scanned for every candidate start. */
  function referenceSlots(inp: AvailabilityInput): Map<string, number> {
    const found = new Map<string, number>();
    const overlaps = (ranges: readonly TimeRange[], s: number, e: number) => ranges.some((r) => r.startsAt.getTime() < e && r.endsAt.getTime() > s);
    const lastDate = addDays(utcToLocalDate(inp.now, TZ), inp.service.maxAdvanceBookingDays);
    for (let day = 0; day < inp.days; day++) {
      const date = addDays(inp.fromDate, day);
      for (let minute = 0; minute < 1440 && date <= lastDate; minute += 15) {
        const start = zonedDateTimeToUtc(date, minute, TZ)?.getTime();
        if (start === undefined || start < inp.now.getTime() + inp.service.minAdvanceBookingHours * 3_600_000) continue;
        const end = start + inp.service.employeeDurationMinutes * 60_000;
        if (overlaps(inp.patientBusy, start, start + inp.service.clientDurationMinutes * 60_000)) continue;
        const free = inp.dietitians.filter(
          (d) =>
            d.schedules.some((b) => b.officeId === inp.officeId && b.weekday === isoWeekday(date) && b.startMinute <= minute && end <= zonedDateTimeToUtc(date, b.endMinute, TZ)!.getTime()) &&
            !overlaps([...inp.busy, ...inp.timeOff].filter((r) => r.employeeId === d.id), start, end),
        );
        const load = (id: number) => inp.weeklyLoad.get(id)?.get(isoWeekKey(date)) ?? 0;
        const best = free.find((d) => d.id === inp.preferredDietitianId) ?? free.sort((a, b) => load(a.id) - load(b.id) || a.id - b.id)[0];
        if (best) found.set(new Date(start).toISOString(), best.id);
      }
    }
    return found;
  }

  it('matches the literal reading of the rules: 12 dietitians, 90 days, 5000 appointments', () => {
    const next = random(2026);
    const pick = (n: number) => Math.floor(next() * n);
    const fromDate = '2026-02-20'; // the window crosses the 2026-03-08 DST change
    const dietitians = Array.from({ length: 12 }, (_, i) =>
      dietitian(i + 1, [
        ...weekly(h(8 + pick(3)), h(12), [1, 2, 3, 4, 5, 6, 7].filter(() => next() < 0.7), 1 + pick(3)),
        ...weekly(h(13), h(15 + pick(4), 15 * pick(4)), [1, 2, 3, 4, 5].filter(() => next() < 0.7), 1 + pick(3)),
      ]),
    );
    const randomRange = (employeeId: number, longest: number) => {
      const date = addDays(fromDate, pick(92));
      const startsAt = zonedDateTimeToUtc(date, h(8) + 5 * pick(120), TZ)!;
      return { employeeId, startsAt, endsAt: new Date(startsAt.getTime() + (10 + 5 * pick(longest / 5)) * 60_000) };
    };
    const busy = Array.from({ length: 5000 }, () => randomRange(1 + pick(12), 90));
    const clinic = input({
      now: new Date('2026-02-20T15:00:00Z'),
      fromDate,
      days: 90,
      service: { clientDurationMinutes: 50, employeeDurationMinutes: 60, minAdvanceBookingHours: 12, maxAdvanceBookingDays: 88 },
      dietitians,
      busy,
      timeOff: Array.from({ length: 40 }, () => randomRange(1 + pick(12), 600)),
      patientBusy: Array.from({ length: 30 }, () => randomRange(0, 60)),
      weeklyLoad: countWeeklyLoad(busy, TZ),
      preferredDietitianId: 5,
    });

    const options = getAvailableSlots(clinic);
    const slots = Object.values(options).flat();
    const expected = referenceSlots(clinic);
    expect(slots.length).toBeGreaterThan(1000);
    expect(new Map(slots.map((s) => [s.start, s.recommended_employee.id]))).toEqual(expected);
    expect(slots.map((s) => s.start)).toEqual([...expected.keys()]); // sorted, no duplicates
    for (const [date, daySlots] of Object.entries(options)) expect(daySlots.every((s) => utcToLocalDate(new Date(s.start), TZ) === date)).toBe(true);
  });
});

describe('countWeeklyLoad', () => {
  it('puts two appointments of one UTC hour in different ISO weeks when local midnight falls between them', () => {
    // St. John's is UTC-3:30 in November: 03:15Z is Sunday 23:45 local (week 47), 03:45Z Monday 00:15 (week 48).
    const at = (iso: string) => ({ employeeId: 1, startsAt: new Date(iso), endsAt: new Date(Date.parse(iso) + 1_800_000) });
    const load = countWeeklyLoad([at('2026-11-23T03:15:00Z'), at('2026-11-23T03:45:00Z'), at('2026-11-23T03:46:00Z')], 'America/St_Johns');
    expect(load.get(1)).toEqual(new Map([['2026-W47', 1], ['2026-W48', 2]]));
  });
});

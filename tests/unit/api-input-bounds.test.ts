import { describe, expect, it } from 'vitest';
import { cancelAppointmentSchema, selectedPatientQuerySchema } from '@/lib/schemas/appointmentQueries';
import { checkServiceSchema, checkSessionSchema, checkSkillsSchema } from '@/lib/schemas/booking';
import { fetchAppointmentsSchema, checkAppointmentSchema } from '@/lib/schemas/bookingSlots';
import { agendaQuerySchema } from '@/lib/schemas/clinicAgenda';
import { timeOffSchema } from '@/lib/schemas/clinicSchedule';
import { clinicExportQuerySchema } from '@/lib/schemas/privacy';
import { idSchema, idTextSchema } from '@/lib/schemas/ids';
import { clinicWaitlistQuerySchema } from '@/lib/schemas/waitlist';
import { readSessionToken } from '@/lib/server/auth/cookies';
import { AppError } from '@/lib/server/http/appError';
import { validate } from '@/lib/server/http/handler';

/**
 * Inputs the security fuzzer (npm run test:security) once turned into 500s: each must now be a
 * plain validation failure (400) or no session, never an exception.
 */
const TOO_BIG = 2_147_483_648; // one past PostgreSQL's integer

describe('ids beyond a PostgreSQL integer are refused by the schemas', () => {
  it('in bodies', () => {
    expect(cancelAppointmentSchema.safeParse({ appointment_id: TOO_BIG }).success).toBe(false);
    expect(cancelAppointmentSchema.safeParse({ appointment_id: TOO_BIG - 1 }).success).toBe(true);
    expect(checkServiceSchema.safeParse({ service_id: TOO_BIG }).success).toBe(false);
    expect(checkSkillsSchema.safeParse({ skills: [TOO_BIG] }).success).toBe(false);
    expect(checkSessionSchema.safeParse({ session_language: 'en', rescheduling_appointment_id: TOO_BIG }).success).toBe(false);
  });

  it('in addresses and query strings', () => {
    expect(selectedPatientQuerySchema.safeParse({ id: String(TOO_BIG) }).success).toBe(false);
    expect(idTextSchema().safeParse('12').data).toBe(12);
    expect(idTextSchema().safeParse('2147483647').data).toBe(2_147_483_647);
    // Issue #38: the clinic's data export and waitlist filters answered 500 to these.
    for (const text of [String(TOO_BIG), '99999999999', '9007199254740993', '-1', '0', '1.5', '1e3', '1e309', '9'.repeat(30), '012', ' 7', '0x10', '']) {
      expect(idTextSchema().safeParse(text).success, text).toBe(false);
      expect(clinicExportQuerySchema.safeParse({ patient_id: text }).success, text).toBe(false);
      expect(clinicWaitlistQuerySchema.safeParse({ employee_id: text }).success, text).toBe(false);
    }
  });

  it('in bodies', () => {
    expect(idSchema().safeParse(2_147_483_647).success).toBe(true);
    for (const value of [TOO_BIG, 9007199254740993, -1, 0, 1.5, Infinity, 1e29, '12']) {
      expect(idSchema().safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('dates that are no dates, or too far off, are refused without throwing', () => {
  it('booking dates', () => {
    for (const date of ['abc', 'x@y', '0000-00-00', '2026-13-01', '2026-02-30']) {
      expect(() => fetchAppointmentsSchema.safeParse({ from_date: date })).not.toThrow();
      expect(fetchAppointmentsSchema.safeParse({ from_date: date }).success, date).toBe(false);
      expect(checkAppointmentSchema.safeParse({ date, timeslot_start: '09:00' }).success, date).toBe(false);
    }
    expect(fetchAppointmentsSchema.safeParse({ from_date: '2026-12-01' }).success).toBe(true);
  });

  it('agenda and time-off dates', () => {
    expect(agendaQuerySchema.safeParse({ date: '9999-12-31' }).success).toBe(false);
    expect(agendaQuerySchema.safeParse({ date: '2027-03-14' }).success).toBe(true);
    expect(timeOffSchema.safeParse({ start_date: '9999-12-31', end_date: '9999-12-31' }).success).toBe(false);
  });
});

describe('a session cookie with a broken %-escape', () => {
  it('is no session, not an error', () => {
    for (const value of ['%', '%E0%A4%A']) {
      const request = new Request('http://localhost/api/auth/me', { headers: { cookie: `session=${value}` } });
      expect(readSessionToken(request)).toBeNull();
    }
  });
});

describe('a NUL character anywhere in the input', () => {
  it('is a validation error on its field, before the schema or the database sees it', () => {
    const body = { start_date: '2028-10-22', end_date: '2028-10-22', reason: 'nul\u0000byte', rows: [{ note: 'a\u0000' }] };
    try {
      validate(timeOffSchema, body, 'en');
      expect.unreachable('a NUL character passed');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).options.fieldErrors).toEqual({ reason: ['characterInvalid'], 'rows.0.note': ['characterInvalid'] });
    }
  });

  it('walks deeply nested input without running out of stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => validate(timeOffSchema, { reason: deep }, 'en')).toThrow(AppError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listSessions, POST as scheduleRoute } from '@/app/api/clinic/group-sessions/route';
import { GET as choicesRoute } from '@/app/api/clinic/group-sessions/choices/route';
import type { GroupSessionView, GroupTopicView } from '@/lib/schemas/groupSessions';
import { addDays, utcToLocalDate } from '@/lib/server/booking/clinicTime';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { call } from './support/http';

/** The clinic's group-session calls (issue #28): employees only, localized, all or nothing. */
const clinic = demoClinic('group-sessions-api');
const cookies = { dietitian: '', patient: '' };
const ids = { dietitian: 0 };

beforeAll(async () => {
  await clinic.open();
  ids.dietitian = await clinic.userId(DEMO_DIETITIAN.email);
  cookies.dietitian = await clinic.cookieFor(ids.dietitian);
  cookies.patient = await clinic.cookieFor(await clinic.userId(DEMO_PATIENT.email));
});
afterAll(() => clinic.close());

const inWeeks = (weeks: number) => addDays(utcToLocalDate(new Date(), 'America/Toronto'), 7 * weeks);

describe('the clinic’s group sessions', () => {
  it('are for employees only: 401 signed out, 403 for a patient', async () => {
    for (const [handler, path, body] of [
      [choicesRoute, '/api/clinic/group-sessions/choices', undefined],
      [listSessions, `/api/clinic/group-sessions?from=${inWeeks(1)}`, undefined],
      [scheduleRoute, '/api/clinic/group-sessions', {}],
    ] as const) {
      expect((await call(handler, path, { body, cookie: null })).status, path).toBe(401);
      expect((await call(handler, path, { body, cookie: cookies.patient })).status, path).toBe(403);
    }
  });

  it('lists the seeded topics in each language, schedules a series of 6 and lists its seats', async () => {
    const fr = await call(choicesRoute, '/api/clinic/group-sessions/choices', { cookie: cookies.dietitian, locale: 'fr' });
    const topics = fr.json.topics as GroupTopicView[];
    expect(fr.json.dietitians as Array<{ name: string }>).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Sophie Tremblay' })]));
    expect((fr.json.offices as Array<{ name: string }>).map((o) => o.name)).toContain('Centre-ville');
    expect(topics.map((t) => t.title)).toEqual(['Vivre avec le diabète de type 2', 'Cuisiner pour la santé du cœur', 'Bien manger pendant la grossesse']);
    const en = await call(choicesRoute, '/api/clinic/group-sessions/choices', { cookie: cookies.dietitian });
    expect((en.json.topics as GroupTopicView[])[0]!.title).toBe('Living with type 2 diabetes');

    const date = inWeeks(3);
    const body = { topic_id: topics[0]!.id, employee_id: ids.dietitian, office_id: clinic.catalog.officeId.centretown, date, time: '18:00', session_language: 'fr', capacity: 10, meetings: 6 };
    const made = await call(scheduleRoute, '/api/clinic/group-sessions', { body, cookie: cookies.dietitian, locale: 'fr' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.messages).toEqual([{ message: 'La série de 6 rencontres est planifiée.', type: 'success' }]);
    const sessions = made.json.sessions as GroupSessionView[];
    expect(sessions).toHaveLength(6);
    expect(sessions[0]).toMatchObject({ topic: { title: 'Vivre avec le diabète de type 2' }, capacity: 10, seats_taken: 0, seats_left: 10, status: 'scheduled', session_language: 'fr' });
    expect(new Set(sessions.map((s) => s.series_id)).size).toBe(1);

    const listed = await call(listSessions, `/api/clinic/group-sessions?from=${date}&days=7`, { cookie: cookies.dietitian });
    expect((listed.json.sessions as GroupSessionView[]).map((s) => s.id)).toEqual([sessions[0]!.id]);

    // The same time again: refused whole, in the request's language, nothing more written.
    const again = await call(scheduleRoute, '/api/clinic/group-sessions', { body: { ...body, meetings: 2 }, cookie: cookies.dietitian });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/^On [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, the meeting would overlap another group session of the dietitian\. Nothing was scheduled\.$/);
    const after = await call(listSessions, `/api/clinic/group-sessions?from=${date}&days=63`, { cookie: cookies.dietitian });
    expect(after.json.sessions as GroupSessionView[]).toHaveLength(6);
  });

  it('answers bad input with localized field errors', async () => {
    const bad = await call(scheduleRoute, '/api/clinic/group-sessions', {
      body: { topic_id: 1, employee_id: ids.dietitian, office_id: 1, date: '2027-02-30', time: '18:10', session_language: 'fr', capacity: 60, meetings: 13 },
      cookie: cookies.dietitian,
      locale: 'fr',
    });
    expect(bad.status).toBe(400);
    const errors = bad.json.field_errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['capacity', 'date', 'meetings', 'time']);
    expect(errors.capacity).toEqual(['Entrez un nombre de places de 1 à 50.']);
    expect(errors.meetings).toEqual(['Une série compte au plus 12 rencontres.']);
  });
});

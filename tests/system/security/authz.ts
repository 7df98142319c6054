import { apiRoutes, type ApiPath } from '@/lib/http/apiRoutes';
import { EVERYONE, type Context, type Who } from './actors';
import { colleagueChecks } from './colleague';
import { apiAnswerProblems, asRecord, describe, type Answer, type Req } from './http';
import { matrixRows, rowRequest, type Bag } from './matrix';
import { Section } from './report';
import { absorb, newState } from './walk';

/** Section 3: the authorization matrix, the ownership checks between patients A and B, and a non-admin employee. */
export async function runAuthz(ctx: Context): Promise<Section> {
  const section = new Section('authorization');
  const { client, people } = ctx;

  // Every route and method of the table has a row.
  for (const [route, methods] of Object.entries(apiRoutes) as [ApiPath, readonly string[]][]) {
    for (const method of methods) {
      section.check(matrixRows.some((row) => row.route === route && row.method === method), `no matrix row for ${method} ${route}`);
    }
  }

  const bag: Bag = {
    section,
    booking: {
      guest: newState(1),
      patientA: newState(2),
      patientB: newState(3),
      // The employee books for patient B (an employee booking needs a chosen patient).
      employee: newState(4, { employee_selected_patient_id: people.patientB.userId }),
    },
  };
  for (const row of matrixRows) {
    await Promise.all(
      EVERYONE.map(async (who, column) => {
        const req = await rowRequest(row, ctx, who, bag);
        const answer = await (row.from ? client.from(row.from) : client).send(section, req);
        const expected = row.expect[column];
        const label = `${row.method} ${req.path} as ${who}`;
        section.check(answer.status === expected, `${label}: expected ${expected}, got ${describe(answer)}`);
        const problems = apiAnswerProblems(req.path, answer);
        section.check(problems.length === 0, `${label}: ${problems.join('; ')}`);
        if (answer.status < 300) keep(row.route, row.method, who, answer, req, bag);
      }),
    );
  }
  await ownership(ctx, section);
  await colleagueChecks(ctx, section);
  return section;
}

/** What later rows need from an earlier answer. */
function keep(route: ApiPath, method: string, who: Who, answer: Answer, req: Req, bag: Bag): void {
  const json = asRecord(answer.json);
  if (route === '/api/clinic/time-off' && method === 'POST' && who === 'employee') bag.timeOffId = asRecord(json.time_off).id as number;
  if (route === '/api/clinic/appointments/[id]/payments' && method === 'POST' && who === 'employee') {
    const payments = asRecord(json.payments).payments as Array<{ receipts: Array<{ id: string }> }>;
    bag.receiptId = payments.at(-1)!.receipts[0]!.id;
  }
  if (route === '/api/clinic/calendar-feed' && method === 'POST' && who === 'employee') bag.feedPath = new URL(asRecord(json.urls).https as string).pathname;
  if (route === '/api/clinic/patients/[id]/chart' && method === 'POST' && who === 'employee') bag.chartEntryId = asRecord(json.entry).id as string;
  if (route.startsWith('/api/booking/') && req.method === 'POST') absorb(bag.booking[who], json);
}

const upcomingIds = (answer: Answer) => ((asRecord(answer.json).upcoming ?? []) as { id: number }[]).map((a) => a.id);
const intakeIds = (answer: Answer) => ((asRecord(answer.json).results ?? []) as { id: string }[]).map((r) => r.id);

/** Patient B against patient A's records; patients against the clinic's choices. */
async function ownership(ctx: Context, section: Section): Promise<void> {
  const { client, people, fixtures } = ctx;
  const A = people.patientA.cookie;
  const B = people.patientB.cookie;
  const send = (req: Req) => client.send(section, req);
  const expect = (answer: Answer, status: number, what: string) => section.check(answer.status === status, `${what}: expected ${status}, got ${describe(answer)}`);

  expect(await send({ method: 'GET', path: `/api/intake/${fixtures.intakeA}`, cookie: B }), 404, "B reads A's intake form");
  const listB = await send({ method: 'GET', path: '/api/intake', cookie: B });
  section.check(listB.status === 200 && !intakeIds(listB).includes(fixtures.intakeA), `B's intake list shows A's form: ${describe(listB)}`);
  expect(await send({ method: 'POST', path: '/api/booking/cancel-appointment', body: { appointment_id: fixtures.appointmentA }, cookie: B }), 404, "B cancels A's appointment");
  expect(
    await send({ method: 'POST', path: '/api/booking/check-session', body: { session_language: 'en', rescheduling_appointment_id: fixtures.appointmentA }, cookie: B }),
    403,
    "B starts rescheduling A's appointment",
  );
  expect(
    await send({ method: 'POST', path: '/api/booking/check-session', body: { session_language: 'en', rescheduling_appointment_id: fixtures.appointmentA } }),
    403,
    "a guest starts rescheduling A's appointment",
  );
  const bookedB = await send({ method: 'GET', path: '/api/booking/booked-appointments', cookie: B });
  section.check(bookedB.status === 200 && !upcomingIds(bookedB).includes(fixtures.appointmentA), `B's booked appointments list A's: ${describe(bookedB)}`);
  expect(await send({ method: 'POST', path: `/api/clinic/appointments/${fixtures.appointmentA}/status`, body: { status: 'no_show' }, cookie: B }), 403, "B marks A's appointment");
  expect(await send({ method: 'POST', path: `/api/clinic/appointments/${fixtures.appointmentA}/status`, body: { status: 'completed' }, cookie: A }), 403, 'A marks their own appointment');
  expect(
    await send({ method: 'POST', path: '/api/booking/check-session', body: { session_language: 'en', employee_selected_patient_id: people.patientB.userId }, cookie: A }),
    403,
    'A books in the name of B (an employee-only choice)',
  );
  expect(await send({ method: 'GET', path: `/api/clinic/patients/${people.patientB.userId}`, cookie: A }), 403, "A reads B's clinic record");
  expect(await send({ method: 'GET', path: `/api/booking/selected-patient-info?id=${people.patientA.userId}`, cookie: B }), 403, "B reads A's patient info");
  // Nothing B tried changed A's appointment.
  const bookedA = await send({ method: 'GET', path: '/api/booking/booked-appointments', cookie: A });
  section.check(upcomingIds(bookedA).includes(fixtures.appointmentA), `A's appointment is gone from A's list after B's attempts: ${describe(bookedA)}`);
}

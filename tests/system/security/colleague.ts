import type { Context } from './actors';
import { asRecord, describe, type Answer, type Req } from './http';
import { linkIn, waitForMail } from './outbox';
import type { Section } from './report';

/**
 * An employee who is not an administrator, signed up from the invitation the matrix's admin row
 * sent: the admin-only routes refuse them, and another dietitian's records stay out of reach.
 */
export async function colleagueChecks(ctx: Context, section: Section): Promise<void> {
  const { client, people, fixtures } = ctx;
  const send = (req: Req) => client.send(section, req);
  const expect = (answer: Answer, status: number, what: string) => section.check(answer.status === status, `${what}: expected ${status}, got ${describe(answer)}`);

  const email = `invitee-employee-${ctx.runId}@example.com`;
  const invite = linkIn(await waitForMail(ctx.dataDir, email, 'invite='), 'invite=').searchParams.get('invite') ?? '';
  const body = { invite_token: invite, password: 'a colleague passphrase that is long', preferred_language: 'fr', first_name: 'Inès', last_name: 'Roy' };
  expect(await send({ method: 'POST', path: '/api/auth/signup/employee', body }), 201, 'an employee signs up from an invitation');
  expect(await send({ method: 'POST', path: '/api/auth/signup/employee', body: { ...body, first_name: 'Autre' } }), 400, 'the same invitation used twice');
  const cookie = await ctx.login(section, { email, password: body.password });

  expect(await send({ method: 'GET', path: '/api/clinic/team', cookie }), 403, 'a non-admin employee reads the team');
  expect(await send({ method: 'POST', path: '/api/clinic/invitations', body: { email: `second-${email}`, language: 'en' }, cookie }), 403, 'a non-admin employee invites');
  expect(await send({ method: 'GET', path: '/api/clinic/mail-failures', cookie }), 403, 'a non-admin employee reads the undelivered e-mails');
  expect(await send({ method: 'POST', path: '/api/clinic/mail-failures/1/retry', cookie }), 403, 'a non-admin employee sends an e-mail again');
  expect(await send({ method: 'POST', path: `/api/clinic/employees/${fixtures.otherEmployeeId}/deactivate`, cookie }), 403, 'a non-admin employee deactivates a colleague');
  expect(await send({ method: 'POST', path: `/api/clinic/employees/${fixtures.otherEmployeeId}/reactivate`, cookie }), 403, 'a non-admin employee reactivates a colleague');
  expect(await send({ method: 'GET', path: '/api/clinic/records-requests?status=all', cookie }), 403, 'a non-admin employee reads the records requests');
  expect(
    await send({ method: 'POST', path: '/api/clinic/records-requests', body: { kind: 'access', guest_email: `records-colleague-${ctx.runId}@example.com`, received_on: new Date().toISOString().slice(0, 10) }, cookie }),
    403,
    'a non-admin employee records a records request',
  );
  expect(await send({ method: 'PATCH', path: '/api/clinic/records-requests/00000000-0000-4000-8000-000000000000', body: { status: 'completed' }, cookie }), 403, 'a non-admin employee handles a records request');
  expect(await send({ method: 'GET', path: '/api/clinic/records-requests/people?search=example', cookie }), 403, 'a non-admin employee searches the people of records requests');
  expect(await send({ method: 'POST', path: `/api/clinic/appointments/${fixtures.appointmentA}/status`, body: { status: 'booked' }, cookie }), 403, "a non-admin employee marks another dietitian's appointment");
  expect(await send({ method: 'GET', path: '/api/clinic/schedule', cookie }), 200, 'a non-admin employee reads their own schedule');

  // Another dietitian's time off is not found for them (and stays).
  const day = new Date(Date.now() + 650 * 86_400_000).toISOString().slice(0, 10);
  const added = await send({ method: 'POST', path: '/api/clinic/time-off', body: { start_date: day, end_date: day }, cookie: people.employee.cookie });
  const id = asRecord(asRecord(added.json).time_off).id;
  expect(added, 201, 'the admin adds time off');
  expect(await send({ method: 'DELETE', path: `/api/clinic/time-off/${String(id)}`, cookie }), 404, "a colleague deletes the admin's time off");
  expect(await send({ method: 'DELETE', path: `/api/clinic/time-off/${String(id)}`, cookie: people.employee.cookie }), 200, 'the admin deletes their own time off');
}

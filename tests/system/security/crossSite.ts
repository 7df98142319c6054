import { EVERYONE, type Context, type Who } from './actors';
import { codeOf, describe, failureShapeProblems, type Req } from './http';
import { matrixRows, rowRequest, type Bag } from './matrix';
import { settledOutboxCount } from './outbox';
import { Section } from './report';
import { newState } from './walk';

/** What makes a request cross-site in a browser (DESIGN §4.2). */
const CROSS_SITE: { label: string; headers: Record<string, string> }[] = [
  { label: 'Origin: https://evil.example', headers: { origin: 'https://evil.example' } },
  { label: 'Origin: null', headers: { origin: 'null' } },
  { label: 'Sec-Fetch-Site: cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
];

/**
 * Section 4: every mutating route, sent as the actor who may make it (a well-formed request
 * from the matrix), from another site: 403 `forbidden`. Then proof nothing was written: a
 * cross-site logout leaves the session valid, a cross-site cancel leaves A's appointment booked,
 * a cross-site contact message sends no e-mail.
 */
export async function runCrossSite(ctx: Context): Promise<Section> {
  const section = new Section('cross-site');
  const { client, people, fixtures } = ctx;
  const bag: Bag = {
    section,
    booking: { guest: newState(), patientA: { ...fixtures.walkA, tokens: { ...fixtures.walkA.tokens } }, patientB: newState(), employee: newState() },
    timeOffId: 1,
  };
  // Once the e-mails of the sections before (the token section's booking) are written.
  const mailsBefore = await settledOutboxCount(ctx.dataDir);
  const throwaway = await ctx.login(section, people.patientA);

  for (const row of matrixRows.filter((r) => r.method !== 'GET')) {
    // The actor for whom the request would succeed (A for the booking steps: the tokens are A's).
    const who: Who = row.route.startsWith('/api/booking/') ? 'patientA' : (['employee', 'patientA', 'guest'] as const).find((w) => row.expect[EVERYONE.indexOf(w)]! < 300) ?? 'employee';
    const base = await rowRequest(row, ctx, who, bag);
    if (row.route === '/api/auth/logout') base.cookie = throwaway;
    if (row.route === '/api/booking/cancel-appointment') base.body = { appointment_id: fixtures.appointmentA };
    if (row.route === '/api/contact') base.body = { ...(base.body as object), website: undefined };
    for (const variant of CROSS_SITE) {
      const req: Req = { ...base, headers: { ...base.headers, ...variant.headers } };
      const answer = await client.send(section, req);
      const label = `${row.method} ${req.path} as ${who} with ${variant.label}`;
      section.check(answer.status === 403 && codeOf(answer) === 'forbidden', `${label}: expected 403 forbidden, got ${describe(answer)}`);
      const problems = failureShapeProblems(answer);
      section.check(problems.length === 0, `${label}: ${problems.join('; ')}`);
    }
  }

  const me = await client.send(section, { method: 'GET', path: '/api/auth/me', cookie: throwaway });
  section.check(me.status === 200, `a cross-site logout ended the session: /api/auth/me answered ${describe(me)}`);
  const booked = await client.send(section, { method: 'GET', path: '/api/booking/booked-appointments', cookie: people.patientA.cookie });
  const ids = (((booked.json as { upcoming?: { id: number }[] }) ?? {}).upcoming ?? []).map((a) => a.id);
  section.check(ids.includes(fixtures.appointmentA), `a cross-site cancel removed A's appointment: ${describe(booked)}`);
  // The e-mails of an accepted contact message are written before the answer is sent; a booking's
  // or a cancellation's by the mail queue just after: waited for.
  const mailsAfter = await settledOutboxCount(ctx.dataDir);
  section.check(mailsAfter === mailsBefore, `cross-site requests wrote ${mailsAfter - mailsBefore} e-mail(s)`);

  // The same requests from our own origin are not refused as cross-site (the check is not blanket).
  const own = await client.send(section, {
    method: 'POST',
    path: '/api/analytics/pageview',
    body: { route: 'home___en', path: '/', locale: 'en' },
    headers: { origin: client.base, 'sec-fetch-site': 'same-origin' },
  });
  section.check(own.status === 204, `a same-origin page view was refused: ${describe(own)}`);
  return section;
}

import { completeIntakeSubmission } from '@/tests/support/intakeAnswers';
import type { Context } from './actors';
import { codeOf, describe, failureShapeProblems, type Answer, type Req } from './http';
import { Section } from './report';

/**
 * Section 5: the limits kept in the database (lib/server/auth/rateLimit.ts and the contact and
 * intake modules). Every request comes from 127.0.0.1 without X-Forwarded-For: per-address
 * limits hold here only because nothing spoofs the header (the README's proxy note).
 */
export async function runRateLimits(ctx: Context): Promise<Section> {
  const section = new Section('rate limits');
  const { client, patientC, people } = ctx;

  /** Sends `make(i)` until a 429 (at most `max` times); checks every earlier answer was `okStatus`. */
  const untilLimited = async (what: string, max: number, okStatus: number, make: (i: number) => Req): Promise<Answer | undefined> => {
    for (let i = 0; i < max; i++) {
      const answer = await client.send(section, make(i));
      if (answer.status === 429) {
        checkLimited(section, `${what} (after ${i} accepted)`, answer);
        return answer;
      }
      section.check(answer.status === okStatus, `${what} #${i + 1}: expected ${okStatus} before the limit, got ${describe(answer)}`);
    }
    section.check(false, `${what}: no 429 after ${max} requests`);
    return undefined;
  };

  // Failed logins for one account (10 per 15 min), then the right password is refused too.
  const wrong = (i: number): Req => ({ method: 'POST', path: '/api/auth/login', body: { email: patientC.email, password: `wrong password number ${i}` } });
  await untilLimited('failed logins for one account', 15, 401, wrong);
  const right = await client.send(section, { method: 'POST', path: '/api/auth/login', body: { email: patientC.email, password: patientC.password } });
  checkLimited(section, 'the right password while the account is limited', right);
  section.check(!right.headers.getSetCookie().some((c) => c.startsWith('session=') && !c.startsWith('session=;')), 'a limited login still set a session cookie');
  // The limit is the account's, not everyone's.
  const other = await client.send(section, { method: 'POST', path: '/api/auth/login', body: { email: people.patientB.email, password: people.patientB.password } });
  section.check(other.status === 200, `another account's login while C is limited: expected 200, got ${describe(other)}`);

  // Contact messages from one e-mail address (3 an hour).
  const contact = (i: number): Req => ({
    method: 'POST',
    path: '/api/contact',
    body: { name: 'Léa Martin', email: `limit-${ctx.runId}@example.com`, subject: `Question ${i}`, message: 'Do you offer evening appointments?', consent: true },
  });
  await untilLimited('contact messages from one e-mail address', 6, 200, contact);

  // Intake forms (3 an hour per e-mail, 5 per address): the matrix and the fixtures sent some already.
  const intake = (): Req => ({ method: 'POST', path: '/api/intake', body: completeIntakeSubmission({ contact: { email: `intake-limit-${ctx.runId}@example.com` } }) });
  await untilLimited('intake forms', 8, 201, intake);
  return section;
}

function checkLimited(section: Section, what: string, answer: Answer): void {
  section.check(answer.status === 429 && codeOf(answer) === 'rate_limited', `${what}: expected 429 rate_limited, got ${describe(answer)}`);
  const problems = failureShapeProblems(answer);
  section.check(problems.length === 0, `${what}: ${problems.join('; ')}`);
}

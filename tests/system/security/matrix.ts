import { completeIntakeSubmission } from '@/tests/support/intakeAnswers';
import type { ApiPath, HttpMethod } from '@/lib/http/apiRoutes';
import { signupBody, type Context, type Who } from './actors';
import type { Req } from './http';
import type { Section } from './report';
import { pick, stepBody, STEP_PATHS, type BookingState, type StepPath } from './walk';

/**
 * The authorization matrix: every route and method of lib/http/apiRoutes.ts with a well-formed
 * request, and the status each actor must get, read from the handlers (app/api, lib/server).
 * Columns: guest, patient A, patient B, employee (the demo dietitian, an administrator).
 * Rows run in this order (each row for the four actors at once): later rows use what earlier
 * ones made (the booking walk's tokens, the appointments booked, the time off added).
 */

export interface Bag {
  /** Where the rows' requests are counted. */
  section: Section;
  booking: Record<Who, BookingState>;
  /** The time off the employee's POST row added (the DELETE row removes it). */
  timeOffId?: number;
  /** The receipt the employee's payment row issued for patient A's visit (issue #20). */
  receiptId?: string;
  /** The chart entry the employee's row started in patient A's chart (issue #40). */
  chartEntryId?: string;
  /** The address of the calendar feed the employee's row made (issue #41). */
  feedPath?: string;
}

export interface Row {
  route: ApiPath;
  method: HttpMethod;
  /** guest, patient A, patient B, employee. */
  expect: readonly [number, number, number, number];
  /** The request's path (params filled in), query, body and cookie; the actor's session cookie by default. */
  req?: (ctx: Context, who: Who, bag: Bag) => Partial<Req> | Promise<Partial<Req>>;
  why?: string;
  /**
   * The loopback address the row's requests leave from, when its answers count against a
   * per-address limit the rows before have used up (the manage links' 20 misses in 15 minutes).
   */
  from?: string;
}

const NEW_PASSWORD = 'a brand new passphrase for 2027';
/** A well-formed manage-link token (43 base64url characters) that no appointment has. */
const manageToken = (runId: string, who: Who) => `${runId}-${who}`.replace(/[^A-Za-z0-9_-]/g, '').padEnd(43, 'x').slice(0, 43);
/** The tokens a waitlist join sends: the booking chain through the office step. */
const WAITLIST_CHAIN = ['session_language', 'auth', 'service', 'contact', 'address', 'skills', 'office_data', 'location'];
/** A receipt id nobody has, where no row made a real one (cross-site, fuzz). */
const NO_RECEIPT = '00000000-0000-4000-8000-000000000000';
/** A chart entry id nobody has, where no row made a real one (cross-site, fuzz). */
const NO_CHART_ENTRY = '00000000-0000-4000-8000-000000000001';
const chartEntryPath = (bag: Bag) => `/api/clinic/chart-entries/${bag.chartEntryId ?? NO_CHART_ENTRY}`;
const CHART_CONTENT = {
  subject: 'Appel',
  weight_kg: null,
  weight_unit: 'kg',
  height_cm: null,
  waist_cm: null,
  assessment: '',
  diagnoses: [],
  intervention: '',
  monitoring: '',
  goals: [],
  note: '',
};
const clinicToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const farDate = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const step = (path: StepPath): Row => ({
  route: path,
  method: 'POST',
  expect: [200, 200, 200, 200],
  req: (ctx, who, bag) => ({ body: stepBody(path, bag.booking[who], ctx.fixtures.catalog) }),
  why: 'each actor walks its own booking (the employee books for patient B)',
});
/** A handout upload: a tiny PDF as multipart form data, as the clinic's page sends it (issue #28 item 4). */
const handoutUpload = (): Partial<Req> => {
  const boundary = 'matrix-handout-boundary';
  const raw = [`--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="handout.pdf"', 'Content-Type: application/pdf', '', '%PDF-1.4\n%%EOF', `--${boundary}--`, ''].join('\r\n');
  return { raw, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
/** A fresh session of the actor, so a row that ends it (logout) leaves the run's sessions alone. */
const throwawaySession = async (ctx: Context, who: Who, bag: Bag): Promise<Partial<Req>> =>
  who === 'guest' ? {} : { cookie: await ctx.login(bag.section, ctx.people[who]) };

export const matrixRows: Row[] = [
  { route: '/api/address/metadata', method: 'GET', expect: [200, 200, 200, 200] },
  { route: '/api/analytics/pageview', method: 'POST', expect: [204, 204, 204, 204], req: () => ({ body: { route: 'home___en', path: '/', locale: 'en' } }) },
  { route: '/api/build', method: 'GET', expect: [200, 200, 200, 200] },
  { route: '/api/health', method: 'GET', expect: [200, 200, 200, 200], why: 'for a monitor: the database answers, and the last verified backup’s age; no setting, path or count' },
  { route: '/api/services/all', method: 'GET', expect: [200, 200, 200, 200] },
  { route: '/api/group-sessions', method: 'GET', expect: [200, 200, 200, 200], why: 'the public list of sessions and seats left, no attendee' },
  { route: '/api/nutrition/skills/all', method: 'GET', expect: [200, 200, 200, 200] },
  { route: '/api/auth/me', method: 'GET', expect: [401, 200, 200, 200] },
  { route: '/api/auth/validate-token', method: 'GET', expect: [200, 200, 200, 200], why: 'no cookie is simply signed out: 200 valid:false' },
  { route: '/api/auth/login', method: 'POST', expect: [200, 200, 200, 200], req: (ctx) => ({ body: { email: ctx.people.patientA.email, password: ctx.people.patientA.password } }) },
  { route: '/api/auth/logout', method: 'POST', expect: [200, 200, 200, 200], req: throwawaySession },
  {
    route: '/api/auth/change-password',
    method: 'POST',
    expect: [401, 400, 400, 400],
    req: () => ({ body: { current_password: 'not the current password at all', new_password: NEW_PASSWORD } }),
    why: 'a wrong current password: 400 wrong_current_password (nothing changes)',
  },
  { route: '/api/auth/password-reset', method: 'POST', expect: [200, 200, 200, 200], req: (ctx, who) => ({ body: { email: `nobody-${who}-${ctx.runId}@example.com` } }) },
  {
    route: '/api/auth/password-reset/confirm',
    method: 'POST',
    expect: [400, 400, 400, 400],
    req: () => ({ body: { uid: 'MTIzNDU2', token: 'x'.repeat(43), new_password: NEW_PASSWORD } }),
    why: 'an unknown link: 400 invalid_link',
  },
  { route: '/api/auth/resend-verification', method: 'POST', expect: [200, 200, 200, 200], req: (ctx, who) => ({ body: { email: `resend-${who}-${ctx.runId}@example.com` } }) },
  { route: '/api/auth/signup', method: 'POST', expect: [201, 201, 201, 201], req: (ctx, who) => ({ body: signupBody(`signup-${who}-${ctx.runId}@example.com`, 'a long and private passphrase') }) },
  {
    route: '/api/auth/signup/employee',
    method: 'POST',
    expect: [400, 400, 400, 400],
    req: () => ({ body: { invite_token: 'not-an-invitation', password: NEW_PASSWORD, preferred_language: 'en', first_name: 'Inès', last_name: 'Roy' } }),
    why: 'no valid invitation: 400 invite_invalid',
  },
  { route: '/api/auth/verify-email', method: 'POST', expect: [400, 400, 400, 400], req: () => ({ body: { uid: 'MTIzNDU2', token: 'x'.repeat(43) } }) },
  ...STEP_PATHS.map(step),
  { route: '/api/booking/booked-appointments', method: 'GET', expect: [401, 200, 200, 200] },
  {
    route: '/api/booking/cancel-appointment',
    method: 'POST',
    expect: [401, 200, 404, 200],
    req: (_, who, bag) => ({ body: { appointment_id: (who === 'employee' ? bag.booking.guest : bag.booking.patientA).appointmentId ?? 0 } }),
    why: "guest, A and B aim at A's booking of the walk above; the employee cancels the guest's",
  },
  // Manage links: the token is the only key, whoever is signed in; an unknown one is the same 404 for all.
  ...(['/api/booking/manage', '/api/booking/manage/cancel', '/api/booking/manage/slots'] as const).map(
    (route): Row => ({ route, method: 'POST', expect: [404, 404, 404, 404], req: (ctx, who) => ({ body: { token: manageToken(ctx.runId, who) } }), why: 'an unknown link' }),
  ),
  {
    route: '/api/booking/manage/reschedule',
    method: 'POST',
    expect: [404, 404, 404, 404],
    req: (ctx, who) => ({ body: { token: manageToken(ctx.runId, who), start: new Date(Date.now() + 30 * 86_400_000).toISOString() } }),
    why: 'an unknown link',
  },
  // The waitlist (issue 16): guest and patients join with their own walk's tokens; the employee
  // sends patient A's (patient B already waits for this service, joined by B's own row). A
  // place's or an offer's link is the only key of the others: an unknown one is the same 404 for all.
  {
    route: '/api/booking/waitlist/join',
    method: 'POST',
    expect: [201, 201, 201, 403],
    req: (_, who, bag) => ({
      body: {
        ...pick(bag.booking[who === 'employee' ? 'patientA' : who].tokens, WAITLIST_CHAIN),
        from_date: farDate(5),
        to_date: farDate(12),
        times_of_day: ['morning', 'evening'],
        weekdays: [2, 4],
      },
    }),
    why: "the employee replays patient A's tokens: they are A's alone",
  },
  ...(['/api/booking/waitlist', '/api/booking/waitlist/claim', '/api/booking/waitlist/leave'] as const).map(
    (route): Row => ({ route, method: 'POST', expect: [404, 404, 404, 404], req: (ctx, who) => ({ body: { token: manageToken(ctx.runId, who) } }), why: 'an unknown link' }),
  ),
  { route: '/api/booking/patients', method: 'GET', expect: [401, 403, 403, 200], req: () => ({ path: '/api/booking/patients?search=de' }) },
  { route: '/api/booking/selected-patient-info', method: 'GET', expect: [401, 403, 403, 200], req: (ctx) => ({ path: `/api/booking/selected-patient-info?id=${ctx.people.patientA.userId}` }) },
  { route: '/api/clinic/agenda', method: 'GET', expect: [401, 403, 403, 200] },
  {
    route: '/api/clinic/appointments/[id]/status',
    method: 'POST',
    expect: [401, 403, 403, 200],
    req: (ctx) => ({ path: `/api/clinic/appointments/${ctx.fixtures.appointmentA}/status`, body: { status: 'booked' } }),
    why: "A's appointment, marked 'booked' again (a no-op)",
  },
  // Payments and receipts (issue #20): the employee records $1 on A's visit; its receipt is A's alone.
  { route: '/api/clinic/appointments/[id]/payments', method: 'GET', expect: [401, 403, 403, 200], req: (ctx) => ({ path: `/api/clinic/appointments/${ctx.fixtures.appointmentA}/payments` }) },
  {
    route: '/api/clinic/appointments/[id]/payments',
    method: 'POST',
    expect: [401, 403, 403, 200],
    req: (ctx) => ({ path: `/api/clinic/appointments/${ctx.fixtures.appointmentA}/payments`, body: { amount_cents: 100, method: 'cash', paid_on: clinicToday() } }),
    why: "$1 paid on A's visit: it issues A's receipt",
  },
  { route: '/api/clinic/receipts/[id]/pdf', method: 'GET', expect: [401, 403, 403, 200], req: (_, __, bag) => ({ path: `/api/clinic/receipts/${bag.receiptId ?? NO_RECEIPT}/pdf` }) },
  { route: '/api/receipts', method: 'GET', expect: [401, 200, 200, 200] },
  {
    route: '/api/receipts/[id]/pdf',
    method: 'GET',
    expect: [401, 200, 404, 404],
    req: (_, __, bag) => ({ path: `/api/receipts/${bag.receiptId ?? NO_RECEIPT}/pdf` }),
    why: "A's receipt: B and the employee (who has no receipts of their own) get the same 404 as for none",
  },
  { route: '/api/receipts/year/[year]/pdf', method: 'GET', expect: [401, 200, 404, 404], req: () => ({ path: `/api/receipts/year/${clinicToday().slice(0, 4)}/pdf` }) },
  {
    route: '/api/clinic/receipts/[id]/void',
    method: 'POST',
    expect: [401, 403, 403, 200],
    req: (_, __, bag) => ({ path: `/api/clinic/receipts/${bag.receiptId ?? NO_RECEIPT}/void`, body: { reason: 'Wrong method', method: 'card' } }),
  },
  { route: '/api/clinic/payments/export', method: 'GET', expect: [401, 403, 403, 200], req: () => ({ path: `/api/clinic/payments/export?from=${clinicToday()}&to=${clinicToday()}` }) },
  ...(['/api/booking/manage/receipts', '/api/booking/manage/receipts/pdf'] as const).map(
    (route): Row => ({
      route,
      method: 'POST',
      expect: [404, 404, 404, 404],
      req: (ctx, who) => ({ body: { token: manageToken(ctx.runId, who), ...(route.endsWith('/pdf') && { id: NO_RECEIPT }) } }),
      why: 'an unknown link (from an address of its own: the manage rows above used 16 of its 20 misses)',
      from: '127.0.0.9',
    }),
  ),
  // Issue #30: a person's own data. Every signed-in person downloads their own export; only an
  // employee gets someone else's. Closing is tried with a wrong password: the run's people stay.
  { route: '/api/account/data-export', method: 'GET', expect: [401, 200, 200, 200] },
  {
    route: '/api/account/close',
    method: 'POST',
    expect: [401, 400, 400, 403],
    req: () => ({ body: { password: 'not the password of anyone here' } }),
    why: 'a wrong password for patients; an employee account is closed by an administrator',
  },
  {
    route: '/api/clinic/data-export',
    method: 'GET',
    expect: [401, 403, 403, 200],
    req: (ctx) => ({ path: `/api/clinic/data-export?patient_id=${ctx.people.patientA.userId}` }),
  },
  { route: '/api/privacy/data-request', method: 'POST', expect: [200, 200, 200, 200], req: (ctx, who) => ({ body: { email: `nobody-${who}-${ctx.runId}@example.com` } }) },
  {
    route: '/api/privacy/data-export',
    method: 'POST',
    expect: [410, 410, 410, 410],
    req: (ctx, who) => ({ body: { token: manageToken(ctx.runId, who) } }),
    why: 'an unknown link: the same answer as a used or expired one',
  },
  {
    route: '/api/clinic/employees/[id]/registration',
    method: 'PUT',
    expect: [401, 403, 403, 404],
    req: () => ({ path: '/api/clinic/employees/987654/registration', body: { registration_number: '12345' } }),
    why: 'nobody has that id',
  },
  {
    route: '/api/clinic/employees/[id]/deactivate',
    method: 'POST',
    expect: [401, 403, 403, 404],
    req: () => ({ path: '/api/clinic/employees/987654/deactivate' }),
    why: 'nobody has that id (deactivating a real colleague would change the clinic)',
  },
  { route: '/api/clinic/employees/[id]/reactivate', method: 'POST', expect: [401, 403, 403, 200], req: (ctx) => ({ path: `/api/clinic/employees/${ctx.fixtures.otherEmployeeId}/reactivate` }) },
  { route: '/api/clinic/group-sessions/choices', method: 'GET', expect: [401, 403, 403, 200] },
  { route: '/api/clinic/group-sessions/[id]', method: 'PATCH', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-sessions/987654', body: { capacity: 8 } }), why: 'no such session: 404 for the employee' },
  { route: '/api/clinic/group-sessions/[id]/move', method: 'POST', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-sessions/987654/move', body: { date: farDate(30), time: '18:00', office_id: 1 } }), why: 'no such session: 404 for the employee' },
  { route: '/api/clinic/group-sessions/[id]/cancel', method: 'POST', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-sessions/987654/cancel', body: { whole_series: false } }), why: 'no such session: 404 for the employee' },
  { route: '/api/clinic/group-sessions', method: 'GET', expect: [401, 403, 403, 200], req: () => ({ path: `/api/clinic/group-sessions?from=${farDate(30)}` }) },
  { route: '/api/clinic/group-sessions/[id]/handouts', method: 'GET', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-sessions/987654/handouts' }), why: 'no such session: 404 for the employee' },
  { route: '/api/clinic/group-sessions/[id]/handouts', method: 'POST', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-sessions/987654/handouts', ...handoutUpload() }), why: 'a real PDF for no such session: 404 for the employee, nothing stored' },
  { route: '/api/clinic/group-sessions/[id]/handouts/send', method: 'POST', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-sessions/987654/handouts/send', body: {} }), why: 'no such session: 404 for the employee' },
  { route: '/api/clinic/group-topics/[id]/handouts', method: 'GET', expect: [401, 403, 403, 200], req: () => ({ path: '/api/clinic/group-topics/1/handouts' }), why: 'a seeded topic’s handouts' },
  { route: '/api/clinic/group-topics/[id]/handouts', method: 'POST', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/group-topics/987654/handouts', ...handoutUpload() }), why: 'a real PDF for no such topic: 404 for the employee, nothing stored' },
  { route: '/api/clinic/handouts/[id]', method: 'DELETE', expect: [401, 403, 403, 404], req: () => ({ path: '/api/clinic/handouts/987654' }), why: 'no such handout: 404 for the employee' },
  {
    route: '/api/handouts/[token]',
    method: 'GET',
    expect: [404, 404, 404, 404],
    req: () => ({ path: '/api/handouts/eyJhbGciOiJIUzI1NiJ9.eyJoIjoxLCJzdWIiOiIxIiwiYXVkIjoiaGFuZG91dCJ9.bm90LXNpZ25lZC1ieS11cw' }),
    why: 'a handout link not signed by the server opens nothing, for anyone (signed in or not)',
  },
  {
    route: '/api/clinic/group-sessions',
    method: 'POST',
    expect: [401, 403, 403, 201],
    req: (ctx) => {
      const [range] = ctx.fixtures.scheduleRanges as { office_id: number }[];
      return {
        body: { topic_id: 1, employee_id: ctx.people.employee.userId, office_id: range?.office_id ?? 1, date: farDate(710), time: '18:00', session_language: 'fr', capacity: 8, meetings: 1 },
      };
    },
    why: 'a session far ahead, on a day nothing else uses',
  },
  { route: '/api/clinic/invitations', method: 'POST', expect: [401, 403, 403, 201], req: (ctx, who) => ({ body: { email: `invitee-${who}-${ctx.runId}@example.com`, language: 'fr' } }) },
  { route: '/api/clinic/mail-failures', method: 'GET', expect: [401, 403, 403, 200] },
  {
    route: '/api/clinic/mail-failures/[id]/retry',
    method: 'POST',
    expect: [401, 403, 403, 404],
    req: () => ({ path: '/api/clinic/mail-failures/999999/retry' }),
    why: 'no such e-mail waiting: 404 for the administrator',
  },
  { route: '/api/clinic/patients', method: 'GET', expect: [401, 403, 403, 200] },
  { route: '/api/clinic/patients/[id]', method: 'GET', expect: [401, 403, 403, 200], req: (ctx) => ({ path: `/api/clinic/patients/${ctx.people.patientA.userId}` }) },
  // The employee's calendar feed (issue #41): its page is hers; the feed itself answers whoever holds the token
  // (calendar apps send no cookie), and 404 once the link is turned off.
  { route: '/api/clinic/calendar-feed', method: 'GET', expect: [401, 403, 403, 200] },
  { route: '/api/clinic/calendar-feed', method: 'POST', expect: [401, 403, 403, 201], req: () => ({ body: { titles: 'service' } }) },
  {
    route: '/api/calendar-feeds/[token]',
    method: 'GET',
    expect: [200, 200, 200, 200],
    req: (_, __, bag) => ({ path: bag.feedPath ?? `/api/calendar-feeds/${'x'.repeat(43)}.ics` }),
    why: 'the token is the credential: the same answer with or without a session',
  },
  { route: '/api/clinic/calendar-feed', method: 'PUT', expect: [401, 403, 403, 200], req: () => ({ body: { titles: 'initials' } }) },
  { route: '/api/clinic/calendar-feed', method: 'DELETE', expect: [401, 403, 403, 200] },
  // The clinical record (issue #40): the patient's circle of care and the administrators (the employee is both); a
  // patient gets 403 on every clinic route. The employee's entry is drafted, saved, signed, amended, shared, struck, then
  // refused a delete (409: signed entries are never deleted).
  { route: '/api/clinic/patients/[id]/chart', method: 'GET', expect: [401, 403, 403, 200], req: (ctx) => ({ path: `/api/clinic/patients/${ctx.people.patientA.userId}/chart` }) },
  {
    route: '/api/clinic/patients/[id]/chart',
    method: 'POST',
    expect: [401, 403, 403, 201],
    req: (ctx) => ({ path: `/api/clinic/patients/${ctx.people.patientA.userId}/chart`, body: { template: 'note' } }),
  },
  { route: '/api/clinic/chart-entries/[id]', method: 'GET', expect: [401, 403, 403, 200], req: (_, __, bag) => ({ path: chartEntryPath(bag) }) },
  {
    route: '/api/clinic/chart-entries/[id]',
    method: 'PUT',
    expect: [401, 403, 403, 200],
    req: (_, __, bag) => ({ path: chartEntryPath(bag), body: { version: 1, privacy: 'circle', content: { ...CHART_CONTENT, note: 'Appel du patient.' } } }),
  },
  { route: '/api/clinic/chart-entries/[id]/sign', method: 'POST', expect: [401, 403, 403, 200], req: (_, __, bag) => ({ path: `${chartEntryPath(bag)}/sign`, body: { version: 2 } }) },
  {
    route: '/api/clinic/chart-entries/[id]/addenda',
    method: 'POST',
    expect: [401, 403, 403, 201],
    req: (_, __, bag) => ({ path: `${chartEntryPath(bag)}/addenda`, body: { reason: 'Précision', text: 'Rappelé le lendemain.' } }),
  },
  { route: '/api/clinic/chart-entries/[id]/sharing', method: 'PUT', expect: [401, 403, 403, 200], req: (_, __, bag) => ({ path: `${chartEntryPath(bag)}/sharing`, body: { shared: true } }) },
  { route: '/api/account/chart', method: 'GET', expect: [401, 200, 200, 200], why: 'each patient’s own shared notes (none for the employee, who is no patient)' },
  {
    route: '/api/clinic/chart-entries/[id]/entered-in-error',
    method: 'POST',
    expect: [401, 403, 403, 200],
    req: (_, __, bag) => ({ path: `${chartEntryPath(bag)}/entered-in-error`, body: { reason: 'Mauvais dossier' } }),
  },
  { route: '/api/clinic/chart-entries/[id]', method: 'DELETE', expect: [401, 403, 403, 409], req: (_, __, bag) => ({ path: chartEntryPath(bag) }), why: 'a signed entry is never deleted' },
  {
    route: '/api/clinic/patients/[id]/chart-pdf',
    method: 'GET',
    expect: [401, 403, 403, 200],
    req: (ctx) => ({ path: `/api/clinic/patients/${ctx.people.patientA.userId}/chart-pdf?language=fr` }),
  },
  { route: '/api/clinic/notes-to-sign', method: 'GET', expect: [401, 403, 403, 200] },
  // Records requests (issue #30 item 5): administrators only; a non-admin employee's 403s are in colleague.ts.
  { route: '/api/clinic/records-requests', method: 'GET', expect: [401, 403, 403, 200], req: () => ({ path: '/api/clinic/records-requests?status=all' }) },
  { route: '/api/clinic/backups', method: 'GET', expect: [401, 403, 403, 200], why: 'the backups’ files and settings: administrators only' },
  {
    route: '/api/clinic/records-requests',
    method: 'POST',
    expect: [401, 403, 403, 201],
    req: (ctx, who) => ({ body: { kind: 'access', guest_email: `records-${who}-${ctx.runId}@example.com`, received_on: clinicToday() } }),
    why: "a guest's access request, received today",
  },
  {
    route: '/api/clinic/records-requests/[id]',
    method: 'PATCH',
    expect: [401, 403, 403, 404],
    req: () => ({ path: '/api/clinic/records-requests/00000000-0000-4000-8000-000000000000', body: { status: 'completed' } }),
    why: 'no such request: 404 for the administrator',
  },
  { route: '/api/clinic/records-requests/people', method: 'GET', expect: [401, 403, 403, 200], req: () => ({ path: '/api/clinic/records-requests/people?search=example' }) },
  { route: '/api/clinic/schedule', method: 'GET', expect: [401, 403, 403, 200] },
  { route: '/api/clinic/schedule', method: 'PUT', expect: [401, 403, 403, 200], req: (ctx) => ({ body: { ranges: ctx.fixtures.scheduleRanges } }), why: 'the current schedule again' },
  { route: '/api/clinic/team', method: 'GET', expect: [401, 403, 403, 200] },
  { route: '/api/clinic/time-off', method: 'POST', expect: [401, 403, 403, 201], req: () => ({ body: { start_date: farDate(700), end_date: farDate(700), reason: 'Congrès' } }) },
  { route: '/api/clinic/time-off/[id]', method: 'DELETE', expect: [401, 403, 403, 200], req: (_, __, bag) => ({ path: `/api/clinic/time-off/${bag.timeOffId ?? 0}` }) },
  { route: '/api/clinic/waitlist', method: 'GET', expect: [401, 403, 403, 200] },
  ...(
    [
      ['/api/clinic/waitlist/[id]', 'DELETE', ''],
      ['/api/clinic/waitlist/[id]/slots', 'GET', '/slots'],
      ['/api/clinic/waitlist/[id]/offers', 'POST', '/offers'],
    ] as const
  ).map(
    ([route, method, tail]): Row => ({
      route,
      method,
      expect: [401, 403, 403, 404],
      req: () => ({ path: `/api/clinic/waitlist/987654${tail}`, body: method === 'POST' ? { start: new Date(Date.now() + 9 * 86_400_000).toISOString() } : undefined }),
      why: 'nobody waits under that id: 404 for an employee',
    }),
  ),
  {
    route: '/api/contact',
    method: 'POST',
    expect: [200, 200, 200, 200],
    req: () => ({ body: { name: 'Robot', email: 'robot@example.com', subject: 'Bonjour', message: 'A message from the honeypot.', consent: true, website: 'https://spam.example' } }),
    why: 'the honeypot: answered 200, nothing stored or counted (the per-address limit is the rate-limit section’s)',
  },
  {
    route: '/api/intake',
    method: 'POST',
    expect: [201, 201, 201, 201],
    req: (ctx, who) => ({ body: completeIntakeSubmission({ contact: { email: who === 'guest' || who === 'employee' ? `intake-${who}-${ctx.runId}@example.com` : ctx.people[who].email } }) }),
  },
  { route: '/api/intake', method: 'GET', expect: [401, 200, 200, 200] },
  { route: '/api/intake/[id]', method: 'GET', expect: [401, 200, 404, 200], req: (ctx) => ({ path: `/api/intake/${ctx.fixtures.intakeA}` }), why: "A's form: B gets the same 404 as for no form" },
  { route: '/api/intake/draft', method: 'GET', expect: [401, 200, 200, 200] },
  {
    route: '/api/intake/draft',
    method: 'PUT',
    expect: [401, 200, 200, 200],
    req: () => ({ body: { step: 1, answers: { contact: { firstName: 'Zoé' } }, updated_at: new Date().toISOString() } }),
  },
  { route: '/api/intake/draft', method: 'DELETE', expect: [401, 200, 200, 200] },
];

/** The row's request for an actor: its path (the route itself unless given), body and cookie. */
export async function rowRequest(row: Row, ctx: Context, who: Who, bag: Bag): Promise<Req> {
  const extra = row.req ? await row.req(ctx, who, bag) : {};
  return { method: row.method, path: row.route, cookie: ctx.people[who].cookie, ...extra };
}

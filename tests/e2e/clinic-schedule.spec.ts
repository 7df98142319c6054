import { axe } from './support/axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, main, messages, signIn } from './support/booking';

/**
 * Schedules and time off (issue #8, item 1): the demo dietitian adds a day of time off on a
 * date where she has free slots, the booking API (available-appointments, as the booking page
 * calls it, for an employee booking with her) stops offering that day, and she deletes it.
 * The date is the LAST one offered (weeks out), which the other specs, booking the first
 * dates, do not touch. No axe violation on the page in either language.
 */

type Json = Record<string, unknown>;
const contact = {
  firstName: 'Alex', lastName: 'Martin', email: demo.patient.email, phone: '613 555 0188', createAccount: false,
  streetNumber: '245', streetName: 'Bank Street', unitNumber: '3', city: 'Ottawa', province: 'ON', postalCode: 'K2P 1X4', country: 'CA',
};

async function postJson(request: APIRequestContext, path: string, data: Json): Promise<Json> {
  const response = await request.post(path, { data, headers: { 'Accept-Language': 'en' } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Json;
}

/** The dates on which the signed-in dietitian has free slots at her first physical office, as the booking flow fetches them. */
async function ownSlotDates(request: APIRequestContext): Promise<string[]> {
  const me = (await (await request.get('/api/auth/me')).json()) as { user: { id: number } };
  const found = (await (await request.get(`/api/booking/patients?search=${encodeURIComponent(demo.patient.email)}`)).json()) as { patients: { id: number }[] };
  const services = (await (await request.get('/api/services/all')).json()) as { id: number; slug: string }[];
  const skills = (await (await request.get('/api/nutrition/skills/all')).json()) as { id: number; translated_name: string }[];
  const t: Json = {};
  Object.assign(t, await postJson(request, '/api/booking/check-session', {
    session_language: 'en', employee_selected_patient_id: found.patients[0]!.id, employee_selected_dietitian_id: me.user.id,
  }));
  const base = () => ({ session_language_token: t.session_language_token, auth_token: t.auth_token });
  const service = services.find((s) => s.slug === 'individual-consultation')!;
  Object.assign(t, await postJson(request, '/api/booking/check-service', { service_id: service.id, ...base() }));
  Object.assign(t, await postJson(request, '/api/booking/check-contact', { contact, ...base() }));
  Object.assign(t, await postJson(request, '/api/booking/check-address', { contact, ...base() }));
  const reason = skills.find((s) => /weight/i.test(s.translated_name))!;
  const { service_token, contact_token, address_token } = t;
  Object.assign(t, await postJson(request, '/api/booking/check-skills', { skills: [reason.id], user_message: '', ...base(), service_token, contact_token, address_token }));
  const officeBody = { ...base(), service_token, contact_token, address_token, skills_token: t.skills_token };
  const located = (await postJson(request, '/api/booking/locations/fetch', officeBody)) as { office_data_token: string; offices: { id: number; is_virtual: boolean }[] };
  const office = located.offices.find((o) => !o.is_virtual)!;
  const chosen = { ...officeBody, office_data_token: located.office_data_token };
  const { location_token } = await postJson(request, '/api/booking/locations/check', { ...chosen, selected_office_id: office.id });
  const fetched = await postJson(request, '/api/booking/available-appointments/fetch', { ...chosen, location_token });
  return Object.keys(fetched.appointment_options as Json).sort();
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the dietitian adds a day of time off, its slots leave booking, and she deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  const t = messages.en.ClinicSchedule;
  await signIn(page, 'en', demo.employee);
  const before = await ownSlotDates(page.request);
  expect(before.length).toBeGreaterThan(2);
  const date = before.at(-1)!;

  await page.goto('/profile/schedule');
  await expect(main(page).getByRole('heading', { level: 2, name: t.weekly.heading })).toBeVisible();
  await expectNoAxeViolations(page);
  const form = main(page).locator('form', { has: page.getByRole('heading', { name: t.timeOff.formHeading }) });
  await form.getByLabel(t.timeOff.startDate, { exact: true }).fill(date);
  await form.getByLabel(t.timeOff.endDate, { exact: true }).fill(date);
  await form.getByLabel(t.timeOff.reason, { exact: true }).fill('E2E training day');
  await form.getByRole('button', { name: t.timeOff.add }).click();
  const entry = main(page).getByRole('listitem').filter({ hasText: 'E2E training day' });
  await expect(entry).toBeVisible();

  const after = await ownSlotDates(page.request);
  expect(after).not.toContain(date);

  await entry.getByRole('button', { name: new RegExp(t.timeOff.delete) }).click();
  await expect(entry).toHaveCount(0);
  expect(await ownSlotDates(page.request)).toContain(date);
});

test('the schedule page has no axe violations in French, with a form error shown', async ({ page }) => {
  const t = messages.fr.ClinicSchedule;
  await signIn(page, 'fr', demo.employee);
  await page.goto('/fr/profile/horaire');
  await expect(main(page).getByRole('heading', { level: 2, name: t.weekly.heading })).toBeVisible();
  await expectNoAxeViolations(page);
  // A time off without dates: the errors show at the fields, in French, and nothing is sent.
  await main(page).getByRole('button', { name: t.timeOff.add }).click();
  await expect(main(page).getByLabel(t.timeOff.startDate, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as fetchLocations } from '@/app/api/booking/locations/fetch/route';
import { POST as manageView } from '@/app/api/booking/manage/route';
import type { Database } from '@/lib/server/db/client';
import { offices } from '@/lib/server/db/schema';
import { DEMO_PATIENT } from '@/lib/server/db/seed';
import { seedOffices } from '@/lib/server/db/seed/offices';
import { readOutbox } from '@/lib/server/email';
import { deliverQueuedEmails } from '@/lib/server/email/queue';
import { calendarOfEml, icsProperty, manageTokenIn, unfoldIcs } from './support/after-booking';
import { bookingDriver, firstSlot, form, ok, type Who } from './support/booking';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { deliverMail } from './support/mail';

/**
 * Addresses in each language (issue #27 item 9), through the route handlers on the seeded demo
 * clinic: the office step's API carries the French street name beside the fields SPEC names, and a
 * French booking's e-mail, .ics LOCATION and manage page write the office « 180, rue Metcalfe,
 * bureau 504, Ottawa (Ontario) », an English one "2555 St. Joseph Boulevard, Suite 210, Ottawa,
 * Ontario". The seed gives an existing database the French names at its next start.
 */

const clinic = demoClinic('office-address');
let db: Database;
const HOUR = 3_600_000;
const { walk, slots, choose, book } = bookingDriver(clinic.catalog);

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
});
afterAll(() => clinic.close());

/** Books at `office` as `who` in `language` (for `skills`); answers the confirmation sent to `email`. */
async function booksAt(office: string, language: 'en' | 'fr', who: Who, email: string, skills?: string[]) {
  const t = await walk({ who, office, language, skills });
  const { date, slot } = firstSlot((await slots(t, who)).appointment_options, (_d, s) => Date.parse(s.start) > Date.now() + 72 * HOUR);
  expect((await choose(t, date, slot, who)).status).toBe(200);
  const before = (await readOutbox(join(clinic.dataDir, 'outbox'))).length;
  const res = await book(t, who);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await deliverMail();
  await deliverQueuedEmails(db);
  const mails = (await readOutbox(join(clinic.dataDir, 'outbox'))).slice(before).filter((m) => m.to === email);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** What a reader sees of an .ics LOCATION (RFC 5545 escapes commas). */
const locationOfIcs = (emlPath: string) => icsProperty(unfoldIcs(calendarOfEml(emlPath)), 'LOCATION')?.replace(/\\([,;\\])/g, '$1');

async function manageLocation(text: string, language: 'en' | 'fr') {
  const res = await call(manageView, '/api/booking/manage', { body: { token: manageTokenIn(text, language) }, locale: language });
  expect(res.status).toBe(200);
  return (res.json.appointment as { location: unknown }).location;
}

describe('offices’ addresses in each language', () => {
  it('the office step’s API gives the French street name beside the fields SPEC §3 names', async () => {
    const who: Who = { locale: 'fr' };
    const t = await walk({ who, language: 'fr' });
    const body = {
      session_language_token: t.session_language_token, auth_token: t.auth_token, service_token: t.service_token,
      contact_token: t.contact_token, address_token: t.address_token, skills_token: t.skills_token,
    };
    const list = (await ok(fetchLocations, '/api/booking/locations/fetch', body, who)).offices as { name: string; address: Record<string, unknown> | null }[];
    const centretown = list.find((office) => office.name === 'Centre-ville');
    expect(centretown?.address).toMatchObject({ street_number: '180', street_name: 'Metcalfe Street', street_name_fr: 'rue Metcalfe', unit_number: '504' });
  });

  it('a French booking writes the office the French way in the e-mail, the .ics and the manage page', async () => {
    const french = '180, rue Metcalfe, bureau 504, Ottawa (Ontario) K2P 1P5';
    const mail = await booksAt('centretown', 'fr', { locale: 'fr' }, form.email);
    expect(mail.text).toContain(`Centre-ville, ${french}`);
    expect(mail.html).toContain(french);
    expect(mail.text).not.toMatch(/Metcalfe Street|, 504,/);
    expect(locationOfIcs(mail.emlPath)).toBe(`Centre-ville, ${french}`);
    expect(await manageLocation(mail.text, 'fr')).toEqual({ kind: 'office', name: 'Centre-ville', address: french });
  });

  it('an English booking writes it the English way, the unit a suite', async () => {
    const english = '2555 St. Joseph Boulevard, Suite 210, Ottawa, Ontario K1C 1S6';
    const who: Who = { cookie: await clinic.cookieFor(await clinic.userId(DEMO_PATIENT.email)) };
    // Amira sees English-speaking patients about diabetes at Orléans.
    const mail = await booksAt('orleans', 'en', who, DEMO_PATIENT.email, ['diabetes']);
    expect(mail.text).toContain(`Orléans, ${english}`);
    expect(mail.text).not.toMatch(/boulevard Saint-Joseph|, 210,|\(Ontario\)/);
    expect(locationOfIcs(mail.emlPath)).toBe(`Orléans, ${english}`);
    expect(await manageLocation(mail.text, 'en')).toEqual({ kind: 'office', name: 'Orléans', address: english });
  });

  it('the seed, run at every start, gives an existing database the French street names', async () => {
    await db.update(offices).set({ streetNameFr: null });
    await seedOffices(db);
    const rows = await db.select({ slug: offices.slug, streetNameFr: offices.streetNameFr }).from(offices).where(eq(offices.isVirtual, false));
    expect(Object.fromEntries(rows.map((row) => [row.slug, row.streetNameFr]))).toEqual({ centretown: 'rue Metcalfe', orleans: 'boulevard Saint-Joseph' });
  });
});

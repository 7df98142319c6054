import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as contact } from '@/app/api/contact/route';
import { resetConfigForTests } from '@/lib/server/config';
import { listContactOffices } from '@/lib/server/contact/offices';
import { setDatabaseForTests } from '@/lib/server/db/client';
import { contactMessages, offices, rateLimitEvents } from '@/lib/server/db/schema';
import { contactAcknowledgementEmail, contactClinicCopyEmail } from '@/lib/server/email';
import { createTestDatabase, type TestDatabase } from './support/db';
import { call } from './support/http';
import { deliveredOutbox, deliverMail } from './support/mail';

const CLINIC_INBOX = 'reception@clinic.test';

let testDb: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-contact-'));
  process.env.DATA_DIR = dataDir;
  process.env.CLINIC_EMAIL = CLINIC_INBOX;
  delete process.env.SMTP_URL;
  resetConfigForTests();
  testDb = await createTestDatabase({ state: 'reference' });
  setDatabaseForTests(testDb.db);
});
afterAll(async () => {
  await deliverMail();
  setDatabaseForTests(null);
  await testDb.close();
  delete process.env.CLINIC_EMAIL;
  resetConfigForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
const uniqueEmail = () => `visitor${Date.now()}${n++}@example.ca`;

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Geneviève Lavoie',
    email: uniqueEmail(),
    phone: '613 555 0177',
    subject: 'Rendez-vous pour mon fils',
    message: 'Bonjour, mon fils de 9 ans a reçu un diagnostic de maladie cœliaque. Offrez-vous des consultations en pédiatrie?',
    consent: true,
    website: '',
    ...overrides,
  };
}

/** The outbox, once the e-mails queued so far had their try. */
const mails = () => deliveredOutbox(join(dataDir, 'outbox'));
const storedFor = (email: string) => testDb.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const countMessages = async () => (await testDb.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages))[0]!.n;

describe('POST /api/contact', () => {
  it('stores the message, mails the clinic (Reply-To the sender) and acknowledges in French', async () => {
    const body = message();
    const before = (await mails()).length;
    const res = await call(contact, '/api/contact', { body, locale: 'fr', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.messages).toEqual([{ message: expect.stringMatching(/^Merci!/), type: 'success' }]);

    const [row] = await storedFor(body.email);
    expect(row).toMatchObject({ name: body.name, phone: '16135550177', subject: body.subject, message: body.message, language: 'fr' });
    // Only a keyed hash of the address is kept.
    expect(row!.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');

    const sent = (await mails()).slice(before);
    expect(sent).toHaveLength(2);
    const copy = sent.find((mail) => mail.to === CLINIC_INBOX)!;
    expect(copy.replyTo).toBe(body.email);
    expect(copy.subject).toContain(body.subject);
    expect(copy.text).toContain('maladie cœliaque');
    expect(copy.text).toContain('+1 (613) 555-0177');

    const ack = sent.find((mail) => mail.to === body.email)!;
    expect(ack.language).toBe('fr');
    expect(ack.subject).toBe('Nous avons bien reçu votre message');
    // Anyone can type any address: the acknowledgement carries none of the sender's text.
    expect(ack.text).toMatch(/^Bonjour,/);
    expect(ack.text).not.toContain('Geneviève');
    expect(ack.html).toContain('lang="fr"');
    // The acknowledgement never repeats what the visitor wrote.
    for (const part of [ack.text, ack.html, ack.subject]) {
      expect(part).not.toContain('cœliaque');
      expect(part).not.toContain(body.subject);
    }
    expect(ack.text).toMatch(/https?:\/\/\S+\/fr\/reserver-en-ligne/);
  });

  it('answers in English for an English request and accepts a message without a phone number', async () => {
    const body = message({ phone: '', subject: 'Group programs', message: 'Do you offer group programs for office teams?' });
    const res = await call(contact, '/api/contact', { body });
    expect(res.status).toBe(200);
    expect(res.json.messages).toEqual([{ message: expect.stringMatching(/^Thank you!/), type: 'success' }]);
    const [row] = await storedFor(body.email);
    expect(row).toMatchObject({ phone: null, language: 'en' });
    const ack = (await mails()).filter((mail) => mail.to === body.email);
    expect(ack).toHaveLength(1);
    expect(ack[0]!.subject).toBe('We received your message');
  });

  it('refuses bad input with a localized error for each bad field, storing and sending nothing', async () => {
    const [messagesBefore, mailsBefore] = [await countMessages(), (await mails()).length];
    const body = { name: '  ', email: 'not-an-address', phone: '12', subject: 'x'.repeat(151), message: 'Too short', consent: false, website: '' };
    const res = await call(contact, '/api/contact', { body, locale: 'fr' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    const fieldErrors = res.json.field_errors as Record<string, string[]>;
    expect(Object.keys(fieldErrors).sort()).toEqual(['consent', 'email', 'message', 'name', 'phone', 'subject']);
    expect(fieldErrors.name).toEqual(['Ce champ est obligatoire.']);
    expect(fieldErrors.message).toEqual(['Écrivez au moins 10 caractères.']);
    expect(fieldErrors.consent).toEqual(['Veuillez donner votre accord pour que nous puissions répondre à votre message.']);
    expect(await countMessages()).toBe(messagesBefore);
    expect((await mails()).length).toBe(mailsBefore);
  });

  it('answers a filled honeypot like a real message, but stores, counts and sends nothing', async () => {
    const [messagesBefore, mailsBefore] = [await countMessages(), (await mails()).length];
    const body = message({ website: 'https://spam.example' });
    const res = await call(contact, '/api/contact', { body });
    expect(res.status).toBe(200);
    expect(res.json.messages).toEqual([{ message: expect.stringMatching(/^Thank you!/), type: 'success' }]);
    expect(await countMessages()).toBe(messagesBefore);
    expect((await mails()).length).toBe(mailsBefore);
    const events = await testDb.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.key, `contact-email:${body.email}`));
    expect(events).toHaveLength(0);
  });

  it('allows 5 messages an hour per address, then answers 429 with Retry-After', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' };
    for (let i = 0; i < 5; i++) expect((await call(contact, '/api/contact', { body: message(), headers })).status).toBe(200);
    const before = [await countMessages(), (await mails()).length];
    const refused = await call(contact, '/api/contact', { body: message(), headers, locale: 'fr' });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(refused.json.message).toMatch(/^Vous avez envoyé plusieurs messages en peu de temps\. Veuillez réessayer dans 60 minutes/);
    expect([await countMessages(), (await mails()).length]).toEqual(before);
    // Another address is not affected.
    expect((await call(contact, '/api/contact', { body: message() })).status).toBe(200);
  });

  it('allows 3 messages an hour per e-mail address, whatever the network', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await call(contact, '/api/contact', { body: message({ email }) })).status).toBe(200);
    const refused = await call(contact, '/api/contact', { body: message({ email: email.toUpperCase() }) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await storedFor(email)).toHaveLength(3);
  });

  it.each([
    ['Origin from another site', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a cross-site POST (%s)', async (_name, headers) => {
    const body = message();
    const res = await call(contact, '/api/contact', { body, headers });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
    expect(await storedFor(body.email)).toHaveLength(0);
  });
});

describe('the offices the contact page lists', () => {
  it('are the open offices of the seeded database, physical ones first, named in the page language', async () => {
    const en = listContactOffices('en');
    expect(en.map((office) => office.slug)).toEqual(['centretown', 'orleans', 'virtual']);
    expect(en[0]).toMatchObject({
      name: 'Centretown',
      address: { streetNumber: '180', streetName: 'Metcalfe Street', streetNameFr: 'rue Metcalfe', unitNumber: '504', city: 'Ottawa', provinceCode: 'ON', postalCode: 'K2P1P5' },
      googleMapsLink: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\//),
    });
    expect(en[2]).toMatchObject({ isVirtual: true, address: null, googleMapsLink: null });
    expect(listContactOffices('fr')[0]!.name).toBe('Centre-ville');
    // The page is prerendered from the catalogue: it must say what the database (and so the
    // booking flow) holds after the seed.
    const rows = await testDb.db.select().from(offices);
    for (const office of en) {
      const row = rows.find((r) => r.slug === office.slug);
      expect(row, office.slug).toMatchObject({ nameEn: office.name, isAvailable: true, isVirtual: office.isVirtual, googleMapsLink: office.googleMapsLink });
      if (office.address) expect(row).toMatchObject(office.address);
    }
    expect(rows.filter((r) => r.isAvailable)).toHaveLength(en.length);
  });
});

describe('the contact e-mails', () => {
  const LINK = 'https://clinic.test/fr/reserver-en-ligne';
  const evil = '<script>alert(1)</script>';
  const copyOf = (overrides: Partial<Parameters<typeof contactClinicCopyEmail>[0]> = {}) =>
    contactClinicCopyEmail({
      language: 'en',
      name: 'Olivia Chen',
      email: 'olivia@example.ca',
      phone: null,
      subject: 'Fees',
      message: 'First line.\n\nSecond line.',
      receivedAt: new Date('2026-11-24T14:05:00Z'),
      timeZone: 'America/Toronto',
      ...overrides,
    });

  it('gives the clinic every field, one paragraph per line written, in Toronto time', () => {
    const copy = copyOf();
    expect(copy.text).toContain('Phone: not given');
    expect(copy.text).toContain('Received: Tuesday, November 24, 2026 at 9:05');
    expect(copy.html).toContain('<p style="margin:0 0 16px;">First line.</p>\n<p style="margin:0 0 16px;">Second line.</p>');
    expect(copyOf({ language: 'fr', phone: '16135550177' }).text).toContain('Téléphone\u00a0: +1 (613) 555-0177');
  });

  it('escapes what the visitor wrote and keeps the Subject header on one line', () => {
    const copy = copyOf({ name: evil, subject: `${evil}\r\nBcc: x@example.test`, message: evil });
    expect(copy.html).not.toContain('<script>');
    expect(copy.html).toContain('&lt;script&gt;');
    expect(copy.subject).not.toMatch(/[\r\n]/);
  });

  it.each(['en', 'fr'] as const)('acknowledges in %s with the booking link, the phone and no gaps', (language) => {
    const ack = contactAcknowledgementEmail({ language, bookingLink: LINK });
    expect(ack.html).toContain(`<html lang="${language}"`);
    for (const part of [ack.text, ack.html]) {
      expect(part).toContain(LINK);
      expect(part).toContain('+1 (613) 555-0142');
      expect(part).toContain('911');
    }
    for (const part of [ack.subject, ack.text, ack.html]) expect(part).not.toMatch(/undefined|null|NaN|\[object/);
  });

  it('writes the French acknowledgement with French typography', () => {
    const fr = contactAcknowledgementEmail({ language: 'fr', bookingLink: LINK });
    const withoutLink = (part: string) => part.replaceAll(LINK, '');
    expect(fr.text).not.toMatch(/e-mail|email/i);
    for (const part of [fr.subject, fr.text].map(withoutLink)) {
      expect(part).not.toMatch(/ [:;!?]/);
      expect(part).not.toMatch(/[\s\u00a0\u202f][;!?]|[^\s\u00a0\u202f/]:(?!\/\/)|\u202f:/);
    }
  });
});

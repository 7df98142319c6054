import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as recordPaymentRoute } from '@/app/api/clinic/appointments/[id]/payments/route';
import { GET as clinicPdfRoute } from '@/app/api/clinic/receipts/[id]/pdf/route';
import type { VisitPayments } from '@/lib/schemas/payments';
import type { Database } from '@/lib/server/db/client';
import { appointments, payments, receipts, type GuestContact } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { call, callResponse, type CallOptions } from './support/http';
import { pdfFonts, pdfText } from './support/pdf';

/**
 * Every patient's name prints exactly (issue #27 item 5): names and addresses of languages written
 * in Latin letters (and, as a fallback, Greek and Cyrillic ones) read back letter for letter with
 * poppler's pdftotext, in fonts pdffonts lists as embedded subsets; a name typed decomposed prints
 * composed; a character no font has refuses the payment with a clear message, never a receipt
 * with a letter missing. On PGlite and (TEST_DATABASE_URL) PostgreSQL.
 */

const clinic = demoClinic('receipt-names');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let db: Database;
let sophie = '';

type Handler = Parameters<typeof call>[0];
const byId =
  (route: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>, id: string | number): Handler =>
  (request) => route(request, { params: Promise.resolve({ id: String(id) }) });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

let dayOffset = 1;
/** A guest's visit that has taken place (a distinct day each). */
async function guestVisit(first: string, last: string, language: 'en' | 'fr' = 'en') {
  const startsAt = new Date(Date.now() - dayOffset++ * DAY);
  const guest: GuestContact = { firstName: first, lastName: last, email: `guest${dayOffset}@example.com`, phone: '16135550101' };
  const [row] = await db
    .insert(appointments)
    .values({
      guestContact: guest,
      employeeId: await clinic.userId(DEMO_DIETITIAN.email),
      serviceId: clinic.catalog.serviceId['individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
      blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
      sessionLanguage: language,
      reasons: [clinic.catalog.skillId.diabetes!],
      status: 'completed',
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
      createdAt: new Date(startsAt.getTime() - 7 * DAY),
    })
    .returning();
  return row!;
}

async function pay(appointmentId: number, options: CallOptions = {}) {
  return call(byId(recordPaymentRoute, appointmentId), `/api/clinic/appointments/${appointmentId}/payments`, {
    cookie: sophie,
    ...options,
    body: { amount_cents: 13500, method: 'card', paid_on: today() },
  });
}

async function receiptPdf(id: string, lang?: 'en' | 'fr'): Promise<Uint8Array> {
  const response = await callResponse(byId(clinicPdfRoute, id), `/api/clinic/receipts/${id}/pdf${lang ? `?lang=${lang}` : ''}`, { cookie: sophie });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The fonts pdffonts lists: every one must be embedded, a subset (ABCDEF+Name) and mapped to Unicode. */
function fontRows(bytes: Uint8Array): string[] {
  const rows = pdfFonts(bytes).trim().split('\n').slice(2);
  for (const row of rows) expect(row, row).toMatch(/^[A-Z]{6}\+NotoSans-(Regular|Bold)\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes\s/);
  return rows;
}

const PEOPLE = [
  { language: 'Polish', first: 'Łucja', last: 'Wąsowska', address: ['ul. Świętokrzyska 12, lok. 5', '90-001 Łódź'] },
  { language: 'Vietnamese', first: 'Nguyễn Thị', last: 'Ánh', address: ['Số 12 Phố Hàng Bạc', 'Quận Hoàn Kiếm, Hà Nội'] },
  { language: 'Czech', first: 'Růžena', last: 'Dvořák', address: ['Náměstí Míru 5', 'Brno-střed, Česko'] },
  { language: 'Turkish', first: 'Şükrü', last: 'Gençoğlu', address: ['İstiklal Caddesi 42', 'Beyoğlu, İstanbul'] },
  { language: 'Romanian', first: 'Ștefan', last: 'Țurcanu', address: ['Strada Ștefan cel Mare 3', 'Iași, România'] },
  { language: 'Hungarian', first: 'Ödön', last: 'Őrsi', address: ['Kőrösi Csoma Sándor út 17', 'Győr, Magyarország'] },
  // Þ, ð and Æ are Latin-1: the Latin subset has them.
  { language: 'Icelandic', first: 'Þórður', last: 'Ægisson', address: ['Þingholtsstræti 27', '101 Reykjavík, Ísland'], latin1: true },
  { language: 'Greek (a fallback font)', first: 'Ελένη', last: 'Παπαδοπούλου', address: ['Οδός Ερμού 15', 'Αθήνα'] },
  { language: 'Ukrainian (a fallback font)', first: 'Олена', last: 'Шевченко', address: ['вул. Хрещатик, 22', 'Київ'] },
];

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  sophie = await clinic.cookieFor(await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca'));
});
afterAll(async () => {
  await clinic.close();
});

describe('names and addresses print letter for letter', () => {
  it.each(PEOPLE)('$language: $first $last', async ({ first, last, address, latin1 }) => {
    const visit = await guestVisit(first, last);
    const paid = await pay(visit.id);
    expect(paid.status).toBe(200);
    const receipt = (paid.json.payments as VisitPayments).payments[0]!.receipts[0]!;
    // The address lines a receipt prints are its snapshot's: give this one an office written in the same language.
    const [row] = await db.select().from(receipts).where(eq(receipts.publicId, receipt.id));
    await db
      .update(receipts)
      .set({ content: { ...row!.content, clinic: { ...row!.content.clinic, addressLines: address, address: { en: address, fr: address } } } })
      .where(eq(receipts.id, row!.id));

    const bytes = await receiptPdf(receipt.id);
    const text = pdfText(bytes);
    expect(text).toContain(`${first} ${last}`);
    for (const line of address) expect(text).toContain(line);
    // The rest needs only the Latin subset (two fonts: regular and bold); these names bring more.
    if (latin1) expect(fontRows(bytes)).toHaveLength(2);
    else expect(fontRows(bytes).length).toBeGreaterThan(2);
    // The French copy too.
    expect(pdfText(await receiptPdf(receipt.id, 'fr'))).toContain(`${first} ${last}`);
  });

  it('keeps a receipt in plain Latin letters to the two Latin fonts, as small as before', async () => {
    const visit = await guestVisit('Noémie', 'Côté', 'fr');
    const receipt = ((await pay(visit.id)).json.payments as VisitPayments).payments[0]!.receipts[0]!;
    const bytes = await receiptPdf(receipt.id);
    expect(fontRows(bytes)).toHaveLength(2);
    expect(pdfText(bytes)).toContain('Noémie Côté');
    // 11.9 kB before issue #27 (one Latin font per weight); the same two fonts now.
    expect(bytes.byteLength).toBeLessThan(14_000);
  });

  it('prints a name typed with combining accents (decomposed) in its composed letters', async () => {
    const visit = await guestVisit('Nguye\u0302\u0303n', 'Thi\u0323 A\u0301nh');
    const receipt = ((await pay(visit.id)).json.payments as VisitPayments).payments[0]!.receipts[0]!;
    expect(pdfText(await receiptPdf(receipt.id))).toContain('Nguyễn Thị Ánh');
  });
});

describe('a character no font has', () => {
  it('refuses the payment with a clear message in the clinic’s language and a log line without the name; nothing is recorded', async () => {
    const visit = await guestVisit('Wang', '王芳');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const en = await pay(visit.id);
      expect(en.status).toBe(422);
      expect(en.json.code).toBe('receipt_unprintable');
      expect(en.json.message).toBe(
        'The receipt cannot be printed: its fonts have no “王 (U+738B), 芳 (U+82B3)”. Check the spelling of the patient’s name and the visit’s details, then try again.',
      );
      const fr = await pay(visit.id, { locale: 'fr' });
      expect(fr.status).toBe(422);
      expect(fr.json.message).toBe(
        'Le reçu ne peut pas être imprimé\u00a0: ses polices n’ont pas «\u00a0王 (U+738B), 芳 (U+82B3)\u00a0». Vérifiez l’orthographe du nom du patient et les détails du rendez-vous, puis réessayez.',
      );
      const logged = warn.mock.calls.map((args) => args.join(' ')).filter((line) => line.startsWith('[receipts]'));
      expect(logged.length).toBeGreaterThan(0);
      for (const line of logged) {
        expect(line).toMatch(/not printed, 2 character\(s\) without a glyph/);
        expect(line).not.toMatch(/Wang|王|芳/);
      }
    } finally {
      warn.mockRestore();
    }
    expect(await db.select().from(payments).where(eq(payments.appointmentId, visit.id))).toEqual([]);
    expect(await db.select().from(receipts).where(eq(receipts.appointmentId, visit.id))).toEqual([]);
  });

  it('takes no receipt number for a refused payment: the numbers keep no gap', async () => {
    const numberOf = async (visitId: number) => Number(((await pay(visitId)).json.payments as VisitPayments).payments[0]!.receipts[0]!.number.slice(-6));
    const before = await numberOf((await guestVisit('Ana', 'Silva')).id);
    const refused = await guestVisit('Li', '李娜');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect((await pay(refused.id)).status).toBe(422);
    } finally {
      warn.mockRestore();
    }
    expect(await numberOf((await guestVisit('Ana', 'Souza')).id)).toBe(before + 1);
  });
});

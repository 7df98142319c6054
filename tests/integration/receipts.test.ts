import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as manageReceiptPdfRoute } from '@/app/api/booking/manage/receipts/pdf/route';
import { POST as manageReceiptsRoute } from '@/app/api/booking/manage/receipts/route';
import { GET as visitPaymentsRoute, POST as recordPaymentRoute } from '@/app/api/clinic/appointments/[id]/payments/route';
import { PUT as registrationRoute } from '@/app/api/clinic/employees/[id]/registration/route';
import { GET as exportRoute } from '@/app/api/clinic/payments/export/route';
import { GET as clinicPdfRoute } from '@/app/api/clinic/receipts/[id]/pdf/route';
import { POST as voidRoute } from '@/app/api/clinic/receipts/[id]/void/route';
import { GET as myPdfRoute } from '@/app/api/receipts/[id]/pdf/route';
import { GET as myReceiptsRoute } from '@/app/api/receipts/route';
import { GET as yearPdfRoute } from '@/app/api/receipts/year/[year]/pdf/route';
import type { VisitPayments } from '@/lib/schemas/payments';
import { createManageLink } from '@/lib/server/booking/manageLinks';
import { resetConfigForTests } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { appointments, payments, receipts, services, skills, users, type GuestContact } from '@/lib/server/db/schema';
import { readOutbox } from '@/lib/server/email';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { call, callResponse, type CallOptions } from './support/http';
import { deliverMail } from './support/mail';
import { pdfAttachments, pdfFonts, pdfText } from './support/pdf';

/**
 * Payments and receipts (issue #20) through their route handlers on the seeded demo clinic, on
 * PGlite and (TEST_DATABASE_URL) PostgreSQL: a payment issues a numbered receipt e-mailed as a
 * PDF; the PDF's text (poppler's pdftotext) holds every field in the visit's language and in the
 * other on request; refunds, partial payments and their limits; void and reissue; 20 payments at
 * once; the accountant's CSV; and who may read which receipt.
 */

const clinic = demoClinic('receipts');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let db: Database;
const ids = { claire: 0, sophie: 0, patientA: 0, patientB: 0 };
const cookies = { claire: '', sophie: '', patientA: '', patientB: '' };
const guest: GuestContact = { firstName: 'Noémie', lastName: 'Côté', email: 'noemie.cote@example.com', phone: '16135550147' };
let guestToken = '';
const names = { serviceFr: '', serviceEn: '', reasonFr: '', patientA: '' };
const MESSAGE = 'Mon médecin parle de prédiabète.';

type Handler = Parameters<typeof call>[0];
/** A route with [id] or [year] in its path, called as Next would, with the params. */
const withParams =
  <P extends Record<string, string>>(route: (request: Request, context: { params: Promise<P> }) => Promise<Response>, params: P): Handler =>
  (request) => route(request, { params: Promise.resolve(params) });
const byId = <R extends (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>>(route: R, id: string | number) =>
  withParams(route, { id: String(id) });

let dayOffset = 1;
/** A visit that has taken place (a distinct day each, so none overlap). */
async function visit(input: { patientId?: number | null; employeeId?: number; language?: 'en' | 'fr'; service?: string; price?: [number, number] } = {}) {
  const startsAt = new Date(Date.now() - dayOffset++ * DAY);
  const [priceCents, taxCents] = input.price ?? [13500, 0];
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: input.patientId === undefined ? ids.patientA : input.patientId,
      guestContact: input.patientId === null ? guest : null,
      employeeId: input.employeeId ?? ids.claire,
      serviceId: clinic.catalog.serviceId[input.service ?? 'individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
      blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
      sessionLanguage: input.language ?? 'fr',
      reasons: [clinic.catalog.skillId.diabetes!],
      message: MESSAGE,
      status: 'completed',
      priceCents,
      taxCents,
      totalCents: priceCents + taxCents,
    })
    .returning();
  return row!;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());

async function pay(appointmentId: number, body: Record<string, unknown>, options: CallOptions = {}) {
  return call(byId(recordPaymentRoute, appointmentId), `/api/clinic/appointments/${appointmentId}/payments`, {
    cookie: cookies.sophie,
    ...options,
    body: { method: 'card', paid_on: today(), ...body },
  });
}
const paymentsOf = (response: { json: Record<string, unknown> }) => response.json.payments as VisitPayments;
const latestReceipt = (p: VisitPayments) => p.payments.at(-1)!.receipts[0]!;

async function pdfOf(handler: Handler, path: string, options: CallOptions = {}) {
  const response = await callResponse(handler, path, options);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}
const clinicPdf = (id: string, lang?: 'en' | 'fr') =>
  pdfOf(byId(clinicPdfRoute, id), `/api/clinic/receipts/${id}/pdf${lang ? `?lang=${lang}` : ''}`, { cookie: cookies.sophie });

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.claire = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patientA = await clinic.userId(DEMO_PATIENT.email);
  ids.patientB = await clinic.addPatientB();
  for (const who of ['claire', 'sophie', 'patientA', 'patientB'] as const) cookies[who] = await clinic.cookieFor(ids[who]);
  const [service] = await db.select().from(services).where(eq(services.slug, 'individual-consultation'));
  const [reason] = await db.select().from(skills).where(eq(skills.slug, 'diabetes'));
  const [patientA] = await db.select().from(users).where(eq(users.id, ids.patientA));
  Object.assign(names, { serviceFr: service!.nameFr, serviceEn: service!.nameEn, reasonFr: reason!.nameFr, patientA: `${patientA!.firstName} ${patientA!.lastName}` });
  delete process.env.CLINIC_HST_NUMBER;
  resetConfigForTests();
});
afterAll(async () => {
  delete process.env.CLINIC_HST_NUMBER;
  resetConfigForTests();
  await clinic.close();
});

describe('a payment issues a receipt', () => {
  it('numbers it, e-mails it as a PDF in the visit’s language, and prints every field in French and, on request, in English', async () => {
    const a = await visit({ language: 'fr' });
    const paid = await pay(a.id, { amount_cents: 13500 }, { locale: 'fr' });
    expect(paid.status).toBe(200);
    expect(paid.headers.get('cache-control')).toBe('private, no-store');
    const visitPayments = paymentsOf(paid);
    expect(visitPayments).toMatchObject({ total_cents: 13500, paid_cents: 13500, balance_cents: 0, dietitian_registered: true });
    expect(visitPayments.payments[0]).toMatchObject({ amount_cents: 13500, method: 'card', recorded_by: 'Sophie Tremblay' });
    const receipt = latestReceipt(visitPayments);
    expect(receipt.number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(receipt.language).toBe('fr');
    expect(receipt.id).toMatch(/^[0-9a-f-]{36}$/);

    const { response, bytes } = await clinicPdf(receipt.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(pdfFonts(bytes)).toMatch(/NotoSans[^\n]*\byes\b/);
    const fr = pdfText(bytes);
    for (const field of [
      'Équilibre Nutrition',
      // The French receipt's address the French way (issue #27 item 8).
      '180, rue Metcalfe, bureau 504',
      'Ottawa (Ontario)',
      '+1 (613) 555-0142',
      'REÇU',
      receipt.number,
      'Claire Bouchard, Dt.P.',
      // The ordinal indicator, not a degree sign (issue #27 item 8); the length and « Payé en entier » too.
      'Nº d’inscription à l’Ordre des diététistes de l’Ontario : 14237',
      'Durée de la consultation',
      '50 minutes',
      'Payé en entier',
      names.patientA,
      names.serviceFr,
      'Date du service',
      'Honoraires',
      'Exonéré de TVH',
      'Total',
      'Montant payé (Carte',
      'Solde',
      '135,00 $',
      '0,00 $',
    ]) {
      expect(fr, field).toContain(field);
    }
    expect(fr).not.toContain(names.reasonFr);
    expect(fr).not.toContain('prédiabète');
    expect(fr).not.toContain('TVH (13 %)');

    const en = pdfText((await clinicPdf(receipt.id, 'en')).bytes);
    expect(fr).toMatch(/Ottawa \(Ontario\) +K2P 1P5/);
    expect(fr).not.toContain('Metcalfe Street');
    // The English one the English way: "Ottawa, Ontario", not « Ottawa (Ontario) ».
    expect(en).toContain('180 Metcalfe Street, Suite 504');
    expect(en).toMatch(/Ottawa, Ontario +K2P 1P5/);
    expect(en).not.toMatch(/rue Metcalfe|bureau 504|\(Ontario\)/);
    for (const field of ['RECEIPT', receipt.number, 'Claire Bouchard, RD', 'College of Dietitians of Ontario registration no.: 14237', names.serviceEn, 'Date of service', 'Fee', 'HST exempt', 'Amount paid (Card', 'Balance', '$135.00', '$0.00']) {
      expect(en, field).toContain(field);
    }

    await deliverMail();
    const mail = (await readOutbox(join(clinic.dataDir, 'outbox'))).find((m) => m.subject.includes(receipt.number));
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(DEMO_PATIENT.email);
    expect(mail!.subject).toBe(`Votre reçu ${receipt.number} – Équilibre Nutrition`);
    const eml = readFileSync(mail!.emlPath, 'utf8');
    expect(eml).not.toContain('prédiabète');
    const [attached] = pdfAttachments(eml);
    expect(pdfText(attached!)).toContain(receipt.number);
  });

  it('prints the HST and the clinic’s HST number on a taxed visit, and refuses one while CLINIC_HST_NUMBER is unset', async () => {
    const taxed = await visit({ language: 'en', service: 'bio-impedance-test', price: [3097, 403] });
    const refused = await pay(taxed.id, { amount_cents: 3500 });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('hst_number_missing');
    process.env.CLINIC_HST_NUMBER = '123456789 RT0001';
    resetConfigForTests();
    const paid = await pay(taxed.id, { amount_cents: 3500 });
    expect(paid.status).toBe(200);
    const text = pdfText((await clinicPdf(latestReceipt(paymentsOf(paid)).id)).bytes);
    for (const field of ['HST registration no.: 123456789RT0001', 'HST (13%)', '$4.03', '$30.97', '$35.00']) expect(text, field).toContain(field);
    const fr = pdfText((await clinicPdf(latestReceipt(paymentsOf(paid)).id, 'fr')).bytes);
    for (const field of ['Nº d’inscription à la TVH : 123456789RT0001', 'TVH (13 %)', '4,03 $']) expect(fr, field).toContain(field);
  });
});

describe('partial payments, refunds and their limits', () => {
  it('keeps the balance, refuses more than the balance or a refund of more than was paid, and prints a refund with its reason', async () => {
    const a = await visit({ language: 'fr' });
    expect(paymentsOf(await pay(a.id, { amount_cents: 5000, method: 'cash' })).balance_cents).toBe(8500);
    const over = await pay(a.id, { amount_cents: 8501 }, { locale: 'fr' });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe('Ce montant dépasse le solde de 85,00\u00a0$.');
    expect(paymentsOf(await pay(a.id, { amount_cents: 8500, method: 'e_transfer' })).balance_cents).toBe(0);

    const noReason = await pay(a.id, { amount_cents: -2000 }, { locale: 'fr' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.field_errors).toEqual({ reason: ['Indiquez le motif du remboursement.'] });
    const tooMuch = await pay(a.id, { amount_cents: -13501, reason: 'Erreur' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.code).toBe('refund_exceeds_paid');
    const future = await pay(a.id, { amount_cents: -100, reason: 'x', paid_on: '2999-01-01' });
    expect(future.status).toBe(400);

    const refunded = await pay(a.id, { amount_cents: -2000, reason: 'Séance écourtée', method: 'card' });
    expect(refunded.status).toBe(200);
    const after = paymentsOf(refunded);
    expect(after).toMatchObject({ paid_cents: 11500, balance_cents: 2000 });
    expect(after.payments.map((p) => p.amount_cents)).toEqual([5000, 8500, -2000]);
    const text = pdfText((await clinicPdf(latestReceipt(after).id)).bytes);
    for (const field of ['Montant remboursé (Carte', '-20,00 $', 'Motif du remboursement : Séance écourtée', '20,00 $']) expect(text, field).toContain(field);
    const rows = await db.select().from(receipts).where(eq(receipts.appointmentId, a.id));
    expect(rows.map((r) => [r.paidCents, r.paidToDateCents, r.balanceCents])).toEqual([
      [5000, 5000, 8500],
      [8500, 13500, 0],
      [-2000, 11500, 2000],
    ]);
  });

  it('refuses a payment for a cancelled visit, and for a dietitian without a registration number, in the request’s language', async () => {
    const cancelled = await visit();
    await db.update(appointments).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(appointments.id, cancelled.id));
    expect((await pay(cancelled.id, { amount_cents: 100 })).json.code).toBe('appointment_cancelled');

    const sophies = await visit({ employeeId: ids.sophie });
    const path = `/api/clinic/employees/${ids.sophie}/registration`;
    const route = byId(registrationRoute, ids.sophie);
    expect((await call(route, path, { method: 'PUT', body: { registration_number: null }, cookie: cookies.sophie })).status).toBe(403);
    expect((await call(route, path, { method: 'PUT', body: { registration_number: '1 2' }, cookie: cookies.claire })).status).toBe(400);
    expect((await call(route, path, { method: 'PUT', body: { registration_number: '' }, cookie: cookies.claire })).json.registration_number).toBeNull();
    const refused = await pay(sophies.id, { amount_cents: 13500 }, { locale: 'fr' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('Sophie Tremblay n’a pas de numéro d’inscription à l’Ordre des diététistes de l’Ontario');
    expect(await db.select().from(payments).where(eq(payments.appointmentId, sophies.id))).toEqual([]);
    const saved = await call(route, path, { method: 'PUT', body: { registration_number: 'ab-4321' }, cookie: cookies.claire });
    expect(saved.json.registration_number).toBe('AB-4321');
    const paid = await pay(sophies.id, { amount_cents: 13500 });
    expect(paymentsOf(paid).dietitian_registered).toBe(true);
    expect(pdfText((await clinicPdf(latestReceipt(paymentsOf(paid)).id)).bytes)).toContain('AB-4321');
  });
});

describe('void and reissue', () => {
  it('voids a receipt with its reason and issues the next number, correcting the method; both stay on record', async () => {
    const a = await visit({ language: 'fr' });
    const first = latestReceipt(paymentsOf(await pay(a.id, { amount_cents: 13500, method: 'card' })));
    const path = `/api/clinic/receipts/${first.id}/void`;
    expect((await call(byId(voidRoute, first.id), path, { body: { reason: '' }, cookie: cookies.sophie })).status).toBe(400);
    const voided = await call(byId(voidRoute, first.id), path, { body: { reason: 'Payé comptant, pas par carte', method: 'cash' }, cookie: cookies.sophie });
    expect(voided.status).toBe(200);
    const [payment] = paymentsOf(voided).payments;
    expect(payment!.method).toBe('cash');
    const [current, old] = payment!.receipts;
    expect(current!.voided).toBeNull();
    expect(current!.number).not.toBe(first.number);
    expect(old).toMatchObject({ number: first.number, replaced_by: current!.number, voided: { reason: 'Payé comptant, pas par carte', by: 'Sophie Tremblay' } });

    const again = await call(byId(voidRoute, first.id), path, { body: { reason: 'encore' }, cookie: cookies.sophie, locale: 'fr' });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain(first.number);

    const oldText = pdfText((await clinicPdf(first.id)).bytes);
    for (const field of ['REÇU ANNULÉ', 'Payé comptant, pas par carte', `Remplacé par le reçu ${current!.number}`, 'Montant payé (Carte']) expect(oldText, field).toContain(field);
    const newText = pdfText((await clinicPdf(current!.id)).bytes);
    expect(newText).toContain('Montant payé (Comptant');
    expect(newText).not.toContain('ANNULÉ');
    await deliverMail();
    expect((await readOutbox(join(clinic.dataDir, 'outbox'))).map((m) => m.subject)).toContain(`Reçu corrigé ${current!.number} – Équilibre Nutrition`);
  });
});

describe('a void reason the receipt cannot print', () => {
  it('is refused in the request\'s language, and the receipt stays valid and downloadable', async () => {
    const a = await visit();
    const first = latestReceipt(paymentsOf(await pay(a.id, { amount_cents: 13500 })));
    const path = `/api/clinic/receipts/${first.id}/void`;
    const before = await db.select().from(receipts).where(eq(receipts.appointmentId, a.id));
    const en = await call(byId(voidRoute, first.id), path, { body: { reason: 'Paid twice ✓' }, cookie: cookies.sophie });
    expect(en.status).toBe(422);
    expect(en.json).toMatchObject({ code: 'receipt_unprintable' });
    expect(en.json.message).toBe('The reason cannot be printed on the voided receipt: its fonts have no “✓ (U+2713)”. Write it with other characters.');
    const fr = await call(byId(voidRoute, first.id), path, { body: { reason: 'Payé deux fois ✓' }, cookie: cookies.sophie, locale: 'fr' });
    expect(fr.json.message).toBe('Le motif ne peut pas être imprimé sur le reçu annulé\u00a0: ses polices n’ont pas «\u00a0✓ (U+2713)\u00a0». Écrivez-le avec d’autres caractères.');
    expect(await db.select().from(receipts).where(eq(receipts.appointmentId, a.id))).toEqual(before);
    expect((await clinicPdf(first.id)).response.status).toBe(200);
    const done = await call(byId(voidRoute, first.id), path, { body: { reason: 'Paid twice' }, cookie: cookies.sophie });
    expect(done.status).toBe(200);
  });
});

describe('20 payments at once', () => {
  it('gives 20 distinct receipt numbers, and never takes a visit past its total', async () => {
    const small = await visit();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(small.id, { amount_cents: 500 })));
    const ms = Math.round(performance.now() - started);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await db.select().from(receipts).where(eq(receipts.appointmentId, small.id));
    const numbers = new Set(rows.map((r) => r.number));
    expect(numbers.size).toBe(20);
    expect(rows.map((r) => r.paidToDateCents).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 500));

    const big = await visit();
    const raced = await Promise.all(Array.from({ length: 20 }, () => pay(big.id, { amount_cents: 1000 })));
    const codes = raced.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(13);
    expect(raced.filter((r) => r.status === 409).every((r) => r.json.code === 'payment_exceeds_balance')).toBe(true);
    const balance = paymentsOf(await call(byId(visitPaymentsRoute, big.id), `/api/clinic/appointments/${big.id}/payments`, { cookie: cookies.sophie }));
    expect(balance).toMatchObject({ paid_cents: 13000, balance_cents: 500 });
    console.log(
      `[receipts] ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: 20 simultaneous payments -> ${numbers.size} distinct receipt numbers in ${ms} ms; 20 x $10 on a $135 visit -> ${codes.filter((c) => c === 200).length} recorded, ${codes.filter((c) => c === 409).length} refused (balance)`,
    );
  });
});

describe('who may read which receipt', () => {
  it('patient A sees only theirs, patient B none of A’s, a guest only those of their link, an employee all', async () => {
    const mine = latestReceipt(paymentsOf(await pay((await visit({ language: 'en' })).id, { amount_cents: 13500 })));
    const guestVisit = await visit({ patientId: null, language: 'fr' });
    guestToken = (await createManageLink(db, guestVisit)).split('#')[1]!;
    const theirs = latestReceipt(paymentsOf(await pay(guestVisit.id, { amount_cents: 13500 })));

    const myPdf = (id: string, cookie?: string) => pdfOf(byId(myPdfRoute, id), `/api/receipts/${id}/pdf`, { cookie });
    const year = Number(today().slice(0, 4));
    const yearPdf = (cookie?: string) => pdfOf(withParams(yearPdfRoute, { year: String(year) }), `/api/receipts/year/${year}/pdf`, { cookie });

    // Nobody signed in.
    expect((await call(myReceiptsRoute, '/api/receipts')).status).toBe(401);
    expect((await myPdf(mine.id)).response.status).toBe(401);
    expect((await pdfOf(byId(clinicPdfRoute, mine.id), `/api/clinic/receipts/${mine.id}/pdf`)).response.status).toBe(401);
    expect((await call(exportRoute, `/api/clinic/payments/export?from=${today()}&to=${today()}`)).status).toBe(401);

    // Patient A: their own, by year, one by one and the year's bundle; never the clinic's routes.
    const listA = await call(myReceiptsRoute, '/api/receipts', { cookie: cookies.patientA });
    expect(listA.headers.get('cache-control')).toBe('private, no-store');
    const numbersA = (listA.json.years as Array<{ year: number; receipts: Array<{ number: string; id: string }> }>).flatMap((y) => y.receipts.map((r) => r.number));
    expect(numbersA).toContain(mine.number);
    expect(numbersA).not.toContain(theirs.number);
    const own = await myPdf(mine.id, cookies.patientA);
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get('cache-control')).toBe('private, no-store');
    expect(pdfText(own.bytes)).toContain(mine.number);
    expect((await myPdf(theirs.id, cookies.patientA)).response.status).toBe(404);
    const bundle = await yearPdf(cookies.patientA);
    expect(bundle.response.status).toBe(200);
    const bundleText = pdfText(bundle.bytes);
    const live = await db.select().from(receipts).where(eq(receipts.patientId, ids.patientA));
    for (const r of live) {
      if (r.voidedAt === null) expect(bundleText).toContain(r.number);
      else expect(bundleText).not.toContain(`REÇU ANNULÉ`);
    }
    expect(bundleText.split('\f').filter((page) => page.trim()).length).toBe(live.filter((r) => r.voidedAt === null).length);
    expect((await pdfOf(byId(clinicPdfRoute, mine.id), `/api/clinic/receipts/${mine.id}/pdf`, { cookie: cookies.patientA })).response.status).toBe(403);
    expect((await pay(guestVisit.id, { amount_cents: -100, reason: 'x' }, { cookie: cookies.patientA })).status).toBe(403);
    expect((await call(byId(voidRoute, mine.id), `/api/clinic/receipts/${mine.id}/void`, { body: { reason: 'x' }, cookie: cookies.patientA })).status).toBe(403);
    expect((await call(exportRoute, `/api/clinic/payments/export?from=${today()}&to=${today()}`, { cookie: cookies.patientA })).status).toBe(403);

    // Patient B: none of A's.
    const listB = await call(myReceiptsRoute, '/api/receipts', { cookie: cookies.patientB });
    expect(listB.json.years).toEqual([]);
    expect((await myPdf(mine.id, cookies.patientB)).response.status).toBe(404);
    expect((await yearPdf(cookies.patientB)).response.status).toBe(404);

    // The guest, with the manage link: the receipts of that visit only; without it, nothing.
    const guestList = await call(manageReceiptsRoute, '/api/booking/manage/receipts', { body: { token: guestToken } });
    expect(guestList.status).toBe(200);
    expect(guestList.headers.get('cache-control')).toBe('private, no-store');
    expect((guestList.json.receipts as Array<{ number: string }>).map((r) => r.number)).toEqual([theirs.number]);
    const guestPdf = await pdfOf(manageReceiptPdfRoute, '/api/booking/manage/receipts/pdf', { body: { token: guestToken, id: theirs.id } });
    expect(guestPdf.response.status).toBe(200);
    expect(pdfText(guestPdf.bytes)).toContain('Noémie Côté');
    const englishCopy = await pdfOf(manageReceiptPdfRoute, '/api/booking/manage/receipts/pdf', { body: { token: guestToken, id: theirs.id, lang: 'en' } });
    expect(pdfText(englishCopy.bytes)).toContain('RECEIPT');
    expect((await pdfOf(manageReceiptPdfRoute, '/api/booking/manage/receipts/pdf', { body: { token: guestToken, id: mine.id } })).response.status).toBe(404);
    expect((await call(manageReceiptsRoute, '/api/booking/manage/receipts', { body: { token: 'x'.repeat(43) } })).status).toBe(404);
    expect((await myPdf(theirs.id)).response.status).toBe(401);
    await deliverMail();
    const guestMail = (await readOutbox(join(clinic.dataDir, 'outbox'))).find((m) => m.subject.includes(theirs.number));
    expect(guestMail!.to).toBe(guest.email);
    expect(pdfText(pdfAttachments(readFileSync(guestMail!.emlPath, 'utf8'))[0]!)).toContain(theirs.number);

    // An employee: any receipt, and the accountant's export.
    expect((await pdfOf(byId(clinicPdfRoute, theirs.id), `/api/clinic/receipts/${theirs.id}/pdf`, { cookie: cookies.claire })).response.status).toBe(200);
    expect((await call(myReceiptsRoute, '/api/receipts', { cookie: cookies.claire })).json.years).toEqual([]);
    expect((await pdfOf(byId(clinicPdfRoute, '12'), '/api/clinic/receipts/12/pdf', { cookie: cookies.claire })).response.status).toBe(404);
  });
});

describe('the accountant’s export', () => {
  it('lists the payments of a date range as CSV, refunds negative, with the current receipt numbers', async () => {
    const bad = await call(exportRoute, `/api/clinic/payments/export?from=${today()}&to=2000-01-01`, { cookie: cookies.sophie, locale: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.json.field_errors).toEqual({ to: ['La date de fin doit être égale ou postérieure à la date de début.'] });
    const response = await callResponse(exportRoute, `/api/clinic/payments/export?from=${today()}&to=${today()}`, { cookie: cookies.sophie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const csv = (await response.text()).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('payment_date,receipt_number,patient,service,service_date,method,amount,visit_total,visit_hst,refund_reason,recorded_by,recorded_at');
    const all = await db.select().from(payments);
    expect(lines).toHaveLength(all.length);
    expect(lines.some((line) => line.includes(',-20.00,') && line.includes('Séance écourtée'))).toBe(true);
    const live = await db.select().from(receipts);
    for (const r of live.filter((x) => x.voidedAt === null)) expect(csv).toContain(r.number);
    expect(csv).not.toContain('prédiabète');
  });
});

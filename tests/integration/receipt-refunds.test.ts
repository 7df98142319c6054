import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as cancelRoute } from '@/app/api/booking/cancel-appointment/route';
import { POST as manageCancelRoute } from '@/app/api/booking/manage/cancel/route';
import { POST as manageReceiptsRoute } from '@/app/api/booking/manage/receipts/route';
import { GET as agendaRoute } from '@/app/api/clinic/agenda/route';
import { GET as visitPaymentsRoute, POST as recordPaymentRoute } from '@/app/api/clinic/appointments/[id]/payments/route';
import { GET as patientRoute } from '@/app/api/clinic/patients/[id]/route';
import { GET as clinicPdfRoute } from '@/app/api/clinic/receipts/[id]/pdf/route';
import { POST as voidRoute } from '@/app/api/clinic/receipts/[id]/void/route';
import { GET as myReceiptsRoute } from '@/app/api/receipts/route';
import type { AgendaAppointment } from '@/lib/schemas/clinicAgenda';
import type { PatientReceiptYears, VisitPayments } from '@/lib/schemas/payments';
import { rescheduleAppointment } from '@/lib/server/booking/appointments';
import { createManageLink } from '@/lib/server/booking/manageLinks';
import type { Database } from '@/lib/server/db/client';
import { appointments, payments, receipts, type GuestContact } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from '@/lib/server/db/seed';
import { demoClinic } from './support/clinic';
import { call, callResponse, type CallOptions } from './support/http';
import { deliveredOutbox } from './support/mail';
import { pdfText } from './support/pdf';

/**
 * A visit paid in advance and then cancelled can be refunded (issue #27 item 6), whoever cancels
 * it (the clinic, the patient, a guest's manage link): the dietitian's cancellation notice and the
 * agenda say "refund due" with the amount, the visit takes refunds up to what was paid and nothing
 * else, and the refund's receipt reaches the patient's list. And payment dates make sense (item
 * 7): not before the visit was booked, not after today, a message for each bound; a zero amount is
 * "other than zero". On PGlite and (TEST_DATABASE_URL) PostgreSQL, through the route handlers.
 */

const clinic = demoClinic('receipt-refunds');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let db: Database;
const ids = { claire: 0, sophie: 0, patient: 0 };
const cookies = { claire: '', sophie: '', patient: '' };
const guest: GuestContact = { firstName: 'Łucja', lastName: 'Wąsowska', email: 'lucja.wasowska@example.com', phone: '16135550188' };

type Handler = Parameters<typeof call>[0];
const byId =
  (route: (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>, id: string | number): Handler =>
  (request) => route(request, { params: Promise.resolve({ id: String(id) }) });

const zoneDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(instant);
const today = () => zoneDate(new Date());

let dayOffset = 8;
/** A booked visit ahead (outside every notice period), paid for in advance below; a distinct day each. */
async function futureVisit(input: { patientId: number | null; language?: 'en' | 'fr'; createdAt?: Date }) {
  const startsAt = new Date(Date.now() + dayOffset++ * DAY);
  const [row] = await db
    .insert(appointments)
    .values({
      patientId: input.patientId,
      guestContact: input.patientId === null ? guest : null,
      employeeId: ids.claire,
      serviceId: clinic.catalog.serviceId['individual-consultation']!,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
      blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
      sessionLanguage: input.language ?? 'en',
      reasons: [clinic.catalog.skillId.diabetes!],
      status: 'booked',
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
      ...(input.createdAt && { createdAt: input.createdAt }),
    })
    .returning();
  return row!;
}

async function pay(appointmentId: number, body: Record<string, unknown>, options: CallOptions = {}) {
  return call(byId(recordPaymentRoute, appointmentId), `/api/clinic/appointments/${appointmentId}/payments`, {
    cookie: cookies.sophie,
    ...options,
    body: { method: 'card', paid_on: today(), ...body },
  });
}
const paymentsOf = (response: { json: Record<string, unknown> }) => response.json.payments as VisitPayments;
async function clinicPdf(id: string): Promise<Uint8Array> {
  const response = await callResponse(byId(clinicPdfRoute, id), `/api/clinic/receipts/${id}/pdf`, { cookie: cookies.sophie });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

async function agendaOn(startsAt: Date): Promise<AgendaAppointment[]> {
  const response = await call(agendaRoute, `/api/clinic/agenda?date=${zoneDate(startsAt)}&view=day`, { cookie: cookies.claire });
  expect(response.status).toBe(200);
  return response.json.appointments as AgendaAppointment[];
}

/** The dietitian's cancellation notice about this patient, as delivered. */
async function cancellationNotice(patientName: string) {
  const outbox = await deliveredOutbox(`${clinic.dataDir}/outbox`);
  return outbox.find((m) => m.to === DEMO_DIETITIAN.email && /annulé|cancelled/i.test(m.subject) && m.subject.includes(patientName));
}

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  ids.claire = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.patient = await clinic.userId(DEMO_PATIENT.email);
  for (const who of ['claire', 'sophie', 'patient'] as const) cookies[who] = await clinic.cookieFor(ids[who]);
});
afterAll(async () => {
  await clinic.close();
});

describe('a visit paid in advance, then cancelled', () => {
  it('by the patient: the notice and the agenda say the refund due, only a refund is taken, and its receipt reaches the patient', async () => {
    const visit = await futureVisit({ patientId: ids.patient });
    expect((await pay(visit.id, { amount_cents: 13500 })).status).toBe(200);
    const cancelled = await call(cancelRoute, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: cookies.patient });
    expect(cancelled.status).toBe(200);

    // The dietitian's notice, in the dietitian's language, says what is owed back.
    const notice = await cancellationNotice('Alex');
    expect(notice, 'the dietitian’s cancellation notice').toBeDefined();
    expect(notice!.text.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/Refund due: \$135\.00|Remboursement dû : 135,00 \$/);
    // The patient is told too, in the visit's language.
    const own = (await deliveredOutbox(`${clinic.dataDir}/outbox`)).filter((m) => m.to === DEMO_PATIENT.email && m.subject.startsWith('Appointment cancelled'));
    expect(own.at(-1)!.text).toContain('An amount of $135.00 was paid in advance for this visit: the clinic will refund it and send you the refund’s receipt.');

    // The agenda lists the cancelled visit with the refund due; the patient's record too.
    const listed = (await agendaOn(visit.startsAt)).find((a) => a.id === visit.id);
    expect(listed).toMatchObject({ status: 'cancelled', refund_due_cents: 13500 });
    const record = await call(byId(patientRoute, ids.patient), `/api/clinic/patients/${ids.patient}`, { cookie: cookies.claire });
    const history = record.json.appointments as Array<{ id: number; status: string; refund_due_cents?: number }>;
    expect(history.find((a) => a.id === visit.id)).toMatchObject({ status: 'cancelled', refund_due_cents: 13500 });

    // The panel: nothing owed, the refund due.
    const panel = paymentsOf(await call(byId(visitPaymentsRoute, visit.id), `/api/clinic/appointments/${visit.id}/payments`, { cookie: cookies.sophie }));
    expect(panel).toMatchObject({ status: 'cancelled', paid_cents: 13500, balance_cents: 0, refund_due_cents: 13500 });

    // No new payment; no refund of more than was paid.
    const more = await pay(visit.id, { amount_cents: 100 }, { locale: 'fr' });
    expect(more.status).toBe(409);
    expect(more.json.message).toBe('Ce rendez-vous a été annulé\u00a0: seul un remboursement de ce qui a été payé peut y être enregistré.');
    const tooMuch = await pay(visit.id, { amount_cents: -13501, reason: 'Annulation' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.code).toBe('refund_exceeds_paid');

    // Part of it, then the rest.
    const part = await pay(visit.id, { amount_cents: -5000, reason: 'Visit cancelled', method: 'card' });
    expect(part.status).toBe(200);
    expect(paymentsOf(part)).toMatchObject({ paid_cents: 8500, refund_due_cents: 8500, balance_cents: 0 });
    const partReceipt = paymentsOf(part).payments.at(-1)!.receipts[0]!;
    const partText = pdfText(await clinicPdf(partReceipt.id));
    for (const field of ['-$50.00', 'Still to be refunded', '$85.00', 'Visit cancelled: nothing is owed for it.']) expect(partText, field).toContain(field);
    expect((await agendaOn(visit.startsAt)).find((a) => a.id === visit.id)?.refund_due_cents).toBe(8500);
    const rest = await pay(visit.id, { amount_cents: -8500, reason: 'Visit cancelled', method: 'card' });
    expect(paymentsOf(rest)).toMatchObject({ paid_cents: 0, refund_due_cents: 0 });
    const refund = paymentsOf(rest).payments.at(-1)!.receipts[0]!;
    const text = pdfText(await clinicPdf(refund.id));
    for (const field of ['Amount refunded (Card', '-$85.00', 'Visit cancelled: nothing is owed for it.', 'Length of visit', '50 minutes']) expect(text, field).toContain(field);
    expect(text).not.toContain('Still to be refunded');
    expect(text).not.toContain('Paid in full');
    // Nothing left to refund: off the agenda, and a refund of nothing is refused.
    expect((await agendaOn(visit.startsAt)).some((a) => a.id === visit.id)).toBe(false);
    expect((await pay(visit.id, { amount_cents: -100, reason: 'x' })).json.code).toBe('appointment_cancelled');

    // The patient's receipts list both refunds (negative) beside the payment.
    const mine = (await call(myReceiptsRoute, '/api/receipts', { cookie: cookies.patient })).json as unknown as PatientReceiptYears;
    const amounts = mine.years.flatMap((y) => y.receipts).filter((r) => r.service_date === visit.startsAt.toISOString()).map((r) => r.amount_cents);
    expect(amounts.sort((x, y) => x - y)).toEqual([-8500, -5000, 13500]);
  });

  it('by the clinic: the same refund due, and the refund recorded', async () => {
    const visit = await futureVisit({ patientId: ids.patient, language: 'fr' });
    expect((await pay(visit.id, { amount_cents: 6000, method: 'cash' })).status).toBe(200);
    const cancelled = await call(cancelRoute, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: cookies.claire });
    expect(cancelled.status).toBe(200);
    expect((await agendaOn(visit.startsAt)).find((a) => a.id === visit.id)?.refund_due_cents).toBe(6000);
    const refunded = await pay(visit.id, { amount_cents: -6000, reason: 'Rendez-vous annulé par la clinique', method: 'cash' });
    expect(refunded.status).toBe(200);
    const refund = paymentsOf(refunded).payments.at(-1)!.receipts[0]!;
    const text = pdfText(await clinicPdf(refund.id));
    for (const field of ['Montant remboursé (Comptant', 'Rendez-vous annulé : aucun montant n’est dû.', 'Durée de la consultation']) expect(text, field).toContain(field);
    expect(text).not.toContain('Payé en entier');
  });

  it('by a guest’s manage link: the refund due, the refund, and its receipt on the link’s page', async () => {
    const visit = await futureVisit({ patientId: null, language: 'fr' });
    const token = (await createManageLink(db, visit)).split('#')[1]!;
    expect((await pay(visit.id, { amount_cents: 13500 })).status).toBe(200);
    const cancelled = await call(manageCancelRoute, '/api/booking/manage/cancel', { body: { token }, locale: 'fr' });
    expect(cancelled.status).toBe(200);
    const notice = await cancellationNotice('Łucja Wąsowska');
    expect(notice!.text.replace(/[\u00a0\u202f]/g, ' ')).toMatch(/Refund due: \$135\.00|Remboursement dû : 135,00 \$/);
    // The guest's own cancellation e-mail, in the visit's language, says the money comes back.
    const own = (await deliveredOutbox(`${clinic.dataDir}/outbox`)).find((m) => m.to === guest.email && m.subject.startsWith('Rendez-vous annulé'));
    expect(own!.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('Un montant de 135,00 $ a été payé d’avance pour ce rendez-vous : la clinique le remboursera');
    expect((await agendaOn(visit.startsAt)).find((a) => a.id === visit.id)).toMatchObject({ status: 'cancelled', refund_due_cents: 13500 });

    const refunded = await pay(visit.id, { amount_cents: -13500, reason: 'Annulé par la patiente' });
    expect(refunded.status).toBe(200);
    const listed = await call(manageReceiptsRoute, '/api/booking/manage/receipts', { body: { token }, locale: 'fr' });
    expect((listed.json.receipts as Array<{ amount_cents: number }>).map((r) => r.amount_cents)).toEqual([-13500, 13500]);
    expect(await db.select().from(payments).where(eq(payments.appointmentId, visit.id))).toHaveLength(2);
  });

  it('a cancelled visit with nothing paid takes nothing, and is not on the agenda', async () => {
    const visit = await futureVisit({ patientId: ids.patient });
    await call(cancelRoute, '/api/booking/cancel-appointment', { body: { appointment_id: visit.id }, cookie: cookies.claire });
    expect((await pay(visit.id, { amount_cents: 100 })).json.code).toBe('appointment_cancelled');
    expect((await pay(visit.id, { amount_cents: -100, reason: 'x' })).json.code).toBe('appointment_cancelled');
    expect((await agendaOn(visit.startsAt)).some((a) => a.id === visit.id)).toBe(false);
    const notice = (await deliveredOutbox(`${clinic.dataDir}/outbox`)).filter((m) => m.to === DEMO_DIETITIAN.email && /annulé|cancelled/i.test(m.subject));
    expect(notice.length).toBeGreaterThan(0);
    expect(notice.at(-1)!.text).not.toMatch(/Refund due|Remboursement dû/);
    const own = (await deliveredOutbox(`${clinic.dataDir}/outbox`)).filter((m) => m.to === DEMO_PATIENT.email && m.subject.startsWith('Appointment cancelled'));
    expect(own.length).toBeGreaterThan(0);
    expect(own.at(-1)!.text).not.toMatch(/in advance|refund/i);
  });
});

/** What a move of `visit` to two hours later writes, at a tax-exempt price of `cents`. */
function twoHoursLater(visit: typeof appointments.$inferSelect, cents: number) {
  const startsAt = new Date(visit.startsAt.getTime() + 2 * 60 * MINUTE);
  return {
    employeeId: visit.employeeId,
    serviceId: visit.serviceId,
    officeId: visit.officeId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
    blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
    sessionLanguage: 'en' as const,
    priceCents: cents,
    taxCents: 0,
    totalCents: cents,
    bookedBy: null,
    timeslotTokenJti: null,
    videoRoom: null,
  };
}

describe('a visit paid in advance, then moved', () => {
  it('takes its payments and receipts along: the old time owes no refund, the new one is paid, and a correction keeps the first booking date', async () => {
    const booked = new Date(Date.now() - 5 * DAY);
    const visit = await futureVisit({ patientId: ids.patient, createdAt: booked });
    expect((await pay(visit.id, { amount_cents: 13500, paid_on: zoneDate(new Date(Date.now() - 4 * DAY)) })).status).toBe(200);
    const { appointment: moved } = await rescheduleAppointment(db, { appointmentId: visit.id, newValues: twoHoursLater(visit, 13500) });

    const panelOf = async (id: number) => paymentsOf(await call(byId(visitPaymentsRoute, id), `/api/clinic/appointments/${id}/payments`, { cookie: cookies.sophie }));
    expect(await panelOf(moved.id)).toMatchObject({ status: 'booked', paid_cents: 13500, balance_cents: 0 });
    expect(await panelOf(visit.id)).toMatchObject({ status: 'cancelled', paid_cents: 0, refund_due_cents: 0 });
    expect((await agendaOn(visit.startsAt)).some((a) => a.id === visit.id)).toBe(false);
    const left = await db.select().from(receipts).where(eq(receipts.appointmentId, visit.id));
    expect(left).toEqual([]);
    expect(moved.createdAt.getTime()).toBe(booked.getTime());
    // A refund for the moved visit is dated after its first booking, not after the move.
    const refund = await pay(moved.id, { amount_cents: -1000, reason: 'Goodwill', paid_on: zoneDate(new Date(Date.now() - 3 * DAY)) });
    expect(refund.status).toBe(200);
  });
});

describe('a visit paid in advance, moved to a cheaper one', () => {
  it('is refused while more was paid than the new price, and nothing moves; after the refund of the difference it moves', async () => {
    const visit = await futureVisit({ patientId: ids.patient });
    expect((await pay(visit.id, { amount_cents: 13500 })).status).toBe(200);
    const cheaper = twoHoursLater(visit, 8000);
    await expect(rescheduleAppointment(db, { appointmentId: visit.id, newValues: cheaper })).rejects.toMatchObject({ code: 'reschedule_paid_more', status: 409 });
    const [still] = await db.select().from(appointments).where(eq(appointments.id, visit.id));
    expect(still!.status).toBe('booked');
    expect((await db.select().from(payments).where(eq(payments.appointmentId, visit.id))).map((p) => p.amountCents)).toEqual([13500]);
    expect(await db.select().from(appointments).where(eq(appointments.rescheduledFromId, visit.id))).toEqual([]);

    expect((await pay(visit.id, { amount_cents: -5500, reason: 'Moving to a shorter visit' })).status).toBe(200);
    const { appointment: moved } = await rescheduleAppointment(db, { appointmentId: visit.id, newValues: cheaper });
    const panel = paymentsOf(await call(byId(visitPaymentsRoute, moved.id), `/api/clinic/appointments/${moved.id}/payments`, { cookie: cookies.sophie }));
    expect(panel).toMatchObject({ status: 'booked', paid_cents: 8000, balance_cents: 0 });
  });
});

describe('payment dates', () => {
  it('are not before the visit was booked nor after today, with a message for each bound, in both languages', async () => {
    const bookedAt = new Date(Date.now() - 5 * DAY);
    const visit = await futureVisit({ patientId: ids.patient, createdAt: bookedAt });
    const bookedOn = zoneDate(bookedAt);
    const dayBefore = zoneDate(new Date(bookedAt.getTime() - DAY));
    const longEn = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', month: 'long', day: 'numeric', year: 'numeric' }).format(bookedAt);

    for (const early of [dayBefore, '2000-01-01', '1999-12-31']) {
      const refused = await pay(visit.id, { amount_cents: 1000, paid_on: early });
      expect(refused.status, early).toBe(400);
      expect(refused.json.field_errors, early).toEqual({ paid_on: [`The payment date cannot be before the visit was booked (${longEn}).`] });
    }
    const french = await pay(visit.id, { amount_cents: 1000, paid_on: '1999-12-31' }, { locale: 'fr' });
    expect((french.json.field_errors as { paid_on: string[] }).paid_on[0]).toMatch(/^La date du paiement ne peut pas précéder la prise du rendez-vous \(\d{1,2}(?:er)? \S+ \d{4}\)\.$/);
    const future = await pay(visit.id, { amount_cents: 1000, paid_on: zoneDate(new Date(Date.now() + 2 * DAY)) }, { locale: 'fr' });
    expect(future.json.field_errors).toEqual({ paid_on: ['La date du paiement ne peut pas être dans le futur.'] });
    expect((await pay(visit.id, { amount_cents: 1000, paid_on: '2026-02-30' })).json.field_errors).toEqual({ paid_on: ['Enter a valid date (YYYY-MM-DD).'] });
    expect(await db.select().from(payments).where(eq(payments.appointmentId, visit.id))).toEqual([]);

    // The day it was booked and today are both fine; a corrected date keeps the same bounds.
    const first = await pay(visit.id, { amount_cents: 1000, paid_on: bookedOn });
    expect(first.status).toBe(200);
    expect((await pay(visit.id, { amount_cents: 1000, paid_on: today() })).status).toBe(200);
    const receipt = paymentsOf(first).payments[0]!.receipts[0]!;
    const voidPath = `/api/clinic/receipts/${receipt.id}/void`;
    const early = await call(byId(voidRoute, receipt.id), voidPath, { body: { reason: 'Wrong date', paid_on: dayBefore }, cookie: cookies.sophie });
    expect(early.status).toBe(400);
    expect(early.json.field_errors).toEqual({ paid_on: [`The payment date cannot be before the visit was booked (${longEn}).`] });
    const [kept] = await db.select().from(receipts).where(eq(receipts.publicId, receipt.id));
    expect(kept!.voidedAt).toBeNull();
  });

  it('call a zero amount "other than zero": refunds are negative', async () => {
    const visit = await futureVisit({ patientId: ids.patient });
    const en = await pay(visit.id, { amount_cents: 0 });
    expect(en.json.field_errors).toEqual({ amount_cents: ['Enter an amount other than zero.'] });
    const fr = await pay(visit.id, { amount_cents: 0 }, { locale: 'fr' });
    expect(fr.json.field_errors).toEqual({ amount_cents: ['Entrez un montant différent de zéro.'] });
  });
});

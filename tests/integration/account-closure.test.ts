import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as closeRoute } from '@/app/api/account/close/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { GET as meRoute } from '@/app/api/auth/me/route';
import { hashPassword } from '@/lib/server/auth/passwords';
import { findUserByEmail } from '@/lib/server/auth/users';
import type { Database } from '@/lib/server/db/client';
import {
  appointments,
  auditEvents,
  emailTokens,
  intakeDrafts,
  intakeSubmissions,
  payments,
  receipts,
  sessions,
  users,
  waitlistEntries,
} from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { issueLinkToken } from '@/lib/server/auth/emailTokens';
import { encryptJson, submissionContext } from '@/lib/server/intake/crypto';
import { saveDraft } from '@/lib/server/intake/drafts';
import { recordPayment } from '@/lib/server/receipts/recordPayment';
import { hashToken } from '@/lib/server/auth/tokens';
import { demoClinic } from './support/clinic';
import { call } from './support/http';
import { deliveredOutbox } from './support/mail';

/**
 * Closing an account (issue #30 item 3), on PGlite and (TEST_DATABASE_URL) PostgreSQL: after the
 * password is typed again, no session and no sign-in; upcoming visits cancelled with their
 * e-mails; waitlist places ended; the draft, password hash and unused links erased; the clinical
 * and financial record kept; and the address free for a new account.
 */

const clinic = demoClinic('account-closure');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'a long enough passphrase for 2026';
const EMAIL = 'closing.patient@example.com';
let db: Database;
let patientId = 0;
let cookie = '';
let pastVisit = 0;
let upcomingVisit = 0;

function visit(startsAt: Date, status: 'completed' | 'booked', dietitianId: number) {
  return {
    patientId,
    employeeId: dietitianId,
    serviceId: clinic.catalog.serviceId['individual-consultation']!,
    officeId: clinic.catalog.officeId.centretown!,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
    blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE),
    sessionLanguage: 'fr' as const,
    reasons: [clinic.catalog.skillId.diabetes!],
    status,
    priceCents: 13500,
    taxCents: 0,
    totalCents: 13500,
    createdAt: new Date(startsAt.getTime() - 7 * DAY),
  };
}

beforeAll(async () => {
  await clinic.open();
  db = clinic.db;
  const dietitianId = await clinic.userId(DEMO_DIETITIAN.email);
  const [user] = await db
    .insert(users)
    .values({ email: EMAIL, passwordHash: await hashPassword(PASSWORD), firstName: 'Camille', lastName: 'Tremblay', isPatient: true, emailVerifiedAt: new Date(), preferredLanguage: 'fr' })
    .returning();
  patientId = user!.id;
  cookie = await clinic.cookieFor(patientId);
  const day = (offset: number) => new Date(Math.floor(Date.now() / DAY) * DAY + offset * DAY + 15 * 60 * MINUTE);
  const [past] = await db.insert(appointments).values(visit(day(-40), 'completed', dietitianId)).returning();
  const [upcoming] = await db.insert(appointments).values(visit(day(9), 'booked', dietitianId)).returning();
  pastVisit = past!.id;
  upcomingVisit = upcoming!.id;
  await recordPayment(db, {
    appointmentId: pastVisit,
    payment: { amount_cents: 13500, method: 'card', paid_on: past!.startsAt.toISOString().slice(0, 10) },
    recorder: { id: dietitianId },
    locale: 'fr',
  });
  const publicId = crypto.randomUUID();
  await db.insert(intakeSubmissions).values({
    publicId,
    userId: patientId,
    email: EMAIL,
    firstName: 'Camille',
    lastName: 'Tremblay',
    language: 'fr',
    consentVersion: '2026-11-01',
    consentedAt: day(-45),
    encryptedAnswers: encryptJson({ personalInformation: { dateOfBirth: '1990-04-02' } }, submissionContext(publicId)),
    createdAt: day(-45),
  });
  await saveDraft(db, patientId, { step: 1, answers: { contact: { firstName: 'Camille' } }, updated_at: new Date().toISOString() });
  await issueLinkToken(db, patientId, 'password_reset');
  await db.insert(waitlistEntries).values({
    patientId,
    personKey: `patient:${patientId}`,
    serviceId: clinic.catalog.serviceId['individual-consultation']!,
    officeId: clinic.catalog.officeId.centretown!,
    sessionLanguage: 'fr',
    reasons: [clinic.catalog.skillId.diabetes!],
    fromDate: day(1).toISOString().slice(0, 10),
    toDate: day(30).toISOString().slice(0, 10),
    timesOfDay: ['morning'],
    weekdays: [1, 2, 3, 4, 5],
    leaveTokenHash: hashToken('closure-leave'),
  });
  await deliveredOutbox(join(clinic.dataDir, 'outbox'));
}, 120_000);

afterAll(() => clinic.close());

describe('closing an account', () => {
  it('asks for the password again, and a wrong one changes nothing', async () => {
    const wrong = await call(closeRoute as never, '/api/account/close', { cookie, locale: 'fr', body: { password: 'not the password at all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.field_errors).toEqual({ password: ['Votre mot de passe actuel est incorrect.'] });
    const [user] = await db.select().from(users).where(eq(users.id, patientId));
    expect(user!.closedAt).toBeNull();
    expect((await call(closeRoute as never, '/api/account/close', { body: { password: PASSWORD } })).status).toBe(401);
  });

  it('ends every session and sign-in, cancels what is upcoming with its e-mails, erases what it says, and keeps the record', async () => {
    const mailBefore = (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).length;
    const closed = await call(closeRoute as never, '/api/account/close', { cookie, locale: 'fr', body: { password: PASSWORD } });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ cancelled_visits: 1, ended_waitlist_places: 1 });
    // Kept until ten years after the last visit at the earliest (the payment's six years end sooner).
    expect(String(closed.json.kept_until) > `${new Date().getUTCFullYear() + 9}`).toBe(true);
    expect(closed.headers.get('set-cookie')).toMatch(/^session=;/);

    // No session, no sign-in.
    expect((await call(meRoute as never, '/api/auth/me', { cookie })).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, patientId))).toEqual([]);
    const login = await call(loginRoute as never, '/api/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expect(login.status).toBe(401);

    // Upcoming: cancelled, with its e-mail; the waitlist place ended.
    const [upcoming] = await db.select().from(appointments).where(eq(appointments.id, upcomingVisit));
    expect(upcoming!.status).toBe('cancelled');
    const [place] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.patientId, patientId));
    expect(place!.status).toBe('left');
    const mail = (await deliveredOutbox(join(clinic.dataDir, 'outbox'))).slice(mailBefore).filter((m) => m.to === EMAIL);
    expect(mail.map((m) => m.subject).sort()).toEqual([expect.stringMatching(/annul/i), 'Votre compte est fermé'].sort());
    const notice = mail.find((m) => m.subject === 'Votre compte est fermé')!;
    expect(notice.text).toContain('Ce dossier sera effacé le');

    // Erased: the draft, the password hash, unused links.
    const [user] = await db.select().from(users).where(eq(users.id, patientId));
    expect(user).toMatchObject({ passwordHash: '', isActive: false });
    expect(user!.closedAt).not.toBeNull();
    expect(await db.select().from(intakeDrafts).where(eq(intakeDrafts.userId, patientId))).toEqual([]);
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, patientId))).toEqual([]);

    // Kept: the completed visit, the intake form, the payment and its receipt.
    const [past] = await db.select().from(appointments).where(eq(appointments.id, pastVisit));
    expect(past!.status).toBe('completed');
    expect(await db.select().from(intakeSubmissions).where(eq(intakeSubmissions.userId, patientId))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.appointmentId, pastVisit))).toHaveLength(1);
    expect(await db.select().from(receipts).where(eq(receipts.patientId, patientId))).toHaveLength(1);
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.subject, `patient:${patientId}`), eq(auditEvents.action, 'account_closed')));
    expect(audit).toHaveLength(1);
  });

  it('leaves the address free: signing up again starts a new account', async () => {
    expect(await findUserByEmail(db, EMAIL)).toBeUndefined();
    const [fresh] = await db.insert(users).values({ email: EMAIL, passwordHash: 'x', firstName: 'Camille', lastName: 'Tremblay', isPatient: true }).returning();
    expect(fresh!.id).not.toBe(patientId);
    expect((await findUserByEmail(db, EMAIL))?.id).toBe(fresh!.id);
    // A second open account with the address is still refused.
    await expect(db.insert(users).values({ email: EMAIL, passwordHash: 'x', firstName: 'A', lastName: 'B' })).rejects.toThrow();
  });
});

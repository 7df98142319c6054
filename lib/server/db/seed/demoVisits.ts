import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc, type LocalDate } from '@/lib/server/booking/clinicTime';
import type { Database } from '../client';
import { appointments, offices, services, skills, users, type GuestContact } from '../schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from './demoCredentials';

/** When the recent visits are placed: relative to the seed's `now`, on the clinic's calendar. */
export interface DemoVisitsOptions {
  now: Date;
  timeZone: string;
}

type Visit = {
  /** 1 = the last weekday before the seed's day, 2 = the one before, ... */
  weekdaysAgo: 1 | 2 | 3;
  at: `${number}:${number}`;
  service: 'nutrition-evaluation' | 'follow-up' | 'individual-consultation';
  /** The demo patient, or a guest's contact. */
  who: 'demo-patient' | GuestContact;
  sessionLanguage: 'en' | 'fr';
  reasons: string[];
  status: 'booked' | 'completed';
};

/**
 * A few visits of the last weekdays with the demo dietitian (Centretown, her hours), so her
 * agenda has visits to mark from the first start: the demo patient's evaluation (already
 * marked completed), a consultation in French and a follow-up, and two guests' visits not
 * marked yet. All in the past, so they never take a slot from a booking.
 */
const visits: Visit[] = [
  { weekdaysAgo: 3, at: '9:30', service: 'nutrition-evaluation', who: 'demo-patient', sessionLanguage: 'en', reasons: ['weight-management', 'eating-habits'], status: 'completed' },
  {
    weekdaysAgo: 2,
    at: '11:00',
    service: 'nutrition-evaluation',
    who: { firstName: 'Nadia', lastName: 'Roy', email: 'nadia.roy@example.com', phone: '16135550147' },
    sessionLanguage: 'fr',
    reasons: ['diabetes'],
    status: 'booked',
  },
  // The demo patient's French visit: marked, paid and given its French receipt in tests/e2e/receipts.spec.ts.
  { weekdaysAgo: 2, at: '15:00', service: 'individual-consultation', who: 'demo-patient', sessionLanguage: 'fr', reasons: ['eating-habits'], status: 'booked' },
  { weekdaysAgo: 1, at: '10:00', service: 'follow-up', who: 'demo-patient', sessionLanguage: 'en', reasons: ['weight-management'], status: 'booked' },
  {
    weekdaysAgo: 1,
    at: '14:00',
    service: 'individual-consultation',
    who: { firstName: 'Olivier', lastName: 'Gagné', email: 'olivier.gagne@example.com', phone: '16135550163' },
    sessionLanguage: 'en',
    reasons: ['sports-performance'],
    status: 'booked',
  },
];

/** The last `count` weekdays (Monday to Friday) before the local date, most recent first. */
function weekdaysBefore(date: LocalDate, count: number): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = addDays(date, -1); days.length < count; day = addDays(day, -1)) {
    if (isoWeekday(day) <= 5) days.push(day);
  }
  return days;
}

/**
 * Inserts the demo visits. Called once, in the run that creates the demo patient (a later start
 * finds the patient and adds nothing), inside the seed's transaction.
 */
export async function seedDemoVisits(db: Database, options: DemoVisitsOptions): Promise<void> {
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [DEMO_DIETITIAN.email, DEMO_PATIENT.email]));
  const dietitianId = people.find((p) => p.email === DEMO_DIETITIAN.email)?.id;
  const patientId = people.find((p) => p.email === DEMO_PATIENT.email)?.id;
  const [office] = await db.select({ id: offices.id }).from(offices).where(eq(offices.slug, 'centretown'));
  if (dietitianId === undefined || patientId === undefined || !office) throw new Error('Seed: the demo visits need the demo people and the Centretown office.');
  const serviceRows = new Map((await db.select().from(services)).map((s) => [s.slug, s]));
  const skillIds = new Map((await db.select({ id: skills.id, slug: skills.slug }).from(skills)).map((s) => [s.slug, s.id]));
  const days = weekdaysBefore(utcToLocalDate(options.now, options.timeZone), 3);

  await db.insert(appointments).values(
    visits.map((visit) => {
      const service = serviceRows.get(visit.service);
      const [hours, minutes] = visit.at.split(':').map(Number);
      const startsAt = zonedDateTimeToUtc(days[visit.weekdaysAgo - 1]!, hours! * 60 + minutes!, options.timeZone);
      if (!service || !startsAt) throw new Error(`Seed: cannot place the demo visit of ${visit.service}.`);
      const minute = 60_000;
      return {
        patientId: visit.who === 'demo-patient' ? patientId : null,
        guestContact: visit.who === 'demo-patient' ? null : visit.who,
        employeeId: dietitianId,
        serviceId: service.id,
        officeId: office.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + service.clientDurationMinutes * minute),
        blockedUntil: new Date(startsAt.getTime() + service.employeeDurationMinutes * minute),
        sessionLanguage: visit.sessionLanguage,
        reasons: visit.reasons.map((slug) => skillIds.get(slug)!),
        status: visit.status,
        // These services are HST-exempt (seed/services.ts): the price is the total.
        priceCents: service.basePriceCents,
        taxCents: 0,
        totalCents: service.basePriceCents,
      };
    }),
  );
}

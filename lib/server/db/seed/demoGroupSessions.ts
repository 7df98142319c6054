import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { addDays, isoWeekday, utcToLocalDate, zonedDateTimeToUtc } from '@/lib/server/booking/clinicTime';
import { priceService } from '@/lib/server/booking/pricing';
import { newVideoRoom } from '@/lib/server/booking/videoRoom';
import { sessionSpan } from '@/lib/server/groups/groupService';
import type { Database } from '../client';
import { appointments, groupSeries, groupSessions, groupTopics, offices, services, skills, users } from '../schema';
import { DEMO_DIETITIAN, DEMO_PATIENT } from './demoCredentials';
import type { DemoVisitsOptions } from './demoVisits';

/**
 * The demo clinic's group programme (issue #28), so a new user sees it at once: a 6-week French
 * series on type 2 diabetes, an English heart-healthy cooking session at Centretown and a French
 * virtual session on pregnancy, in the evenings of the coming weeks; and one already held, the
 * last weekday evening, by the demo dietitian with the demo patient's seat, for her roster to mark
 * (present or not), be paid and send its handouts. Seeded once, when the clinic has no session
 * yet; a meeting that would overlap a dietitian's visit is left out.
 */
const programme = [
  { topic: 'type-2-diabetes', dietitian: 'sophie.tremblay@demo.equilibrenutrition.ca', office: 'centretown', language: 'fr', weekday: 2, weeksAhead: 1, meetings: 6, capacity: 10 },
  { topic: 'heart-healthy-cooking', dietitian: 'amira.haddad@demo.equilibrenutrition.ca', office: 'centretown', language: 'en', weekday: 4, weeksAhead: 2, meetings: 1, capacity: 12 },
  { topic: 'eating-well-pregnancy', dietitian: 'sophie.tremblay@demo.equilibrenutrition.ca', office: 'virtual', language: 'fr', weekday: 3, weeksAhead: 3, meetings: 1, capacity: 8 },
] as const;
const START_MINUTE = 18 * 60;

export async function seedDemoGroupSessions(tx: Database, options: DemoVisitsOptions): Promise<void> {
  const [any] = await tx.select({ id: groupSessions.id }).from(groupSessions).limit(1);
  if (any) return;
  const [service] = await tx.select().from(services).where(eq(services.slug, 'group-programs'));
  if (!service) return;
  const price = priceService(service);
  const topics = new Map((await tx.select().from(groupTopics)).map((t) => [t.slug, t.id]));
  const people = new Map((await tx.select().from(users).where(inArray(users.email, programme.map((p) => p.dietitian)))).map((u) => [u.email, u.id]));
  const places = new Map((await tx.select().from(offices)).map((o) => [o.slug, o]));
  const today = utcToLocalDate(options.now, options.timeZone);
  for (const item of programme) {
    const topicId = topics.get(item.topic);
    const employeeId = people.get(item.dietitian);
    const office = places.get(item.office);
    if (!topicId || !employeeId || !office) continue;
    // The item's weekday, `weeksAhead` weeks from now.
    let first = addDays(today, 7 * item.weeksAhead);
    while (isoWeekday(first) !== item.weekday) first = addDays(first, 1);
    const [series] = item.meetings > 1 ? await tx.insert(groupSeries).values({ topicId }).returning() : [];
    for (let week = 0; week < item.meetings; week++) {
      const startsAt = zonedDateTimeToUtc(addDays(first, 7 * week), START_MINUTE, options.timeZone);
      if (!startsAt) continue;
      try {
        // A savepoint each: a meeting over an existing visit is skipped, not the whole seed.
        await tx.transaction(async (sp) => {
          await sp.insert(groupSessions).values({
            topicId,
            seriesId: series?.id ?? null,
            serviceId: service.id,
            employeeId,
            officeId: office.id,
            ...sessionSpan(service, startsAt),
            sessionLanguage: item.language,
            capacity: item.capacity,
            priceCents: price.base_price,
            taxCents: price.tax_amount,
            totalCents: price.total_price,
            videoRoom: office.isVirtual ? newVideoRoom() : null,
          });
        });
      } catch {
        // Overlaps a visit or a session of the dietitian: left out.
      }
    }
  }
  await seedHeldSession(tx, options, topics.get('heart-healthy-cooking'), places.get('centretown')?.id, service);
}

/** The French cooking session the demo dietitian held the last weekday evening, the demo patient in one of its 8 seats. */
async function seedHeldSession(tx: Database, options: DemoVisitsOptions, topicId: number | undefined, officeId: number | undefined, service: typeof services.$inferSelect) {
  const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [DEMO_DIETITIAN.email, DEMO_PATIENT.email]));
  const employeeId = people.find((p) => p.email === DEMO_DIETITIAN.email)?.id;
  const patientId = people.find((p) => p.email === DEMO_PATIENT.email)?.id;
  let day = addDays(utcToLocalDate(options.now, options.timeZone), -1);
  while (isoWeekday(day) > 5) day = addDays(day, -1);
  const startsAt = zonedDateTimeToUtc(day, START_MINUTE, options.timeZone);
  const [reason] = await tx.select({ id: skills.id }).from(skills).where(eq(skills.slug, 'eating-habits'));
  if (!topicId || !officeId || !employeeId || !patientId || !startsAt || !reason) return;
  const price = priceService(service);
  const money = { priceCents: price.base_price, taxCents: price.tax_amount, totalCents: price.total_price };
  const span = sessionSpan(service, startsAt);
  const [session] = await tx
    .insert(groupSessions)
    .values({ topicId, serviceId: service.id, employeeId, officeId, ...span, sessionLanguage: 'fr', capacity: 8, ...money })
    .returning();
  await tx.insert(appointments).values({
    patientId,
    employeeId,
    serviceId: service.id,
    officeId,
    ...span,
    groupSessionId: session!.id,
    sessionLanguage: 'fr',
    reasons: [reason.id],
    ...money,
  });
}

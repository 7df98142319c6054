import 'server-only';
import type { Database } from '@/lib/server/db/client';
import { waitlistWakeups } from '@/lib/server/db/schema';

/**
 * The fact "a dietitian's [startsAt, endsAt) may be free again", written in the transaction of
 * the change that freed it: a cancellation, a move, deleted time off, new working hours, an
 * offer that expired, an open offer withdrawn because its holder's place ended (left, removed,
 * past its dates). It stays in the database until a listener has looked at it (the waitlist
 * deletes what it read), so a freed time is looked at even if the process dies right after the
 * commit; announcing it (announce.ts) only says "look now".
 */
export async function recordFreedTime(tx: Database, employeeId: number, startsAt: Date, endsAt: Date): Promise<void> {
  await tx.insert(waitlistWakeups).values({ employeeId, startsAt, endsAt });
}

/** New or longer working hours free every week to come: the next 400 days (more than any booking horizon). */
export async function recordFreedHours(tx: Database, employeeId: number, now: Date): Promise<void> {
  await recordFreedTime(tx, employeeId, now, new Date(now.getTime() + 400 * 86_400_000));
}

import 'server-only';
import type { Database } from '@/lib/server/db/client';
import { waitlistWakeups } from '@/lib/server/db/schema';

/**
 * Marks a dietitian's [startsAt, endsAt) as possibly free for the waitlist (issue #16), in the caller's
 * transaction: a cancellation, a move, deleted time off, new working hours, an offer that
 * expired. The job runner (offers.ts) offers what now matches a waiting entry, then deletes the
 * mark, so a freed time is looked at even if the process dies right after the change.
 */
export async function recordFreedTime(tx: Database, employeeId: number, startsAt: Date, endsAt: Date): Promise<void> {
  await tx.insert(waitlistWakeups).values({ employeeId, startsAt, endsAt });
}

/** New or longer working hours free every week to come: the next 400 days (more than any booking horizon). */
export async function recordFreedHours(tx: Database, employeeId: number, now: Date): Promise<void> {
  await recordFreedTime(tx, employeeId, now, new Date(now.getTime() + 400 * 86_400_000));
}

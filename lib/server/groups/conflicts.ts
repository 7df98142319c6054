import 'server-only';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { timeOff } from '@/lib/server/db/schema';
import { dbErrorOf } from './seats';

/** Whether the dietitian is away during any of the span (their time off overlaps it). */
export async function awayDuring(tx: Database, employeeId: number, span: { startsAt: Date; blockedUntil: Date }): Promise<boolean> {
  const [away] = await tx
    .select({ id: timeOff.id })
    .from(timeOff)
    .where(and(eq(timeOff.employeeId, employeeId), lt(timeOff.startsAt, span.blockedUntil), gt(timeOff.endsAt, span.startsAt)))
    .limit(1);
  return away !== undefined;
}

/**
 * What a session's write ran into, from the database's refusal (migration 0012): another session
 * of the dietitian (the exclusion constraint, or a meeting of the same series at that very start)
 * or one of their visits (the trigger); null for any other error.
 */
export function sessionOverlapOf(error: unknown): 'visit' | 'session' | null {
  const { code, constraint } = dbErrorOf(error);
  if (code === '23505' && constraint === 'group_sessions_series_starts_key') return 'session';
  if (code !== '23P01') return null;
  return constraint === 'group_sessions_no_visit_overlap' ? 'visit' : 'session';
}

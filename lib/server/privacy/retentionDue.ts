import 'server-only';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import type { RecordSubject } from './audit';
import { minorBounds, ownKey, periodBounds, type RetentionRules, type Scope } from './retentionRules';

/**
 * Whose records are due: every period over and nothing of theirs still live (what the purge and
 * its dry run take), and when one person's records may go (what closing an account says).
 */

interface Expired {
  subject: RecordSubject;
  /** ms; null when nothing had to be kept. */
  until: number | null;
}

/** The people in `scope` whose every period is over at `now` and who hold nothing live. */
export async function expiredSubjects(db: Database, scope: Scope, now: Date, rules: RetentionRules): Promise<Expired[]> {
  const candidates = await periodBounds(db, scope, rules, now);
  if (candidates.length === 0) return [];
  const minors = await minorBounds(db, candidates.map((c) => c.subject), rules);
  const expired: Expired[] = [];
  let unreadable = 0;
  for (const candidate of candidates) {
    const minor = minors.get(ownKey(candidate.subject));
    if (minor === 'unreadable') unreadable += 1;
    else if (minor === undefined || minor <= now.getTime()) {
      expired.push({ subject: candidate.subject, until: minor === undefined ? candidate.until : Math.max(minor, candidate.until ?? minor) });
    }
  }
  // A count only: who they are is not for the log.
  if (unreadable > 0) console.warn(`[retention] ${unreadable} record(s) kept: an intake form could not be decrypted to apply the minors' rule`);
  return expired;
}

/**
 * When a person's kept records may be deleted (closing an account says so): the latest of the
 * clinical, minors' and financial periods, or null when nothing is kept past `now`. A form that
 * cannot be decrypted leaves the minors' rule out.
 */
export async function retainUntil(db: Database, subject: RecordSubject, now: Date, rules: RetentionRules = getConfig()): Promise<Date | null> {
  const [bounds] = await periodBounds(db, subject, rules, null);
  if (!bounds) return null;
  const minor = (await minorBounds(db, [subject], rules)).get(ownKey(subject));
  const until = Math.max(bounds.until ?? -Infinity, typeof minor === 'number' ? minor : -Infinity);
  return until > now.getTime() ? new Date(until) : null;
}

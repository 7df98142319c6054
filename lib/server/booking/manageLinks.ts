import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { isLinkToken } from '@/lib/schemas/linkToken';
import { pageLink } from '@/lib/server/auth/links';
import { hashToken, randomToken } from '@/lib/server/auth/tokens';
import type { Database } from '@/lib/server/db/client';
import { appointmentLinks, appointments, type Appointment } from '@/lib/server/db/schema';

/**
 * Manage links (issue #15 item 2): every confirmation and reminder e-mail carries a link that
 * opens the appointment without an account. The token is 256 random bits, sent only in the
 * e-mail, in the link's fragment (`/manage-appointment#<token>`): a fragment never reaches a
 * server log or a Referer header. The database keeps its SHA-256 only. A link works until 30
 * days after the start of the visit it opens; a rescheduled visit's link leads to the visit that
 * replaced it.
 */

const LINK_LIFETIME_AFTER_START_MS = 30 * 86_400_000;

/** A new link for an appointment, in its session language; written in the caller's transaction. */
export async function createManageLink(tx: Database, appointment: Pick<Appointment, 'id' | 'startsAt' | 'sessionLanguage'>): Promise<string> {
  const token = randomToken();
  await tx.insert(appointmentLinks).values({
    appointmentId: appointment.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(appointment.startsAt.getTime() + LINK_LIFETIME_AFTER_START_MS),
  });
  return `${pageLink(appointment.sessionLanguage, '/manage-appointment')}#${token}`;
}

/**
 * The appointment a link opens now: the one it was made for, or the one that replaced it after
 * each reschedule. Null for an unknown or expired token (the same answer for both).
 */
export async function appointmentOfLink(db: Database, token: string, now: Date): Promise<Appointment | null> {
  return isLinkToken(token) ? appointmentOfLinkHash(db, hashToken(token), now) : null;
}

/** appointmentOfLink, for a token already hashed (the guessing guard hashes it). */
export async function appointmentOfLinkHash(db: Database, tokenHash: string, now: Date): Promise<Appointment | null> {
  const [link] = await db.select().from(appointmentLinks).where(eq(appointmentLinks.tokenHash, tokenHash));
  if (!link) return null;
  let [appointment] = await db.select().from(appointments).where(eq(appointments.id, link.appointmentId));
  // A reschedule chain is short (a visit moved a few times); the bound only guards against a cycle.
  for (let hops = 0; appointment && hops < 50; hops += 1) {
    const [next] = await db
      .select()
      .from(appointments)
      .where(eq(appointments.rescheduledFromId, appointment.id))
      .orderBy(desc(appointments.id))
      .limit(1);
    if (!next) break;
    appointment = next;
  }
  if (!appointment) return null;
  // Valid until 30 days after the visit it opens now: a visit moved later keeps its old links.
  const expiresAt = Math.max(link.expiresAt.getTime(), appointment.startsAt.getTime() + LINK_LIFETIME_AFTER_START_MS);
  return expiresAt > now.getTime() ? appointment : null;
}

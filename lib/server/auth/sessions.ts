import 'server-only';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { sessions, users } from '@/lib/server/db/schema';
import { hashToken, randomToken } from './tokens';

const HOUR = 3_600_000;
/** DESIGN §4.5: patients 7 days, sliding; employees (they see health data) 12 h absolute, 1 h idle. */
export const PATIENT_SESSION_MS = 7 * 24 * HOUR;
export const EMPLOYEE_SESSION_MS = 12 * HOUR;
export const EMPLOYEE_IDLE_MS = HOUR;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export type User = typeof users.$inferSelect;

/** Starts a session: a fresh random token for the cookie; only its hash is stored. */
export async function createSession(db: Database, user: User, now = new Date()) {
  const token = randomToken();
  const lifetime = user.isEmployee ? EMPLOYEE_SESSION_MS : PATIENT_SESSION_MS;
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The signed-in user for a cookie token, or null when there is none, it expired, sat idle too
 * long (employees), or the account was deactivated. A patient's session slides forward on use.
 * Returns the (possibly new) expiry so the cookie can follow.
 */
export async function resolveSession(db: Database, token: string, now = new Date()) {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  const idle = now.getTime() - session.lastSeenAt.getTime();
  const expired = session.expiresAt <= now || (user.isEmployee && idle > EMPLOYEE_IDLE_MS) || !user.isActive;
  if (expired) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  let { expiresAt } = session;
  if (idle > TOUCH_EVERY_MS) {
    if (!user.isEmployee) expiresAt = new Date(now.getTime() + PATIENT_SESSION_MS);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user, tokenHash, expiresAt };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** After a password change or reset: every session of the user ends, but the one kept (if any). */
export async function deleteUserSessions(db: Database, userId: number, keepTokenHash?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.userId, userId));
}

/** Removes sessions past their expiry (housekeeping). */
export async function pruneSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

import 'server-only';
import type { Database } from '@/lib/server/db/client';
import { AppError } from '@/lib/server/http/appError';
import { readSessionToken } from './cookies';
import { resolveSession } from './sessions';

/** The signed-in user of a request (with the session's expiry), or null. */
export async function currentSession(db: Database, request: Request) {
  const token = readSessionToken(request);
  if (!token) return null;
  const session = await resolveSession(db, token);
  return session ? { ...session, token } : null;
}

/** Like currentSession, but answers 401 when nobody is signed in. */
export async function requireSession(db: Database, request: Request) {
  const session = await currentSession(db, request);
  if (!session) throw new AppError('unauthenticated', 401, 'unauthenticated');
  return session;
}

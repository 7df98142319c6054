import { createSession } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';

export interface TestPerson {
  id: number;
  email: string;
  /** A session cookie for the person, to pass as `cookie` to call(). */
  cookie: string;
}

/**
 * An account signed in at once (no password: tests use a session). `verified` sets
 * email_verified_at, which decides what the account may claim by its e-mail address.
 */
export async function addPerson(
  db: Database,
  input: { email: string; role: 'patient' | 'employee'; verified?: boolean; firstName?: string; lastName?: string },
): Promise<TestPerson> {
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: 'not-a-hash',
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'Person',
      isPatient: input.role === 'patient',
      isEmployee: input.role === 'employee',
      emailVerifiedAt: input.verified === false ? null : new Date(),
    })
    .returning();
  return { id: user!.id, email: user!.email, cookie: `session=${(await createSession(db, user!)).token}` };
}

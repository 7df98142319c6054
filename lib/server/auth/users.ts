import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Database } from '@/lib/server/db/client';
import { patientProfiles, users } from '@/lib/server/db/schema';
import type { User } from './sessions';

/** The open account of an address: a closed account (issue #30) no longer signs in, resets or blocks a new sign-up. */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.closedAt)))
    .limit(1);
  return user;
}

export async function findUserById(db: Database, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The user as SPEC §3 describes it to the browser (never the password hash or flags it has no use for). */
export async function toUserDto(db: Database, user: User) {
  const patient = user.isPatient
    ? (await db.select().from(patientProfiles).where(eq(patientProfiles.userId, user.id)).limit(1))[0]
    : undefined;
  const dietitian = patient?.preferredDietitianId ? await findUserById(db, patient.preferredDietitianId) : undefined;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: fullName(user),
    is_active: user.isActive,
    is_employee: user.isEmployee,
    is_patient: user.isPatient,
    groups: [user.isEmployee ? 'employee' : null, user.isPatient ? 'patient' : null, user.isAdmin ? 'admin' : null].filter(
      (g): g is string => g !== null,
    ),
    created_date: user.createdAt.toISOString(),
    employee_data: user.isEmployee ? { is_admin: user.isAdmin } : null,
    user_profile: {
      profile_picture: null,
      profile_picture_url: user.profilePictureUrl,
      preferred_language: { code: user.preferredLanguage },
      phone_number: user.phone,
    },
    patient_data: patient
      ? {
          id: user.id,
          preferred_dietitian: patient.preferredDietitianId,
          preferred_dietitian_name: dietitian ? fullName(dietitian) : null,
        }
      : null,
  };
}

import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '../db/client';
import { employeeProfiles, employeeSkills, skills, users } from '../db/schema';
import { teamIllustrations } from './teamIllustrations';

export type TeamMember = {
  id: number;
  name: string;
  title: string;
  bio: string;
  /** The languages of their sessions, as codes ('en', 'fr'). */
  languages: ('en' | 'fr')[];
  /** The reasons for a visit they see patients for, in the visitor's language. */
  skills: string[];
  /** A photo when one was uploaded, else the illustration drawn for them, else null. */
  photoUrl: string | null;
  /** The College of Dietitians of Ontario registration number, when entered. */
  registrationNumber: string | null;
};

/** The active dietitians who have a public profile, by last name, in the visitor's language. */
export async function getTeam(db: Database, locale: Locale): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePictureUrl: users.profilePictureUrl,
      profile: employeeProfiles,
    })
    .from(users)
    .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(and(eq(users.isEmployee, true), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  if (rows.length === 0) return [];

  const skillRows = await db
    .select({ userId: employeeSkills.userId, nameEn: skills.nameEn, nameFr: skills.nameFr })
    .from(employeeSkills)
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .where(
      inArray(
        employeeSkills.userId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(skills.id));
  const skillsOf = new Map<number, string[]>();
  for (const row of skillRows) {
    const list = skillsOf.get(row.userId) ?? [];
    list.push(locale === 'fr' ? row.nameFr : row.nameEn);
    skillsOf.set(row.userId, list);
  }

  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    title: locale === 'fr' ? row.profile.titleFr : row.profile.titleEn,
    bio: locale === 'fr' ? row.profile.bioFr : row.profile.bioEn,
    languages: row.profile.languages,
    skills: skillsOf.get(row.id) ?? [],
    photoUrl: row.profile.photoUrl ?? row.profilePictureUrl ?? teamIllustrations[row.email] ?? null,
    registrationNumber: row.profile.registrationNumber,
  }));
}

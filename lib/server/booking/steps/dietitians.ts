import 'server-only';
import { and, arrayContains, countDistinct, eq, inArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { Database } from '@/lib/server/db/client';
import { employeeProfiles, employeeSkills, users } from '@/lib/server/db/schema';

export interface DietitianCriteria {
  sessionLanguage: Locale;
  /** The reasons chosen for the visit. */
  skillIds: readonly number[];
  /** The service's requires_matching_skills: the dietitian must hold every chosen reason. */
  requiresMatchingSkills: boolean;
  /** An employee's choice of dietitian; null = any qualified one. */
  dietitianId: number | null;
}

/**
 * The dietitians who may take a booking: active employees with a dietitian profile who hold
 * sessions in its language, hold every chosen reason when the service asks for matching skills,
 * and are the employee's chosen dietitian when there is one. Offices (locations/fetch) and
 * slots (available-appointments) both start from this list, so they cannot disagree.
 */
export async function findQualifiedDietitians(db: Database, criteria: DietitianCriteria): Promise<number[]> {
  const rows = await qualifiedDietitiansQuery(db, criteria);
  return rows.map((row) => row.id);
}

/**
 * The same list as a query of ids, ordered by id, to await or to use inside another query (the
 * slot search reads it with the dietitians' calendar counters, in one statement: issue #29).
 */
export function qualifiedDietitiansQuery(db: Database, criteria: DietitianCriteria): SQLWrapper & PromiseLike<{ id: number }[]> {
  const conditions: (SQL | undefined)[] = [
    eq(users.isActive, true),
    eq(users.isEmployee, true),
    arrayContains(employeeProfiles.languages, [criteria.sessionLanguage]),
    criteria.dietitianId === null ? undefined : eq(users.id, criteria.dietitianId),
  ];
  const matching = criteria.requiresMatchingSkills && criteria.skillIds.length > 0;
  if (!matching) {
    return db
      .select({ id: users.id })
      .from(users)
      .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
      .where(and(...conditions))
      .orderBy(users.id);
  }
  const skillIds = [...new Set(criteria.skillIds)];
  return (
    db
      .select({ id: users.id })
      .from(users)
      .innerJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
      .innerJoin(employeeSkills, eq(employeeSkills.userId, users.id))
      .where(and(...conditions, inArray(employeeSkills.skillId, skillIds)))
      .groupBy(users.id)
      // Holding every reason: as many distinct matches as reasons asked for.
      .having(eq(countDistinct(employeeSkills.skillId), skillIds.length))
      .orderBy(users.id)
  );
}

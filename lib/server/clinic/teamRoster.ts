import 'server-only';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { fullName } from '@/lib/format/personName';
import type { Locale } from '@/lib/i18n/routing';
import type { InvitationStatus } from '@/lib/schemas/clinicTeam';
import type { Database } from '@/lib/server/db/client';
import { appointments, employeeInvites, employeeProfiles, users } from '@/lib/server/db/schema';

/** Past invitations shown besides the open ones: enough to see what happened lately, never an archive. */
export const RECENT_INVITATIONS = 30;

/**
 * What an invitation's link does now. A newer invitation to the same address replaced it
 * ('voided': creating one ends the older ones' links), unless it was used first.
 */
export function invitationStatus(
  invite: { usedAt: Date | null; expiresAt: Date },
  replaced: boolean,
  now: Date,
): InvitationStatus {
  if (invite.usedAt) return 'used';
  if (replaced) return 'voided';
  return invite.expiresAt > now ? 'pending' : 'expired';
}

/**
 * GET /api/clinic/team: the employees (active first, then by name) with their booked visits still
 * to come, and the invitations (the open ones first, then the latest others, newest first).
 */
export async function getTeamRoster(db: Database, input: { locale: Locale; now?: Date }) {
  const now = input.now ?? new Date();
  const upcoming = db
    .select({ employeeId: appointments.employeeId, count: sql<number>`count(*)::int`.as('count') })
    .from(appointments)
    .where(and(eq(appointments.status, 'booked'), gt(appointments.endsAt, now)))
    .groupBy(appointments.employeeId)
    .as('upcoming');
  const people = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      titleEn: employeeProfiles.titleEn,
      titleFr: employeeProfiles.titleFr,
      registrationNumber: employeeProfiles.registrationNumber,
      upcoming: upcoming.count,
    })
    .from(users)
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .leftJoin(upcoming, eq(upcoming.employeeId, users.id))
    .where(eq(users.isEmployee, true))
    .orderBy(desc(users.isActive), asc(users.lastName), asc(users.firstName), asc(users.id));

  const newest = db
    .select({ email: employeeInvites.email, latest: sql<number>`max(${employeeInvites.id})::int`.as('latest') })
    .from(employeeInvites)
    .groupBy(employeeInvites.email)
    .as('newest');
  const invites = await db
    .select({
      id: employeeInvites.id,
      email: employeeInvites.email,
      createdAt: employeeInvites.createdAt,
      expiresAt: employeeInvites.expiresAt,
      usedAt: employeeInvites.usedAt,
      latest: newest.latest,
    })
    .from(employeeInvites)
    .innerJoin(newest, eq(newest.email, employeeInvites.email))
    .orderBy(desc(employeeInvites.id));

  const invitations = invites.map((invite) => ({
    id: invite.id,
    email: invite.email,
    created_at: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
    status: invitationStatus(invite, invite.id !== invite.latest, now),
  }));
  const open = invitations.filter((invite) => invite.status === 'pending');
  const past = invitations.filter((invite) => invite.status !== 'pending').slice(0, RECENT_INVITATIONS);

  return {
    employees: people.map((person) => ({
      id: person.id,
      name: fullName(person),
      email: person.email,
      title: (input.locale === 'fr' ? person.titleFr : person.titleEn) ?? null,
      is_admin: person.isAdmin,
      is_active: person.isActive,
      future_appointments: person.upcoming ?? 0,
      registration_number: person.registrationNumber ?? null,
    })),
    invitations: [...open, ...past],
  };
}

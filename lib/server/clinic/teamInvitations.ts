import 'server-only';
import { fullName } from '@/lib/format/personName';
import { createInvite, INVITE_TTL_DAYS } from '@/lib/server/auth/invites';
import { assertUnderLimit, consume, lockLimitKeys, recordEvent, type Limit } from '@/lib/server/auth/rateLimit';
import type { User } from '@/lib/server/auth/sessions';
import type { TeamInviteInput } from '@/lib/schemas/clinicTeam';
import type { Database } from '@/lib/server/db/client';
import { employeeInviteEmail, sendEmail } from '@/lib/server/email';
import { AppError } from '@/lib/server/http/appError';

/**
 * Invitations an administrator may send: plenty for hiring, too few to turn the clinic's
 * address into a mail cannon should an admin account be misused.
 */
export const INVITES_PER_ADMIN: Limit = { max: 20, windowMs: 60 * 60_000 };
/** The same address at most this often, whoever asks: a double click sends one e-mail, not a pile. */
export const INVITES_PER_ADDRESS: Limit = { max: 3, windowMs: 60 * 60_000 };

/**
 * POST /api/clinic/invitations: creates a single-use invitation (voiding older open ones to the
 * same address) and e-mails its link in the chosen language. An address with an account is
 * refused (409) before anything is created or sent.
 */
export async function inviteEmployee(db: Database, input: TeamInviteInput, admin: User) {
  const addressKey = `team-invite:email:${input.email}`;
  await consume(db, `team-invite:admin:${admin.id}`, INVITES_PER_ADMIN);
  const invite = await db.transaction(async (tx) => {
    await lockLimitKeys(tx, [addressKey]);
    await assertUnderLimit(tx, addressKey, INVITES_PER_ADDRESS);
    const created = await createInvite(tx, input.email, input.language, admin.id);
    await recordEvent(tx, addressKey);
    return created;
  });
  const content = employeeInviteEmail({
    inviterName: fullName(admin),
    link: invite.link,
    language: input.language,
    expiresInDays: INVITE_TTL_DAYS,
  });
  try {
    await sendEmail({ to: input.email, language: input.language, ...content });
  } catch (error) {
    // The invitation exists but nobody got its link: say so; sending again voids this one.
    console.error(`[email] employee invitation could not be sent: ${error instanceof Error ? error.name : 'error'}`);
    throw new AppError('invite_not_sent', 502, 'teamInviteNotSent');
  }
  return { id: invite.id, email: input.email, expires_at: invite.expiresAt.toISOString() };
}

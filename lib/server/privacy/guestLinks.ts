import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import { consumeEmailAllowance } from '@/lib/server/auth/accountEmails';
import { openGuardedLink } from '@/lib/server/auth/linkGuard';
import { pageLink } from '@/lib/server/auth/links';
import { consume, hashIp, limits } from '@/lib/server/auth/rateLimit';
import { hashToken, randomToken } from '@/lib/server/auth/tokens';
import type { Database } from '@/lib/server/db/client';
import { contactMessages, dataExportLinks } from '@/lib/server/db/schema';
import { dataExportLinkEmail } from '@/lib/server/email';
import { kickMailQueue, queueEmail } from '@/lib/server/email/queue';
import { AppError } from '@/lib/server/http/appError';
import { guestRowsExist } from './guestRows';

/** A guest's export link works once, for a day (issue #30 item 2). */
export const DATA_LINK_TTL_MINUTES = 24 * 60;

/** Whether the clinic holds anything under the address as a guest (no account). */
async function holdsGuestRecords(db: Database, email: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`SELECT
    ${guestRowsExist(email)} OR EXISTS (SELECT 1 FROM ${contactMessages} WHERE ${contactMessages.email} = ${email}) AS found`);
  return Boolean(result.rows[0]?.found);
}

/**
 * POST /api/privacy/data-request: e-mails a single-use link to the export of what the clinic holds
 * under the address, when it holds anything. The answer is the same either way (no enumeration),
 * and the form is limited like the other e-mail forms: per client address, and 3 e-mails per
 * address per 5 minutes.
 */
export async function requestGuestExport(db: Database, input: { email: string; locale: Locale; ip: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  await consume(db, `data-request-ip:${hashIp(input.ip)}`, limits.passwordResetPerIp);
  await consumeEmailAllowance(db, email);
  if (!(await holdsGuestRecords(db, email))) return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(dataExportLinks).values({ email, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + DATA_LINK_TTL_MINUTES * 60_000) });
    const link = `${pageLink(input.locale, '/my-data-request')}#${token}`;
    const content = dataExportLinkEmail({ link, language: input.locale, expiresInMinutes: DATA_LINK_TTL_MINUTES });
    await queueEmail(tx, { purpose: 'data export link', message: { to: email, language: input.locale, ...content } });
  });
  void kickMailQueue();
}

/**
 * Uses a guest's export link: the address it was sent to, once. A used, expired or unknown link
 * gets one answer (410), and counts as a miss of the caller's address (linkGuard.ts).
 */
export async function useGuestExportLink(db: Database, input: { token: string; ip: string; now?: Date }): Promise<string> {
  const now = input.now ?? new Date();
  const email = await openGuardedLink(db, { kind: 'data', token: input.token, ip: input.ip, now }, async (tx, tokenHash) => {
    const [used] = await tx
      .update(dataExportLinks)
      .set({ usedAt: now })
      .where(and(eq(dataExportLinks.tokenHash, tokenHash), isNull(dataExportLinks.usedAt), gt(dataExportLinks.expiresAt, now)))
      .returning({ email: dataExportLinks.email });
    return used?.email ?? null;
  });
  if (!email) throw new AppError('link_invalid', 410, 'dataLinkInvalid');
  return email;
}

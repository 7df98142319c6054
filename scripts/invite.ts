/**
 * npm run invite -- --email colleague@example.ca [--lang fr]
 * Creates a single-use employee invitation and prints its link.
 */
import { parseArgs } from 'node:util';
import { createInvite, INVITE_TTL_DAYS } from '@/lib/server/auth/invites';
import { emailSchema } from '@/lib/schemas/contact';
import { getDatabaseHandle } from '@/lib/server/db/client';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, lang: { type: 'string', default: 'en' } } });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success || (values.lang !== 'en' && values.lang !== 'fr')) {
    console.error('Usage: npm run invite -- --email colleague@example.ca [--lang en|fr]');
    return 2;
  }
  const handle = await getDatabaseHandle();
  try {
    const { link, expiresAt } = await createInvite(handle.db, email.data, values.lang);
    console.log(`Invitation for ${email.data} (valid ${INVITE_TTL_DAYS} days, until ${expiresAt.toISOString()}):\n${link}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

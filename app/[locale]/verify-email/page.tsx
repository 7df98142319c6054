import { AccountMessages } from '@/components/auth/AccountMessages';
import { VerifyEmail } from '@/components/auth/VerifyEmail';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/verify-email', 'verify-email', (locale) => (
  <AccountMessages locale={locale}>
    <VerifyEmail />
  </AccountMessages>
));

// The verification token is in the address: links from this page must not pass it on.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

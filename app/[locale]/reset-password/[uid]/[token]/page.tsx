import { AccountMessages } from '@/components/auth/AccountMessages';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

// Any uid and token reach the page; the server judges the link when it is used.
export const dynamicParams = true;

const page = introPage('/reset-password/[uid]/[token]', 'reset-password-uid-token', (locale, params) => (
  <>
    <ScriptsNeeded locale={locale} />
    <AccountMessages locale={locale}>
      <ResetPasswordForm uid={params.uid ?? ''} token={params.token ?? ''} />
    </AccountMessages>
  </>
));

// The reset token is in the address: no request from this page may carry it as a referrer.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

import { AccountMessages } from '@/components/auth/AccountMessages';
import { VerifyEmailPrompt } from '@/components/auth/VerifyEmailPrompt';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/verify-email-prompt', 'verify-email-prompt', (locale) => (
  <AccountMessages locale={locale}>
    <VerifyEmailPrompt />
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

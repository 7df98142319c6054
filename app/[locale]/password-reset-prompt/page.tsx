import { AccountMessages } from '@/components/auth/AccountMessages';
import { PasswordResetPrompt } from '@/components/auth/PasswordResetPrompt';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/password-reset-prompt', 'password-reset-prompt', (locale) => (
  <AccountMessages locale={locale}>
    <PasswordResetPrompt />
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { AccountMessages } from '@/components/auth/AccountMessages';
import { PasswordResetRequest } from '@/components/auth/PasswordResetRequest';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/password-reset', 'password-reset', (locale) => (
  <AccountMessages locale={locale}>
    <PasswordResetRequest />
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

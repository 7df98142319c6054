import { AccountMessages } from '@/components/auth/AccountMessages';
import { PasswordResetRequest } from '@/components/auth/PasswordResetRequest';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

const page = introPage('/password-reset', 'password-reset', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <AccountMessages locale={locale}>
      <PasswordResetRequest />
    </AccountMessages>
  </>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { AccountMessages } from '@/components/auth/AccountMessages';
import { PasswordResetPrompt } from '@/components/auth/PasswordResetPrompt';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

const page = introPage('/password-reset-prompt', 'password-reset-prompt', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <AccountMessages locale={locale}>
      <PasswordResetPrompt />
    </AccountMessages>
  </>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

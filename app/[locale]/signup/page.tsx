import { AccountMessages } from '@/components/auth/AccountMessages';
import { SignupWizard } from '@/components/auth/signup/SignupWizard';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

const page = introPage('/signup', 'signup', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <AccountMessages locale={locale}>
      <SignupWizard />
    </AccountMessages>
  </>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

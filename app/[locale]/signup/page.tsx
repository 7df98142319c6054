import { AccountMessages } from '@/components/auth/AccountMessages';
import { SignupWizard } from '@/components/auth/signup/SignupWizard';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/signup', 'signup', (locale) => (
  <AccountMessages locale={locale}>
    <SignupWizard />
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

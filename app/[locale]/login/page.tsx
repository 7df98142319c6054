import { AccountMessages } from '@/components/auth/AccountMessages';
import { LoginForm } from '@/components/auth/LoginForm';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

const page = introPage('/login', 'login', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <AccountMessages locale={locale}>
      <LoginForm />
    </AccountMessages>
  </>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

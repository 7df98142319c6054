import { AccountMessages } from '@/components/auth/AccountMessages';
import { LoginForm } from '@/components/auth/LoginForm';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/login', 'login', (locale) => (
  <AccountMessages locale={locale}>
    <LoginForm />
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { AccountMessages } from '@/components/auth/AccountMessages';
import { ChangePasswordForm } from '@/components/auth/ChangePasswordForm';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { introPage } from '@/components/layout/introPage';

const page = introPage('/change-password', 'change-password', (locale) => (
  <AccountMessages locale={locale}>
    <RequireAuth>
      <ChangePasswordForm />
    </RequireAuth>
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

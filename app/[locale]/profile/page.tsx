import { AccountMessages } from '@/components/auth/AccountMessages';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { introPage } from '@/components/layout/introPage';
import { ProfileView } from '@/components/profile/ProfileView';

const page = introPage('/profile', 'profile', (locale) => (
  <AccountMessages locale={locale}>
    <RequireAuth>
      <ProfileView />
    </RequireAuth>
  </AccountMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

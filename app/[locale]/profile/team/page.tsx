import { RequireAuth } from '@/components/auth/RequireAuth';
import { TeamManager } from '@/components/clinic/team/TeamManager';
import { TeamMessages } from '@/components/clinic/team/TeamMessages';
import { introPage } from '@/components/layout/introPage';

// Administrators only: the API decides (403 otherwise), the page explains to everyone else.
const page = introPage('/profile/team', 'profile-team', (locale) => (
  <TeamMessages locale={locale}>
    <RequireAuth>
      <TeamManager />
    </RequireAuth>
  </TeamMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

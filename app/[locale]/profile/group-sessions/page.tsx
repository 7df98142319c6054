import { RequireAuth } from '@/components/auth/RequireAuth';
import { GroupSessions } from '@/components/clinic/groups/GroupSessions';
import { GroupSessionsMessages } from '@/components/clinic/groups/GroupSessionsMessages';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { introPage } from '@/components/layout/introPage';

// Every employee: a patient sees a short notice, and the API answers 403 anyway.
const page = introPage('/profile/group-sessions', 'profile-group-sessions', (locale) => (
  <GroupSessionsMessages locale={locale}>
    <RequireAuth>
      <StaffOnly>
        <GroupSessions />
      </StaffOnly>
    </RequireAuth>
  </GroupSessionsMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

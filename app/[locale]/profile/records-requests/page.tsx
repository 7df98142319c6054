import { RequireAuth } from '@/components/auth/RequireAuth';
import { RecordsRequests } from '@/components/clinic/records/RecordsRequests';
import { RecordsRequestsMessages } from '@/components/clinic/records/RecordsRequestsMessages';
import { introPage } from '@/components/layout/introPage';

// Administrators only: the API decides (403 otherwise), the page explains to everyone else.
const page = introPage('/profile/records-requests', 'profile-records-requests', (locale) => (
  <RecordsRequestsMessages locale={locale}>
    <RequireAuth>
      <RecordsRequests />
    </RequireAuth>
  </RecordsRequestsMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

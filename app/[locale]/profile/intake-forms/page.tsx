import { RequireAuth } from '@/components/auth/RequireAuth';
import { IntakeList } from '@/components/intake/review/IntakeList';
import { ReviewMessages } from '@/components/intake/review/ReviewMessages';
import { introPage } from '@/components/layout/introPage';

// Employees see every submission, a patient their own: the API decides, the page only lists.
const page = introPage('/profile/intake-forms', 'profile-intake-forms', (locale) => (
  <ReviewMessages locale={locale}>
    <RequireAuth>
      <IntakeList />
    </RequireAuth>
  </ReviewMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { RequireAuth } from '@/components/auth/RequireAuth';
import { ReviewMessages } from '@/components/intake/review/ReviewMessages';
import { introPage } from '@/components/layout/introPage';
import { ProfileView } from '@/components/profile/ProfileView';

// The account texts plus IntakeReview: the profile links to the intake forms.
const page = introPage('/profile', 'profile', (locale) => (
  <ReviewMessages locale={locale} account>
    <RequireAuth>
      <ProfileView />
    </RequireAuth>
  </ReviewMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

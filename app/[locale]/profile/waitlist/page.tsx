import { RequireAuth } from '@/components/auth/RequireAuth';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { Waitlist } from '@/components/clinic/waitlist/Waitlist';
import { WaitlistMessages } from '@/components/clinic/waitlist/WaitlistMessages';
import { introPage } from '@/components/layout/introPage';

// Every employee: a patient sees a short notice, and the API answers 403 anyway.
const page = introPage('/profile/waitlist', 'profile-waitlist', (locale) => (
  <WaitlistMessages locale={locale}>
    <RequireAuth>
      <StaffOnly>
        <Waitlist />
      </StaffOnly>
    </RequireAuth>
  </WaitlistMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

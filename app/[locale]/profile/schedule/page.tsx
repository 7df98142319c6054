import { RequireAuth } from '@/components/auth/RequireAuth';
import { ScheduleMessages } from '@/components/clinic/schedule/ScheduleMessages';
import { ScheduleView } from '@/components/clinic/schedule/ScheduleView';
import { introPage } from '@/components/layout/introPage';

// An employee's own hours and time off: the API answers for the signed-in employee only.
const page = introPage('/profile/schedule', 'profile-schedule', (locale) => (
  <ScheduleMessages locale={locale}>
    <RequireAuth>
      <ScheduleView />
    </RequireAuth>
  </ScheduleMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { RequireAuth } from '@/components/auth/RequireAuth';
import { Agenda } from '@/components/clinic/agenda/Agenda';
import { AgendaMessages } from '@/components/clinic/agenda/AgendaMessages';
import { introPage } from '@/components/layout/introPage';

// The employee's own visits: the API decides who may read them, the page only shows them.
const page = introPage('/profile/agenda', 'profile-agenda', (locale) => (
  <AgendaMessages locale={locale}>
    <RequireAuth>
      <Agenda />
    </RequireAuth>
  </AgendaMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

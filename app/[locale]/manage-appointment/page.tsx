import { ManageAppointment } from '@/components/booking/ManageAppointment';
import { ManageMessages } from '@/components/booking/ManageMessages';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

// Static: the appointment is read in the browser with the link's token (in the fragment, which
// never reaches the server's logs), from the manage API.
const page = introPage('/manage-appointment', 'manage-appointment', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <ManageMessages locale={locale}>
      <ManageAppointment />
    </ManageMessages>
  </>
));

// The page's address carries the link's token: nothing it links to may receive it.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

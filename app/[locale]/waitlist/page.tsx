import { WaitlistMessages } from '@/components/booking/WaitlistMessages';
import { WaitlistPlace } from '@/components/booking/WaitlistPlace';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

// Static: the place on the list is read in the browser with the link's token (in the fragment,
// which never reaches the server's logs), from the waitlist API.
const page = introPage('/waitlist', 'waitlist', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <WaitlistMessages locale={locale}>
      <WaitlistPlace />
    </WaitlistMessages>
  </>
));

// The page's address carries the link's token: nothing it links to may receive it.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

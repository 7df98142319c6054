import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';
import { DataRequest } from '@/components/privacy/DataRequest';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';

// Static: the e-mailed link's token is read in the browser, from the fragment.
const page = introPage('/my-data-request', 'my-data-request', async (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <NextIntlClientProvider locale={locale} timeZone={clinic.timeZone} messages={pickMessages(await getMessages({ locale }), ['DataRequest', 'Auth', 'Forms', 'Validation'])}>
      <DataRequest />
    </NextIntlClientProvider>
  </>
));

// The page's address may carry the link's token: nothing it links to may receive it.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

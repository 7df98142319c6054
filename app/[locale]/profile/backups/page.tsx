import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { RequireAuth } from '@/components/auth/RequireAuth';
import { Backups } from '@/components/clinic/backups/Backups';
import { introPage } from '@/components/layout/introPage';
import { clinic } from '@/lib/clinic';
import { pickMessages } from '@/lib/i18n/pick';

// Administrators only: the API decides (403 otherwise), the page explains to everyone else (issue #39).
const page = introPage('/profile/backups', 'profile-backups', async (locale) => (
  <NextIntlClientProvider locale={locale} timeZone={clinic.timeZone} messages={pickMessages(await getMessages({ locale }), ['Auth', 'Backups'])}>
    <RequireAuth>
      <Backups />
    </RequireAuth>
  </NextIntlClientProvider>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

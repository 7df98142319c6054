import { getTranslations } from 'next-intl/server';
import { NotFoundScreen } from '@/components/error/NotFoundScreen';
import { SiteDocument } from '@/components/layout/SiteDocument';

/**
 * Addresses the middleware does not see (files such as /missing.txt) end here, in English.
 * It stays static: a dynamic not-found sends an empty body in Next 16.4.
 */
export default async function RootNotFound() {
  const t = await getTranslations({ locale: 'en', namespace: 'ErrorScreen' });
  return (
    <SiteDocument locale="en">
      <NotFoundScreen pathMessage={t.raw('notFoundPath') as string} />
    </SiteDocument>
  );
}

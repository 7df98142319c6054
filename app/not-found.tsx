import { NotFoundScreen } from '@/components/error/NotFoundScreen';
import { SiteDocument } from '@/components/layout/SiteDocument';

/**
 * Addresses the middleware does not see (files such as /missing.txt) end here, in English.
 * It stays static: a dynamic not-found sends an empty body in Next 16.4.
 */
export default function RootNotFound() {
  return (
    <SiteDocument locale="en">
      <NotFoundScreen />
    </SiteDocument>
  );
}

import { RequireAuth } from '@/components/auth/RequireAuth';
import { IntakeDetail } from '@/components/intake/review/IntakeDetail';
import { ReviewMessages } from '@/components/intake/review/ReviewMessages';
import { introPage } from '@/components/layout/introPage';

// Any id reaches the page; the API answers 404 for one that does not exist or is not the reader's.
export const dynamicParams = true;

const page = introPage('/profile/intake-forms/[id]', 'profile-intake-forms-id', (locale, params) => (
  <ReviewMessages locale={locale} answers>
    <RequireAuth>
      <IntakeDetail key={params.id} id={params.id ?? ''} />
    </RequireAuth>
  </ReviewMessages>
));

// The address names a submission: no request from this page may carry it as a referrer.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

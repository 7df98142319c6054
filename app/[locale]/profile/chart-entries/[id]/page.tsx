import { RequireAuth } from '@/components/auth/RequireAuth';
import { ChartMessages } from '@/components/clinic/chart/ChartMessages';
import { EntryEditor } from '@/components/clinic/chart/EntryEditor';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { introPage } from '@/components/layout/introPage';

// Any id reaches the page; the API answers 404 for one that names no entry.
export const dynamicParams = true;

const page = introPage('/profile/chart-entries/[id]', 'profile-chart-entries-id', (locale, params) => (
  <ChartMessages locale={locale}>
    <RequireAuth>
      <StaffOnly>
        <EntryEditor key={params.id} id={params.id ?? ''} />
      </StaffOnly>
    </RequireAuth>
  </ChartMessages>
));

// The address names an entry of someone's chart: no request from this page may carry it as a referrer.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

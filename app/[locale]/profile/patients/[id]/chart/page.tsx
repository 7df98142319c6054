import { RequireAuth } from '@/components/auth/RequireAuth';
import { ChartMessages } from '@/components/clinic/chart/ChartMessages';
import { ChartPage } from '@/components/clinic/chart/ChartPage';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { introPage } from '@/components/layout/introPage';

// Any id reaches the page; the API answers 404 for one that is no patient, 403 outside the circle of care.
export const dynamicParams = true;

const page = introPage('/profile/patients/[id]/chart', 'profile-patients-id-chart', (locale, params) => (
  <ChartMessages locale={locale}>
    <RequireAuth>
      <StaffOnly>
        <ChartPage key={params.id} patientId={params.id ?? ''} />
      </StaffOnly>
    </RequireAuth>
  </ChartMessages>
));

// The address names a patient: no request from this page may carry it as a referrer.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

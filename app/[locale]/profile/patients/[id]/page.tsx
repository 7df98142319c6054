import { RequireAuth } from '@/components/auth/RequireAuth';
import { PatientDetail } from '@/components/clinic/patients/PatientDetail';
import { PatientsMessages } from '@/components/clinic/patients/PatientsMessages';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { introPage } from '@/components/layout/introPage';

// Any id reaches the page; the API answers 404 for one that is not an active patient.
export const dynamicParams = true;

const page = introPage('/profile/patients/[id]', 'profile-patients-id', (locale, params) => (
  <PatientsMessages locale={locale} appointments>
    <RequireAuth>
      <StaffOnly>
        <PatientDetail key={params.id} id={params.id ?? ''} />
      </StaffOnly>
    </RequireAuth>
  </PatientsMessages>
));

// The address names a patient: no request from this page may carry it as a referrer.
export async function generateMetadata(props: Parameters<typeof page.generateMetadata>[0]) {
  return { ...(await page.generateMetadata(props)), referrer: 'no-referrer' as const };
}
export default page.Page;

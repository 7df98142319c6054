import { RequireAuth } from '@/components/auth/RequireAuth';
import { PatientList } from '@/components/clinic/patients/PatientList';
import { PatientsMessages } from '@/components/clinic/patients/PatientsMessages';
import { StaffOnly } from '@/components/clinic/patients/StaffOnly';
import { introPage } from '@/components/layout/introPage';

// Employees only: a patient sees a short notice, and the API answers 403 anyway.
const page = introPage('/profile/patients', 'profile-patients', (locale) => (
  <PatientsMessages locale={locale}>
    <RequireAuth>
      <StaffOnly>
        <PatientList />
      </StaffOnly>
    </RequireAuth>
  </PatientsMessages>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

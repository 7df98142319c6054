import { IntakeForm } from '@/components/intake/form/IntakeForm';
import { IntakeMessages } from '@/components/intake/form/IntakeMessages';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';

// The page is static; the form runs in the browser (its draft is kept there) against /api/intake.
const page = introPage('/patient-form', 'patient-form', (locale) => (
  <>
    <ScriptsNeeded locale={locale} />
    <IntakeMessages locale={locale}>
      <IntakeForm />
    </IntakeMessages>
  </>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { introPage } from '@/components/layout/introPage';

const page = introPage('/patient-form', 'patient-form');
export const generateMetadata = page.generateMetadata;
export default page.Page;

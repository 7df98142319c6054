import { introPage } from '@/components/layout/introPage';

const page = introPage('/signup/employee', 'signup-employee');
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { introPage } from '@/components/layout/introPage';

const page = introPage('/change-password', 'change-password');
export const generateMetadata = page.generateMetadata;
export default page.Page;

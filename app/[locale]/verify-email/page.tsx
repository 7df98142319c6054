import { introPage } from '@/components/layout/introPage';

const page = introPage('/verify-email', 'verify-email');
export const generateMetadata = page.generateMetadata;
export default page.Page;

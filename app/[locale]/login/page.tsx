import { introPage } from '@/components/layout/introPage';

const page = introPage('/login', 'login');
export const generateMetadata = page.generateMetadata;
export default page.Page;

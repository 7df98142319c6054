import { introPage } from '@/components/layout/introPage';

const page = introPage('/profile', 'profile');
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { introPage } from '@/components/layout/introPage';

const page = introPage('/signup', 'signup');
export const generateMetadata = page.generateMetadata;
export default page.Page;

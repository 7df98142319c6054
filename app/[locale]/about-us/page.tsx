import { introPage } from '@/components/layout/introPage';

const page = introPage('/about-us', 'about-us');
export const generateMetadata = page.generateMetadata;
export default page.Page;

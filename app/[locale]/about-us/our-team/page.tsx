import { introPage } from '@/components/layout/introPage';

const page = introPage('/about-us/our-team', 'about-us-our-team');
export const generateMetadata = page.generateMetadata;
export default page.Page;

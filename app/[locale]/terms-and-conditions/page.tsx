import { introPage } from '@/components/layout/introPage';

const page = introPage('/terms-and-conditions', 'terms-and-conditions');
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { introPage } from '@/components/layout/introPage';

const page = introPage('/contact-us', 'contact-us');
export const generateMetadata = page.generateMetadata;
export default page.Page;

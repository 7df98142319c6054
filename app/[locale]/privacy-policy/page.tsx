import { introPage } from '@/components/layout/introPage';

const page = introPage('/privacy-policy', 'privacy-policy');
export const generateMetadata = page.generateMetadata;
export default page.Page;

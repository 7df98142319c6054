import { introPage } from '@/components/layout/introPage';

const page = introPage('/quick-bites', 'quick-bites');
export const generateMetadata = page.generateMetadata;
export default page.Page;

import { introPage } from '@/components/layout/introPage';

const page = introPage('/password-reset', 'password-reset');
export const generateMetadata = page.generateMetadata;
export default page.Page;

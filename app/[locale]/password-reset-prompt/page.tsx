import { introPage } from '@/components/layout/introPage';

const page = introPage('/password-reset-prompt', 'password-reset-prompt');
export const generateMetadata = page.generateMetadata;
export default page.Page;

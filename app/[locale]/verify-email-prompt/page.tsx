import { introPage } from '@/components/layout/introPage';

const page = introPage('/verify-email-prompt', 'verify-email-prompt');
export const generateMetadata = page.generateMetadata;
export default page.Page;
